// The ingestion pipeline without HTTP: the work the collector does for a page view after reading its
// body (parse, validate, assess, journal with group commit, load into DuckDB), driven in-process by 50
// concurrent producers, as the 50 connections of the ingest bench would. It isolates the pipeline's own
// cost from the HTTP server's and from the load generator's, which share this machine's two cores in the
// ingest bench, so its figures move less from run to run. After the run the writer drains and the hits
// acknowledged are counted against the hits stored.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sensorPageView } from './page-views.js';
import { openPipeline } from './pipeline-harness.js';
import { writeResults } from './report.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARM_UP_S = 2;
const PRODUCERS = 50;

const runId = randomBytes(4).toString('hex');
const harness = await openPipeline(os.tmpdir());
try {
  const { acknowledged } = harness;
  const key = `vs_${runId}bench`;
  let sequence = 0;
  const pageView = () => harness.pageView(sensorPageView(sequence++, key, runId));

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
  await harness.journal.close();
  const drainS = Math.round((performance.now() - drainStarted) / 100) / 10;

  const stored = await harness.stored(`bench${runId}`);
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
  await harness.close();
}
