import type { GoogleCampaignTag } from './model/google-campaigns.js';
import { type SimulatedVisit, simulateTraffic } from './model/traffic-model.js';
import { sendTimeline } from './send-timeline.js';
import type { SimulationSummary } from './simulation-summary.js';
import { type InjectTarget, injectTransport } from './transport.js';

/**
 * The server's first-start demo history: 30 days of the traffic model (people and several kinds of
 * bots) for each account, sent into an app in the same process through its public S2S endpoints,
 * so every hit is validated, enriched, assessed and stored exactly as a customer's would be. The app
 * runs on a clock the run moves (`advanceTo`): it starts 30 days back, and each event is sent when
 * the clock reaches its time, with no time of its own, so the server stamps it with its clock's now.
 * Ids are fixed by the seed: a run interrupted and run again is answered "duplicate" for what was
 * stored.
 */

export const DEMO_TRAFFIC_DAYS = 30;
export const DEMO_VISITS_PER_DAY = 150;
const DAY_MS = 86_400_000;
/** The last visit ends this long before the end of the history. */
const END_MARGIN_MS = 60_000;

/** One account of the demo history and what shapes its traffic. */
export interface DemoAccount {
  /** The API key of its S2S calls. */
  apiKey: string;
  /** The seed of its traffic. */
  seed: string;
  /** Its public sensor key: the sensor's exclusion firings are reported with it (`exclusionPath`). */
  sensorKey?: string;
  /** The Google Ads campaigns its Google clicks come from (model/google-campaigns.ts). */
  googleCampaigns?: readonly GoogleCampaignTag[];
  /** Its own visits a day, instead of the run's (a lighter account). */
  visitsPerDay?: number;
  /** Its share of bot visits, instead of the model's default. */
  botShare?: number;
}

export interface DemoTrafficOptions {
  accounts: readonly DemoAccount[];
  /** The start of the history: where the receiving app's clock stands when the run begins. */
  from: Date;
  days?: number;
  visitsPerDay?: number;
  /**
   * Moves the receiving app's clock forward to `at` (running what falls due on the way): called
   * before the events of each instant, and with the end of the history last.
   */
  advanceTo: (at: Date) => Promise<void>;
  /** Aborted when the server shuts down: the run stops and reports `stopped`. */
  signal?: AbortSignal;
  log?: (line: string) => void;
  /** The collector's sensor event path: the sensor's exclusion firings are reported there (send-timeline.ts). */
  exclusionPath?: string;
}

export interface DemoTrafficResult {
  /** Hits and conversions the endpoints accepted (duplicates of an earlier run included). */
  hits: number;
  conversions: number;
  /** Exclusion firings the sensor reported (page views answered high risk that ran the sensor). */
  exclusions: number;
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

/**
 * The visits of one account's demo history: the same for the same account and options, so the
 * server can read the Google clicks it will send (the Google Ads fake's daily metrics) beforehand.
 */
export function demoVisits(
  account: Pick<DemoAccount, 'seed' | 'googleCampaigns' | 'visitsPerDay' | 'botShare'>,
  options: Pick<DemoTrafficOptions, 'from' | 'days' | 'visitsPerDay'>,
): SimulatedVisit[] {
  const from = options.from.getTime();
  const days = options.days ?? DEMO_TRAFFIC_DAYS;
  return simulateTraffic({
    seed: account.seed,
    from: new Date(from),
    to: new Date(from + days * DAY_MS - END_MARGIN_MS),
    visits: days * (account.visitsPerDay ?? options.visitsPerDay ?? DEMO_VISITS_PER_DAY),
    ...(account.botShare === undefined ? {} : { botShare: account.botShare }),
    ...(account.googleCampaigns ? { googleCampaigns: account.googleCampaigns } : {}),
  });
}

/** Sends the accounts' demo history into `app` (a Fastify instance: its `inject`). */
export async function sendDemoTraffic(
  app: InjectTarget,
  options: DemoTrafficOptions,
): Promise<DemoTrafficResult> {
  const from = options.from.getTime();
  const days = options.days ?? DEMO_TRAFFIC_DAYS;
  const to = from + days * DAY_MS;
  const accounts = options.accounts.map((account) => ({
    apiKey: account.apiKey,
    visits: demoVisits(account, options),
    ...(account.sensorKey ? { sensorKey: account.sensorKey } : {}),
  }));
  const { summary, stopped } = await sendTimeline(accounts, {
    ...(options.exclusionPath ? { exclusionPath: options.exclusionPath } : {}),
    transport: injectTransport(app),
    sleep: (ms) => pause(ms, options.signal),
    log: options.log ?? (() => {}),
    advanceTo: options.advanceTo,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (stopped === null) await options.advanceTo(new Date(to));
  return {
    hits: accepted(summary, 'hits'),
    conversions: accepted(summary, 'conversions'),
    exclusions: summary.exclusions,
    failed: summary.failed,
    errors: summary.errors,
    stopped: stopped !== null,
  };
}
