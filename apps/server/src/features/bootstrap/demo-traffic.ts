import { sendDemoTraffic } from '@veracity/simulator/demo-traffic';
import type { InjectTarget } from '@veracity/simulator/transport';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createApiKey, deleteApiKey, listApiKeys } from '../../accounts/api-keys.js';
import { getMeta, setMeta } from '../../storage/oltp/app-meta.repo.js';
import type { Database } from '../../storage/oltp/schema.js';

/** app_meta key: the seeded relationships waiting for their demo traffic, or `done`. */
export const DEMO_TRAFFIC_META = 'demo_traffic';
/** The API key the demo traffic sends with while it runs; removed when it is done. */
export const DEMO_TRAFFIC_KEY_NAME = 'Demo traffic (first start)';

/** Marks the first-start relationships as due for demo traffic (idempotent runs finish it later). */
export async function scheduleDemoTraffic(
  db: Kysely<Database>,
  relationshipIds: readonly number[],
): Promise<void> {
  await setMeta(db, DEMO_TRAFFIC_META, JSON.stringify(relationshipIds));
}

export interface DemoTrafficTarget {
  /** The running app: the traffic goes in through its public S2S endpoints (`inject`). */
  app: InjectTarget;
  /** Resolves once what the endpoints acknowledged is in the event store. */
  settle: () => Promise<void>;
  /** Aborted at shutdown: the run stops, and the next start runs it again. */
  signal?: AbortSignal;
}

/** Removes the demo key an interrupted run left behind. */
async function removeDemoKeys(db: Kysely<Database>, relationshipId: number): Promise<void> {
  for (const key of await listApiKeys(db, relationshipId))
    if (key.name === DEMO_TRAFFIC_KEY_NAME) await deleteApiKey(db, relationshipId, key.id);
}

/**
 * Fills the relationships scheduled at first start with 30 days of simulated traffic (people and
 * several kinds of bots) from the traffic simulator (tools/simulator), sent through the app's own S2S
 * endpoints with an API key created for the run and removed after it: every hit is validated,
 * enriched, assessed and stored as a customer's would be. Runs after the server listens, so the
 * dashboard comes up at once and fills within a minute. Ids are fixed by the seed: an interrupted run
 * is simply run again at the next start, and what was stored already is recognised as duplicates.
 */
export async function runScheduledDemoTraffic(
  db: Kysely<Database>,
  target: DemoTrafficTarget,
  log: FastifyBaseLogger,
  options: { days?: number; visitsPerDay?: number; now?: Date } = {},
): Promise<{ hits: number; conversions: number } | undefined> {
  const scheduled = await getMeta(db, DEMO_TRAFFIC_META);
  if (scheduled === undefined || scheduled === 'done') return undefined;
  const relationshipIds = JSON.parse(scheduled) as number[];
  const totals = { hits: 0, conversions: 0 };
  const started = Date.now();
  for (const relationshipId of relationshipIds) {
    await removeDemoKeys(db, relationshipId);
    let key: { id: number; key: string };
    try {
      key = await createApiKey(db, relationshipId, null, DEMO_TRAFFIC_KEY_NAME);
    } catch (error) {
      // The relationship was deleted since it was scheduled.
      log.warn({ err: error, relationshipId }, 'demo traffic: no key for the account, skipped');
      continue;
    }
    let sent: Awaited<ReturnType<typeof sendDemoTraffic>>;
    try {
      sent = await sendDemoTraffic(target.app, {
        apiKey: key.key,
        seed: `demo-${relationshipId}`,
        ...options,
        ...(target.signal ? { signal: target.signal } : {}),
      });
    } finally {
      // At shutdown the stores are closing: the next start removes the key before its run.
      if (!target.signal?.aborted) await deleteApiKey(db, relationshipId, key.id);
    }
    if (target.signal?.aborted) return undefined;
    if (sent.stopped || sent.failed > 0)
      throw new Error(
        `${sent.failed} requests failed for account ${relationshipId}: ${sent.errors.join('; ')}`,
      );
    totals.hits += sent.hits;
    totals.conversions += sent.conversions;
  }
  await target.settle();
  await setMeta(db, DEMO_TRAFFIC_META, 'done');
  log.info({ ...totals, seconds: Math.round((Date.now() - started) / 1000) }, 'demo traffic stored');
  return totals;
}
