// The ingestion pipeline as the collector builds it, driven in-process by the pipeline benches: real
// SQLite and DuckDB stores in a temporary DATA_DIR, the real journal and loader, and page views that
// go through what the route does with a body (JSON.parse, validation) before the pipeline.
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { zSensorEvent } from '@veracity/contracts/collect';
import { DEFAULT_SENSOR_SETTINGS } from '@veracity/contracts/sensor-settings';
import { createIngest, type Ingest } from '../apps/server/src/ingest/create-ingest.js';
import type { IncomingHit } from '../apps/server/src/ingest/incoming-events.js';
import type {
  BatchWriter,
  BatchWriterOptions,
} from '../apps/server/src/storage/events/journal/batch-writer.js';
import { sql } from '../apps/server/src/storage/events/sql.js';
import { openStores, type Stores } from '../apps/server/src/storage/open-stores.js';
import type { PageView } from './page-views.js';

/** The account as the collector resolves it; integrated already, so no accounts write per hit. */
const ACCOUNT = {
  relationshipId: 1,
  planType: 'pro',
  active: true,
  sensorIntegrated: true,
  rules: { ipAllowList: [], ipDenyList: [], excludedDomains: [], appAllowList: [], appDenyList: [] },
  sensor: DEFAULT_SENSOR_SETTINGS,
};

/** The collector's request facts from a page view's headers, as the route reads them. */
function facts(headers: PageView['headers']): IncomingHit['request'] {
  const header = (name: string) => headers[name] ?? null;
  return {
    ip: header('x-forwarded-for') ?? '127.0.0.1',
    userAgent: header('user-agent') ?? '',
    acceptLanguage: header('accept-language'),
    secChUa: header('sec-ch-ua'),
    secChUaMobile: header('sec-ch-ua-mobile'),
    secChUaPlatform: header('sec-ch-ua-platform'),
    secFetchSite: header('sec-fetch-site'),
    secFetchMode: header('sec-fetch-mode'),
    secFetchDest: header('sec-fetch-dest'),
  };
}

export interface PipelineHarness {
  ingest: Ingest;
  /** The event store's journal the pipeline appends to. */
  journal: BatchWriter;
  /** Parses, validates and ingests a page view; resolves once it is acknowledged (durable). */
  pageView(view: PageView): Promise<void>;
  /** Hit ids acknowledged so far. */
  acknowledged: string[];
  /** Hits stored in the event store whose ids start with `prefix`. */
  stored(prefix: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * A pipeline over fresh stores in a temporary folder under `parent`; with `sharedStateUrl`, on the
 * state several servers share (Redis), as a server with SHARED_STATE_URL runs.
 */
export async function openPipeline(
  parent: string,
  writer?: BatchWriterOptions,
  sharedStateUrl?: string,
): Promise<PipelineHarness> {
  const dataDir = await mkdtemp(path.join(parent, 'veracity-bench-pipeline-'));
  let stores: Stores | undefined;
  try {
    stores = await openStores(
      { dataDir, databaseUrl: undefined, sharedStateUrl },
      writer ? { journal: writer } : {},
    );
    const events = stores.events;
    // The routes, with their limits, go unused.
    const ingest = await createIngest(stores, undefined, {
      rateLimits: { perIpPerMinute: Number.MAX_SAFE_INTEGER, perKeyPerMinute: Number.MAX_SAFE_INTEGER },
      sensorPath: '/c',
    });
    const acknowledged: string[] = [];
    const opened = stores;
    return {
      ingest,
      journal: opened.journal,
      acknowledged,
      async pageView(view) {
        const event = zSensorEvent.parse(JSON.parse(view.body));
        if (event.type !== 'hit') throw new Error('a page view is a hit');
        await ingest.pipeline.hit(ACCOUNT, {
          id: event.eventId,
          channel: 'sensor',
          sessionId: event.sessionId,
          at: new Date(),
          url: event.url,
          referrer: event.referrer || null,
          request: facts(view.headers),
          sensor: event.signals,
          checkStored: true, // as the sensor endpoint asks
        });
        acknowledged.push(event.eventId);
      },
      async stored(prefix) {
        const [row] = await events.query<{ stored: number }>(
          () => sql`select count(*) as stored from hits where id like ${`${prefix}%`}`,
        );
        return Number(row?.stored ?? 0);
      },
      async close() {
        await ingest.sessionsRestored;
        await opened.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stores?.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
