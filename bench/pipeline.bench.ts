// The ingestion pipeline without HTTP: the work the collector does for a page view after reading its
// body (parse, validate, assess, journal with group commit, load into DuckDB), driven in-process by 50
// concurrent producers, as the 50 connections of the ingest bench would. It isolates the pipeline's own
// cost from the HTTP server's and from the load generator's, which share this machine's two cores in the
// ingest bench, so its figures move less from run to run. After the run the writer drains and the hits
// acknowledged are counted against the hits stored.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { zSensorEvent } from '@veracity/contracts/collect';
import { createIngest } from '../apps/server/src/ingest/create-ingest.js';
import type { IncomingHit } from '../apps/server/src/ingest/pipeline.js';
import { sql } from '../apps/server/src/storage/events/sql.js';
import { openStores } from '../apps/server/src/storage/open-stores.js';
import { type PageView, sensorPageView } from './page-views.js';
import { writeResults } from './report.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARM_UP_S = 2;
const PRODUCERS = 50;

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

const runId = randomBytes(4).toString('hex');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-bench-pipeline-'));
const stores = await openStores({ dataDir, databaseUrl: undefined });
try {
  // The pipeline and its writer as the server builds them (the routes, with their limits, go unused).
  const ingest = await createIngest(stores, dataDir, undefined, {
    rateLimits: { perIpPerMinute: Number.MAX_SAFE_INTEGER, perKeyPerMinute: Number.MAX_SAFE_INTEGER },
    sensorPath: '/c',
  });
  // The account as the collector resolves it; integrated already, so no accounts write per hit.
  const account = {
    relationshipId: 1,
    planType: 'pro',
    active: true,
    sensorIntegrated: true,
    rules: { ipAllowList: [], ipDenyList: [], excludedDomains: [] },
  };
  const key = `vs_${runId}bench`;
  let sequence = 0;
  const acknowledged: string[] = [];

  const pageView = async (): Promise<void> => {
    const view = sensorPageView(sequence++, key, runId);
    const event = zSensorEvent.parse(JSON.parse(view.body));
    if (event.type !== 'hit') throw new Error('a page view is a hit');
    await ingest.pipeline.hit(account, {
      id: event.eventId,
      channel: 'sensor',
      sessionId: event.sessionId,
      at: new Date(),
      url: event.url,
      referrer: event.referrer || null,
      request: facts(view.headers),
      sensor: event.signals,
    });
    acknowledged.push(event.eventId);
  };

  /** Page views from every producer, one after another each, for `seconds`. */
  const run = async (seconds: number) => {
    const until = performance.now() + seconds * 1000;
    const before = {
      hits: acknowledged.length,
      cpu: process.cpuUsage(),
      loop: performance.eventLoopUtilization(),
    };
    await Promise.all(
      Array.from({ length: PRODUCERS }, async () => {
        while (performance.now() < until) await pageView();
      }),
    );
    const hits = acknowledged.length - before.hits;
    const cpu = process.cpuUsage(before.cpu);
    const loop = performance.eventLoopUtilization(before.loop);
    return {
      hitsPerSecond: Math.round(hits / seconds),
      cpuUsPerHit: Math.round((cpu.user + cpu.system) / hits),
      eventLoopUsPerHit: Math.round((loop.active * 1000) / hits),
      heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1e6),
    };
  };

  console.log(`pipeline: ${PRODUCERS} producers, ${WARM_UP_S} s warm-up, then ${DURATION_S} s`);
  await run(WARM_UP_S);
  const measured = await run(DURATION_S);
  const drainStarted = performance.now();
  await ingest.writer.close();
  const drainS = Math.round((performance.now() - drainStarted) / 100) / 10;

  const [row] = await stores.events.query<{ stored: number }>(
    () => sql`select count(*) as stored from hits where id like ${`bench${runId}%`}`,
  );
  const stored = Number(row?.stored ?? 0);
  console.table([
    { name: 'pipeline (no HTTP)', ...measured, acknowledged: acknowledged.length, stored, drainS },
  ]);
  console.log(
    `${measured.hitsPerSecond} hits/s, ${measured.cpuUsPerHit} µs CPU per hit (all threads), ` +
      `${measured.eventLoopUsPerHit} µs of the event loop per hit; acknowledged ${acknowledged.length}, ` +
      `stored ${stored} (${stored === acknowledged.length ? 'all' : 'MISSING SOME'}) ${drainS} s after the run`,
  );
  writeResults('pipeline', {
    durationS: DURATION_S,
    producers: PRODUCERS,
    ...measured,
    acknowledged: acknowledged.length,
    stored,
    drainS,
  });
  if (stored !== acknowledged.length) process.exitCode = 1;
} finally {
  await stores.close();
  await rm(dataDir, { recursive: true, force: true });
}
