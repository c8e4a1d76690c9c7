import path from 'node:path';
import { ipIntelligence } from '@veracity/detection/ip/create-ip-intelligence';
import { InProcessRecentActivity } from '@veracity/detection/recent-activity';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Stores } from '../storage/open-stores.js';
import { AccountDirectory, type AccountDirectoryOptions } from './account-directory.js';
import { BatchWriter, type BatchWriterOptions } from './batch-writer.js';
import { type IngestRateLimits, ingestRoutes } from './ingest.routes.js';
import { IngestPipeline } from './pipeline.js';

export interface IngestOptions {
  rateLimits: IngestRateLimits;
  sensorPath: string;
  writer?: BatchWriterOptions;
  accounts?: AccountDirectoryOptions;
}

export interface Ingest {
  pipeline: IngestPipeline;
  writer: BatchWriter;
  accounts: AccountDirectory;
  routes: FastifyPluginAsyncZod;
  /** Settles once the running visits are read back (or could not be): wait for it before the store closes. */
  sessionsRestored: Promise<void>;
}

/** The folder of the ingestion journal, inside DATA_DIR. */
export const INGEST_JOURNAL_DIR = 'ingest-journal';

/**
 * The ingestion pipeline over the stores, and its public routes. The writer's journal is recovered
 * (events acknowledged before a crash loaded into the store) before this resolves; the visits that
 * were running are then read back from the store in the background, and hits wait for them.
 */
export async function createIngest(
  stores: Stores,
  dataDir: string,
  log: FastifyBaseLogger | undefined,
  options: IngestOptions,
): Promise<Ingest> {
  const writer = new BatchWriter(stores.events, path.join(dataDir, INGEST_JOURNAL_DIR), options.writer, log);
  await writer.open();
  const accounts = new AccountDirectory(stores.accounts.db, options.accounts);
  const pipeline = new IngestPipeline({
    store: stores.events,
    writer,
    accounts,
    ipIntelligence: ipIntelligence(),
    activity: new InProcessRecentActivity(),
  });
  // Visits running when the server stopped go on, with their counts: hits wait for the read.
  const restoring = performance.now();
  const sessionsRestored = pipeline.restoreSessions().then(
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
  return {
    pipeline,
    writer,
    accounts,
    sessionsRestored,
    routes: ingestRoutes({
      pipeline,
      writer,
      accounts,
      rateLimits: options.rateLimits,
      sensorPath: options.sensorPath,
    }),
  };
}
