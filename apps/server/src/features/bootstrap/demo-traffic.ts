import { DEMO_TRAFFIC_DAYS, type DemoAccount, sendDemoTraffic } from '@veracity/simulator/demo-traffic';
import type { InjectTarget } from '@veracity/simulator/transport';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createApiKey, deleteApiKey, listApiKeys } from '../../accounts/api-keys.js';
import type { VirtualClock } from '../../jobs/clock.js';
import { getMeta, setMeta } from '../../storage/oltp/app-meta.repo.js';
import type { Database } from '../../storage/oltp/schema.js';
import { findRelationship } from '../account/relationships.repo.js';
import { addDemoAlerts } from './demo-alerts.js';
import {
  type ClickInjectTarget,
  type DemoFirewall,
  demoFirewallPlayer,
  prepareDemoFirewall,
} from './demo-firewall.js';
import { demoPeerTraffic } from './demo-peers.js';

/** app_meta key: the seeded relationships waiting for their demo traffic, or `done`. */
export const DEMO_TRAFFIC_META = 'demo_traffic';
/** The API key the demo traffic sends with while it runs; removed when it is done. */
export const DEMO_TRAFFIC_KEY_NAME = 'Demo traffic (first start)';
/**
 * The demo history runs the jobs once every virtual hour, this long past the hour: hourly alert
 * windows have ended and their evaluation delay has passed, as when a server checks them then.
 */
export const DEMO_JOBS_EVERY_MS = 3_600_000;
export const DEMO_JOBS_PAST_THE_HOUR_MS = 5 * 60_000;

const DAY_MS = 86_400_000;

/** Marks the first-start relationships as due for demo traffic (idempotent runs finish it later). */
export async function scheduleDemoTraffic(
  db: Kysely<Database>,
  relationshipIds: readonly number[],
): Promise<void> {
  await setMeta(db, DEMO_TRAFFIC_META, JSON.stringify(relationshipIds));
}

/** Whether relationships wait for their demo traffic (scheduled at first start, not done yet). */
export async function demoTrafficDue(db: Kysely<Database>): Promise<boolean> {
  return (await scheduledDemoTraffic(db)) !== undefined;
}

/** The relationships waiting for their demo traffic, or undefined when none wait. */
export async function scheduledDemoTraffic(db: Kysely<Database>): Promise<number[] | undefined> {
  const scheduled = await getMeta(db, DEMO_TRAFFIC_META);
  return scheduled === undefined || scheduled === 'done' ? undefined : (JSON.parse(scheduled) as number[]);
}

/** Where the demo history starts: its days before `now`. */
export function demoHistoryStart(now = new Date(), days = DEMO_TRAFFIC_DAYS): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export interface DemoTrafficTarget {
  /** The app the history goes into through its public S2S endpoints (`inject`); it runs on `clock`. */
  app: InjectTarget;
  /** The app's clock (its ingestion and its jobs read it), standing at the start of the history. */
  clock: VirtualClock;
  /** Resolves once what the endpoints acknowledged is in the event store. */
  settle: () => Promise<void>;
  /**
   * Runs the app's jobs due at the clock's time, and waits for them; the jobs must read what the app
   * acknowledged so far (the seed app's store settles before their queries, `demo-seed.ts`).
   */
  runJobs: () => Promise<void>;
  /** Aborted at shutdown: the run stops, and the next start runs it again. */
  signal?: AbortSignal;
}

export interface DemoTrafficTotals {
  hits: number;
  conversions: number;
  exclusions: number;
  /** The firewall's clicks sent and conversions the postback endpoint accepted (when it played). */
  firewallClicks?: number;
  firewallConversions?: number;
}

/** The seed of an account's simulated traffic: the same history at every run. */
export function demoTrafficSeed(relationshipId: number): string {
  return `demo-${relationshipId}`;
}

/** Removes the demo key an interrupted run left behind. */
async function removeDemoKeys(db: Kysely<Database>, relationshipId: number): Promise<void> {
  for (const key of await listApiKeys(db, relationshipId))
    if (key.name === DEMO_TRAFFIC_KEY_NAME) await deleteApiKey(db, relationshipId, key.id);
}

/**
 * Moves the clock to a time, running the jobs at each virtual hour passed on the way (everything sent
 * before has been answered; the target's jobs read what was acknowledged).
 */
function clockDriver(target: DemoTrafficTarget): (at: Date) => Promise<void> {
  const { clock } = target;
  const first = clock.now().getTime() - DEMO_JOBS_PAST_THE_HOUR_MS;
  let nextJobs =
    (Math.floor(first / DEMO_JOBS_EVERY_MS) + 1) * DEMO_JOBS_EVERY_MS + DEMO_JOBS_PAST_THE_HOUR_MS;
  return async (at) => {
    while (nextJobs <= at.getTime()) {
      if (target.signal?.aborted) return;
      clock.set(new Date(nextJobs));
      await target.runJobs();
      nextJobs += DEMO_JOBS_EVERY_MS;
    }
    clock.set(at);
  };
}

/**
 * Fills the relationships scheduled at first start with 30 days of history: simulated traffic
 * (people and several kinds of bots) from the traffic simulator (tools/simulator) sent through the
 * app's own S2S endpoints, with an API key created for the run and removed after it (and, for page
 * views that ran the sensor and were answered high risk, the sensor's exclusion firings through the
 * collector, with the account's sensor key), while the app's
 * clock moves from 30 days back to now and its jobs run every virtual hour. Every hit is validated,
 * enriched, assessed and stored as a customer's would be, stamped with the clock's time when it
 * arrived, and the demo alerts (`demo-alerts.ts`) are evaluated and fire as they would have. Ids are
 * fixed by the seed: an interrupted run is simply run again at the next start, and what was stored
 * already is recognised as duplicates (and alert windows already evaluated are not evaluated again).
 */
export async function runScheduledDemoTraffic(
  db: Kysely<Database>,
  target: DemoTrafficTarget,
  log: FastifyBaseLogger,
  options: {
    days?: number;
    visitsPerDay?: number;
    /** The collector's sensor event path: the sensor's exclusion firings are reported there. */
    exclusionPath?: string;
    /** What shapes an account's traffic beyond its seed (the demo's Google Ads campaigns). */
    traffic?: ReadonlyMap<number, Pick<DemoAccount, 'googleCampaigns'>>;
    /**
     * The firewall's part of the history, for the accounts that have the firewall (demo-firewall.ts):
     * clicks and conversion postbacks sent into `app` from the visitors' addresses.
     */
    firewall?: {
      app: ClickInjectTarget;
      sensorPath: string;
      /** Where the demo traffic sources' postbacks go, or null for none. */
      postbackOrigin: string | null;
      clicksPerDay?: number;
    };
  } = {},
): Promise<DemoTrafficTotals | undefined> {
  const relationshipIds = await scheduledDemoTraffic(db);
  if (relationshipIds === undefined) return undefined;
  const started = Date.now();
  const from = target.clock.now();
  const accounts: (DemoAccount & { relationshipId: number; keyId: number })[] = [];
  const firewalls: DemoFirewall[] = [];
  for (const relationshipId of relationshipIds) {
    await removeDemoKeys(db, relationshipId);
    let peer: ReturnType<typeof demoPeerTraffic>;
    try {
      const key = await createApiKey(db, relationshipId, null, DEMO_TRAFFIC_KEY_NAME);
      const relationship = await findRelationship(db, relationshipId);
      // The demo's anonymous peers: lighter traffic of their own, no alerts, no firewall.
      peer = relationship && demoPeerTraffic(relationship);
      accounts.push({
        relationshipId,
        keyId: key.id,
        apiKey: key.key,
        seed: demoTrafficSeed(relationshipId),
        ...(relationship?.sensorKey ? { sensorKey: relationship.sensorKey } : {}),
        ...options.traffic?.get(relationshipId),
        ...peer,
      });
    } catch (error) {
      // The relationship was deleted since it was scheduled.
      log.warn({ err: error, relationshipId }, 'demo traffic: no key for the account, skipped');
      continue;
    }
    if (peer) continue;
    await addDemoAlerts(db, relationshipId, from);
    const firewall =
      options.firewall && (await prepareDemoFirewall(db, relationshipId, options.firewall.postbackOrigin));
    if (firewall) firewalls.push(firewall);
  }
  const days = options.days ?? DEMO_TRAFFIC_DAYS;
  const player =
    options.firewall && firewalls.length > 0
      ? demoFirewallPlayer(firewalls, options.firewall.app, {
          sensorPath: options.firewall.sensorPath,
          from,
          to: new Date(from.getTime() + days * DAY_MS),
          ...(target.signal ? { signal: target.signal } : {}),
          ...(options.firewall.clicksPerDay === undefined
            ? {}
            : { clicksPerDay: options.firewall.clicksPerDay }),
        })
      : undefined;
  const driver = clockDriver(target);
  // The firewall's clicks and postbacks go in between the other events, each when the clock reaches it.
  const advanceTo = player
    ? async (at: Date) => {
        await player.playUntil(at, driver);
        await driver(at);
      }
    : driver;
  let sent: Awaited<ReturnType<typeof sendDemoTraffic>>;
  try {
    sent = await sendDemoTraffic(target.app, {
      accounts,
      from,
      ...(options.days === undefined ? {} : { days: options.days }),
      ...(options.visitsPerDay === undefined ? {} : { visitsPerDay: options.visitsPerDay }),
      ...(options.exclusionPath ? { exclusionPath: options.exclusionPath } : {}),
      advanceTo,
      ...(target.signal ? { signal: target.signal } : {}),
    });
  } finally {
    // At shutdown the stores are closing: the next start removes the keys before its run.
    if (!target.signal?.aborted)
      for (const account of accounts) await deleteApiKey(db, account.relationshipId, account.keyId);
  }
  if (target.signal?.aborted) return undefined;
  if (sent.stopped || sent.failed > 0)
    throw new Error(`${sent.failed} requests of the demo traffic failed: ${sent.errors.join('; ')}`);
  if (player && player.totals.failed > 0)
    log.warn({ ...player.totals, errors: player.errors }, 'demo traffic: firewall requests failed');
  await target.settle();
  await setMeta(db, DEMO_TRAFFIC_META, 'done');
  const totals = {
    hits: sent.hits,
    conversions: sent.conversions,
    exclusions: sent.exclusions,
    ...(player
      ? { firewallClicks: player.totals.clicks, firewallConversions: player.totals.conversions }
      : {}),
  };
  log.info({ ...totals, seconds: Math.round((Date.now() - started) / 1000) }, 'demo traffic stored');
  return totals;
}
