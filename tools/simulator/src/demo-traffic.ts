import { S2S_MAX_AGE_MS } from '@veracity/contracts/s2s';
import { simulateTraffic } from './model/traffic-model.js';
import { sendVisits } from './send-visits.js';
import type { SimulationSummary } from './simulation-summary.js';
import { type InjectTarget, injectTransport } from './transport.js';

/**
 * The server's first-start demo traffic: 30 days of the traffic model (people and several kinds of
 * bots) for one account, sent into the app in the same process through its public S2S endpoints, so
 * every hit is validated, enriched, assessed and stored exactly as a customer's would be. Ids are
 * fixed by the seed: a run interrupted and run again is answered "duplicate" for what was stored.
 */

export const DEMO_TRAFFIC_DAYS = 30;
export const DEMO_VISITS_PER_DAY = 150;
/** Visits in flight at once: enough for the collector to group its commits. */
const DEMO_CONCURRENCY = 64;
/**
 * The S2S endpoints refuse events older than 30 days by their own clock: the oldest visit starts this
 * long after that limit, so it is still accepted when its turn comes (visits go oldest first).
 */
const DEMO_AGE_MARGIN_MS = 3_600_000;

export interface DemoTrafficOptions {
  /** The account's API key for the S2S calls. */
  apiKey: string;
  /** The same seed sends the same visits, with the same ids. */
  seed: string;
  days?: number;
  visitsPerDay?: number;
  now?: Date;
  /** Aborted when the server shuts down: the run stops and reports `stopped`. */
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface DemoTrafficResult {
  /** Hits and conversions the endpoints accepted (duplicates of an earlier run included). */
  hits: number;
  conversions: number;
  /** Requests that got no acceptable answer, with the first few messages. */
  failed: number;
  errors: string[];
  /** The run ended early (shutdown, or too many failures in a row); running it again finishes it. */
  stopped: boolean;
}

function accepted(summary: SimulationSummary, table: 'hits' | 'conversions'): number {
  return Object.values(summary[table]).reduce(
    (sum, levels) => sum + levels.low + levels.medium + levels.high,
    0,
  );
}

/** Waits `ms`, or less when the signal aborts (the run then stops before its next request). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Sends one account's demo traffic into `app` (a Fastify instance: its `inject`). */
export async function sendDemoTraffic(
  app: InjectTarget,
  options: DemoTrafficOptions,
): Promise<DemoTrafficResult> {
  const now = (options.now ?? new Date()).getTime();
  const days = options.days ?? DEMO_TRAFFIC_DAYS;
  const from = Math.max(now - days * 86_400_000, now - S2S_MAX_AGE_MS + DEMO_AGE_MARGIN_MS);
  const visits = simulateTraffic({
    seed: options.seed,
    from: new Date(from),
    // A minute before now: the endpoints refuse times ahead of their clock.
    to: new Date(now - 60_000),
    visits: days * (options.visitsPerDay ?? DEMO_VISITS_PER_DAY),
  });
  const { summary, stopped } = await sendVisits(visits, {
    transport: injectTransport(app),
    sleep: (ms) => pause(ms, options.signal),
    log: options.log ?? (() => {}),
    apiKey: options.apiKey,
    concurrency: DEMO_CONCURRENCY,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return {
    hits: accepted(summary, 'hits'),
    conversions: accepted(summary, 'conversions'),
    failed: summary.failed,
    errors: summary.errors,
    stopped: stopped !== null,
  };
}
