import { sensorEventPath } from '@veracity/contracts/collect';
import type { FakeGoogle } from '@veracity/fakes/google-ads/start-fake-google';
import type { FakeService } from '@veracity/fakes/kit/fake-service';
import type { InjectTarget } from '@veracity/simulator/transport';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, UNLOGGED_REQUEST_HEADER } from './app.js';
import type { Config } from './config.js';
import { refreshBenchmark } from './features/benchmark/benchmark-refresh.js';
import { startDemoGoogleAds } from './features/bootstrap/demo-google-ads.js';
import { startDemoPostbackReceiver } from './features/bootstrap/demo-postbacks.js';
import {
  type DemoTrafficTotals,
  demoHistoryStart,
  runScheduledDemoTraffic,
  scheduledDemoTraffic,
} from './features/bootstrap/demo-traffic.js';
import { VirtualClock } from './jobs/clock.js';
import type { EventStore } from './storage/events/event-store.js';
import type { Stores } from './storage/open-stores.js';

export interface DemoSeedOptions {
  /** Aborted at shutdown: the run stops and the seed app closes; the next start runs it again. */
  signal?: AbortSignal;
  /** Marks the seed's requests so the request log leaves them out (`BuildOptions.unloggedRequestToken`). */
  unloggedRequestToken?: string;
  /** The end of the history (default: now). */
  now?: Date;
  days?: number;
  visitsPerDay?: number;
  /** What the history is sent through, around the seed app's inject (tests record the requests). */
  through?: (app: InjectTarget) => InjectTarget;
  /** Called with the seed app's clock once the app is built (tests read it as requests arrive). */
  onClock?: (clock: VirtualClock) => void;
  /** Called with the demo's Google fake when the run starts one (tests read its state afterwards). */
  onGoogle?: (google: FakeGoogle) => void;
  /** Firewall clicks per day of each account with the firewall (default DEMO_FIREWALL_CLICKS_PER_DAY). */
  firewallClicksPerDay?: number;
  /** Called with the demo traffic sources' postback receiver when the run starts one. */
  onPostbackReceiver?: (receiver: FakeService) => void;
}

/** The store, whose queries first wait for `settle` (the seed app's writer draining). */
function readingAcknowledged(store: EventStore, settle: () => Promise<void>): EventStore {
  return new Proxy(store, {
    get(target, key) {
      if (key === 'query') {
        const query: EventStore['query'] = async (analytics) => {
          await settle();
          return target.query(analytics);
        };
        return query;
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The first start's demo history (`features/bootstrap/demo-traffic.ts`), in an app instance of its
 * own over the same stores: the real pipeline and the real jobs, on a virtual clock that starts 30
 * days back and that the run moves forward, so nothing is backdated relative to the clock the seed
 * app runs on, and alerts fire on the days they would have. The server's own app keeps the system
 * clock throughout and answers at once; main.ts starts its job scheduler only after the seed (one
 * scheduler at a time claims the jobs' windows). The seed app appends to the stores' one journal and
 * has no SMTP: the mails of past alert firings stay in the outbox.
 * Outside production the demo account's Google Ads is part of the history: a fake of Google in this
 * process for the run, the demo linked to it through the real OAuth round trip, the seed app's Google
 * config and jobs pointed at it (`features/bootstrap/demo-google-ads.ts`).
 * Does nothing when no demo history is due.
 */
export async function runDemoSeed(
  config: Config,
  stores: Stores,
  log: FastifyBaseLogger,
  options: DemoSeedOptions = {},
): Promise<DemoTrafficTotals | undefined> {
  const scheduled = await scheduledDemoTraffic(stores.accounts.db);
  if (scheduled === undefined) return undefined;
  const clock = new VirtualClock(demoHistoryStart(options.now, options.days));
  options.onClock?.(clock);
  const token = options.unloggedRequestToken;
  const history = {
    ...(options.days === undefined ? {} : { days: options.days }),
    ...(options.visitsPerDay === undefined ? {} : { visitsPerDay: options.visitsPerDay }),
  };
  // The demo account's Google Ads: a fake of Google for the length of the run (never in production).
  const google = await startDemoGoogleAds(config, stores.accounts.db, clock, log, scheduled, {
    from: clock.now(),
    ...history,
  });
  if (google) options.onGoogle?.(google.google);
  // The demo traffic sources' postback receiver (never in production: there they have no postback URL).
  const postbacks = await startDemoPostbackReceiver(config);
  if (postbacks) options.onPostbackReceiver?.(postbacks.receiver);
  try {
    const seedConfig: Config = {
      ...(google?.config ?? config),
      ...(postbacks ? { outbound: postbacks.outbound } : {}),
      smtpUrl: undefined,
      // The benchmark is computed once, at the end of the history, rather than every virtual hour.
      benchmarkRefreshMinutes: 0,
    };
    const app = await buildApp(seedConfig, stores, {
      clock,
      ...(token ? { unloggedRequestToken: token } : {}),
      ...(google ? { googleAds: { syncDemoAccounts: true } } : {}),
    });
    // Its jobs read what its ingestion acknowledged: the writer moves that into the store before each
    // of their queries, as a running server's loader would have by then. A job that reads nothing (an
    // hour with no alert window ending) costs no load.
    const events = readingAcknowledged(stores.events, () => stores.journal.drain());
    app.alertDeps.events = events;
    try {
      // The demo's Google Ads is a part of its history: when it fails, the rest is still played.
      await google
        ?.link()
        .catch((error: unknown) => log.warn({ err: error }, 'demo google ads: linking failed'));
      const inject: InjectTarget = {
        inject: (request) =>
          app.inject({
            ...request,
            headers: token ? { ...request.headers, [UNLOGGED_REQUEST_HEADER]: token } : request.headers,
          }),
      };
      const stored = await runScheduledDemoTraffic(
        stores.accounts.db,
        {
          app: options.through ? options.through(inject) : inject,
          clock,
          settle: () => stores.journal.drain(),
          runJobs: async () => {
            if (google) {
              google.publishMetrics(clock.now());
              // The exclusion sync reads the event store directly: what was acknowledged goes in first.
              await stores.journal.drain();
            }
            await app.jobs.tick();
            await app.jobs.idle();
          },
          ...(options.signal ? { signal: options.signal } : {}),
        },
        log,
        {
          ...history,
          exclusionPath: sensorEventPath(config.sensorPath),
          ...(google ? { traffic: new Map([[google.relationshipId, google.account]]) } : {}),
          firewall: {
            // The visitors' and the advertiser's addresses are the connections' (no proxy in between).
            app: {
              inject: (request) =>
                app.inject({
                  ...request,
                  headers: token ? { ...request.headers, [UNLOGGED_REQUEST_HEADER]: token } : request.headers,
                }),
            },
            sensorPath: config.sensorPath,
            postbackOrigin: postbacks?.origin ?? null,
            ...(options.firewallClicksPerDay === undefined
              ? {}
              : { clicksPerDay: options.firewallClicksPerDay }),
          },
        },
      );
      if (stored && google)
        await google
          .finish(events)
          .catch((error: unknown) => log.warn({ err: error }, 'demo google ads: last cost import failed'));
      // The industry benchmark of the history's days, so that the demo's page shows it at once.
      if (stored)
        await refreshBenchmark({ db: stores.accounts.db, events, log }, clock.now()).catch((error: unknown) =>
          log.warn({ err: error }, 'demo benchmark: refresh failed'),
        );
      return stored;
    } finally {
      await app.close();
    }
  } finally {
    await google?.close();
    await postbacks?.receiver.close();
  }
}
