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
  writer?: BatchWriterOptions;
  accounts?: AccountDirectoryOptions;
}

export interface Ingest {
  pipeline: IngestPipeline;
  writer: BatchWriter;
  accounts: AccountDirectory;
  routes: FastifyPluginAsyncZod;
}

/** The ingestion pipeline over the stores, and its public routes. */
export function createIngest(stores: Stores, log: FastifyBaseLogger, options: IngestOptions): Ingest {
  const writer = new BatchWriter(stores.events, options.writer, log);
  const accounts = new AccountDirectory(stores.accounts.db, options.accounts);
  const pipeline = new IngestPipeline({
    store: stores.events,
    writer,
    accounts,
    ipIntelligence: ipIntelligence(),
    activity: new InProcessRecentActivity(),
  });
  return {
    pipeline,
    writer,
    accounts,
    routes: ingestRoutes({ pipeline, writer, accounts, rateLimits: options.rateLimits }),
  };
}
