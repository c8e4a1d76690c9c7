import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { getMeta, setMeta } from '../../storage/oltp/app-meta.repo.js';
import type { Database } from '../../storage/oltp/schema.js';
import { WriterClosedError } from '../batch-writer.js';
import type { Ingest } from '../create-ingest.js';
import { s2sIncomingConversion, s2sIncomingHit } from '../s2s-events.js';
import { simulateTraffic } from './traffic-model.js';

/** app_meta key: the seeded relationships waiting for their demo traffic, or `done`. */
export const DEMO_TRAFFIC_META = 'demo_traffic';
export const DEMO_TRAFFIC_DAYS = 30;
export const DEMO_VISITS_PER_DAY = 150;
/** Visits fed to the pipeline at once: enough for the writer to group its commits. */
const CONCURRENCY = 64;

/** Marks the first-start relationships as due for demo traffic (idempotent runs finish it later). */
export async function scheduleDemoTraffic(
  db: Kysely<Database>,
  relationshipIds: readonly number[],
): Promise<void> {
  await setMeta(db, DEMO_TRAFFIC_META, JSON.stringify(relationshipIds));
}

/**
 * Fills the relationships scheduled at first start with 30 days of simulated traffic (people and
 * several kinds of bots, see traffic-model.ts) through the real pipeline: every hit is enriched,
 * assessed and stored as a customer's would be. Runs after the server listens, so the dashboard comes
 * up at once and fills within a minute. Ids are fixed by the seed: an interrupted run is simply run
 * again at the next start, and what was stored already is recognised as duplicates.
 */
export async function runScheduledDemoTraffic(
  db: Kysely<Database>,
  ingest: Ingest,
  log: FastifyBaseLogger,
  options: { days?: number; visitsPerDay?: number; now?: Date } = {},
): Promise<{ hits: number; conversions: number } | undefined> {
  const scheduled = await getMeta(db, DEMO_TRAFFIC_META);
  if (scheduled === undefined || scheduled === 'done') return undefined;
  const relationshipIds = JSON.parse(scheduled) as number[];
  const days = options.days ?? DEMO_TRAFFIC_DAYS;
  const now = options.now ?? new Date();
  const totals = { hits: 0, conversions: 0 };
  const started = Date.now();
  try {
    for (const relationshipId of relationshipIds) {
      const account = await ingest.accounts.byRelationshipId(relationshipId);
      if (!account) continue;
      const visits = simulateTraffic({
        seed: `demo-${relationshipId}`,
        from: new Date(now.getTime() - days * 86_400_000),
        to: new Date(now.getTime() - 60_000),
        visits: days * (options.visitsPerDay ?? DEMO_VISITS_PER_DAY),
      });
      let next = 0;
      const worker = async () => {
        for (let visit = visits[next++]; visit; visit = visits[next++]) {
          for (const hit of visit.hits) {
            // A hit of an interrupted run is answered from the store, as a resent S2S id is: it
            // neither counts again in its visit nor changes the visit's verdict.
            await ingest.pipeline.hit(account, s2sIncomingHit(hit, new Date(hit.ts ?? now), undefined));
            totals.hits += 1;
          }
          for (const conversion of visit.conversions) {
            await ingest.pipeline.conversion(
              account,
              s2sIncomingConversion(conversion, new Date(conversion.ts ?? now)),
            );
            totals.conversions += 1;
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    }
  } catch (error) {
    // Shutting down mid-way: the next start runs it again.
    if (error instanceof WriterClosedError) return undefined;
    throw error;
  }
  await ingest.writer.drain();
  await setMeta(db, DEMO_TRAFFIC_META, 'done');
  log.info({ ...totals, seconds: Math.round((Date.now() - started) / 1000) }, 'demo traffic stored');
  return totals;
}
