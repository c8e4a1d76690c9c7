import { ipIntelligence } from '@veracity/detection/ip/create-ip-intelligence';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InProcessRecentActivity } from '../counters/recent-activity.js';
import { createCrmLeadRecorder } from '../crm/hubspot-leads.js';
import { type Clock, systemClock } from '../jobs/clock.js';
import { SharedRecentActivity } from '../shared-state/shared-recent-activity.js';
import { SharedSeenEvents } from '../shared-state/shared-seen-events.js';
import type { Stores } from '../storage/open-stores.js';
import { AccountDirectory, type AccountDirectoryOptions } from './account-directory.js';
import { FirewallPostbacks } from './firewall-postbacks.js';
import { ingestRoutes } from './ingest.routes.js';
import type { IngestRateLimits } from './ingest-admission.js';
import { IngestPipeline } from './pipeline.js';
import { PostbackAuth } from './postback-auth.js';
import { SensorProofs } from './sensor-proof.js';

export interface IngestOptions {
  rateLimits: IngestRateLimits;
  sensorPath: string;
  accounts?: AccountDirectoryOptions;
  /** Where ingestion reads "now" (the system clock unless a test or the demo history injects one). */
  clock?: Clock;
  /**
   * The instance secret (config.secretKey): each account's postback signing secret derives from it,
   * and HubSpot leads' emails are sealed with it. Without it (a harness that serves no postbacks) no
   * signature is accepted and no lead is kept.
   */
  secretKey?: string;
  /** Whether a firewall click is answered once its hit is durable (FIREWALL_WAIT_FOR_SYNC). */
  firewallWaitForSync?: boolean;
}

export interface Ingest {
  pipeline: IngestPipeline;
  accounts: AccountDirectory;
  /** Advertisers' conversion postbacks (what `<SENSOR_PATH>/pb` calls; in-process producers may too). */
  postbacks: FirewallPostbacks;
  routes: FastifyPluginAsyncZod;
  /** Signs the token `s.js` carries and checks the one a page view sends; none without the secret. */
  sensorProofs: SensorProofs | undefined;
  /** The token the script served now carries (by the ingestion clock); none without the secret. */
  currentSensorProof(): string | undefined;
  /** Settles once the running visits are read back (or could not be): wait for it before the store closes. */
  sessionsRestored: Promise<void>;
}

/**
 * The ingestion pipeline over the stores, and its public routes. Events are appended to the event
 * store's journal (`stores.journal`, recovered when the stores opened); the visits that were running
 * are read back from the store in the background, and hits wait for them.
 */
export async function createIngest(
  stores: Stores,
  log: FastifyBaseLogger | undefined,
  options: IngestOptions,
): Promise<Ingest> {
  const clock = options.clock ?? systemClock;
  const writer = stores.journal;
  const accounts = new AccountDirectory(stores.accounts.db, options.accounts);
  const pipeline = new IngestPipeline(
    {
      store: stores.events,
      writer,
      accounts,
      ipIntelligence: ipIntelligence(),
      // Several servers count on the store they share, so a burst split between them is one burst.
      activity: stores.shared ? new SharedRecentActivity(stores.shared) : new InProcessRecentActivity(),
      ...(options.secretKey
        ? { crmLeads: createCrmLeadRecorder(stores.accounts.db, options.secretKey, clock) }
        : {}),
    },
    // A repeated id is answered with its first verdict whichever server stored it.
    { seen: stores.shared ? new SharedSeenEvents(stores.shared) : undefined },
  );
  // Visits running when the server stopped go on, with their counts: hits wait for the read.
  const restoring = performance.now();
  const sessionsRestored = pipeline.restoreSessions(clock.now()).then(
    (restored) =>
      log?.info({ ...restored, ms: Math.round(performance.now() - restoring) }, 'running visits read back'),
    (error: unknown) =>
      log?.warn({ err: error }, 'running visits not read back; visits after the restart start again'),
  );
  if (pipeline.storedIds) {
    // In the background: until the ids are read, S2S ids are looked up in the store.
    const started = performance.now();
    pipeline.storedIds.load().then(
      (read) =>
        read &&
        log?.info(
          { ...read, ms: Math.round(performance.now() - started), bytes: pipeline.storedIds?.bytes },
          'stored event ids read',
        ),
      (error: unknown) =>
        log?.warn({ err: error }, 'stored event ids not read; ids are looked up in the store'),
    );
  }
  const sensorProofs = options.secretKey ? new SensorProofs(options.secretKey) : undefined;
  const postbacks = new FirewallPostbacks({
    pipeline,
    auth: new PostbackAuth(options.secretKey),
    db: stores.accounts.db,
    clock,
  });
  return {
    pipeline,
    accounts,
    postbacks,
    sessionsRestored,
    sensorProofs,
    currentSensorProof: () => sensorProofs?.issue(clock.now().getTime()),
    routes: ingestRoutes({
      pipeline,
      writer,
      accounts,
      rateLimits: options.rateLimits,
      shared: stores.shared,
      sensorPath: options.sensorPath,
      clock,
      postbacks,
      firewallWaitForSync: options.firewallWaitForSync ?? false,
      log,
      sensorProofs,
    }),
  };
}
