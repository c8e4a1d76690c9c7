// What a collected page view costs in CPU, without the host's noise. The saturated benches (ingest,
// pipeline) move with the host's load on a shared machine from one run to the next; this one
// measures the work itself: the same page views through the same pipeline (JSON.parse, validation,
// enrichment, assessment, the journal's group commit), with the journal on a RAM disk when there is
// one and the event store's load held back until each round ends and timed on its own. The figures are
// the least CPU per hit of several rounds: interference only ever adds time.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { type PageView, sensorPageView } from './page-views.js';
import { openPipeline } from './pipeline-harness.js';
import { writeResults } from './report.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const HITS_PER_ROUND = 10_000;
const PRODUCERS = 50;
const RAM_DISK = '/dev/shm';

const cpuUs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

const runId = randomBytes(4).toString('hex');
const key = `vs_${runId}bench`;
const parent = existsSync(RAM_DISK) ? RAM_DISK : os.tmpdir();
// The loader waits for the round's end (drain), so that its cost is counted apart.
const harness = await openPipeline(parent, { loadIntervalMs: 3_600_000, maxPending: 1_000_000 });
try {
  let sequence = 0;
  const views = () => Array.from({ length: HITS_PER_ROUND }, () => sensorPageView(sequence++, key, runId));

  interface Round {
    ingestUsPerHit: number;
    loadUsPerHit: number;
  }
  /** One round: the page views by 50 producers, then the load of what they stored. */
  const round = async (pageViews: PageView[]): Promise<Round> => {
    let next = 0;
    const ingestStarted = process.cpuUsage();
    await Promise.all(
      Array.from({ length: PRODUCERS }, async () => {
        for (let view = pageViews[next++]; view; view = pageViews[next++]) await harness.pageView(view);
      }),
    );
    const ingestUs = cpuUs(ingestStarted);
    const loadStarted = process.cpuUsage();
    await harness.journal.drain();
    const loadUs = cpuUs(loadStarted);
    return { ingestUsPerHit: ingestUs / pageViews.length, loadUsPerHit: loadUs / pageViews.length };
  };

  await round(views()); // warm-up: compiled code, caches, the store's first checkpoint
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round(views()));
  const least = (pick: (r: Round) => number) => Math.round(Math.min(...rounds.map(pick)));
  const median = (pick: (r: Round) => number) =>
    Math.round(rounds.map(pick).sort((a, b) => a - b)[Math.floor(rounds.length / 2)] ?? 0);
  const stored = await harness.stored(`bench${runId}`);
  const acknowledged = harness.acknowledged.length;
  const result = {
    ingestUsPerHit: least((r) => r.ingestUsPerHit),
    ingestUsPerHitMedian: median((r) => r.ingestUsPerHit),
    loadUsPerHit: least((r) => r.loadUsPerHit),
    loadUsPerHitMedian: median((r) => r.loadUsPerHit),
  };
  console.log(
    `pipeline CPU: ${ROUNDS} rounds of ${HITS_PER_ROUND} page views by ${PRODUCERS} producers, journal in ${parent}`,
  );
  console.table([{ name: 'pipeline CPU per hit (µs, all threads)', ...result, acknowledged, stored }]);
  console.log(
    `ingest ${result.ingestUsPerHit} µs per hit (least of ${ROUNDS}; median ${result.ingestUsPerHitMedian}), ` +
      `load into DuckDB ${result.loadUsPerHit} µs per hit (median ${result.loadUsPerHitMedian}); ` +
      `acknowledged ${acknowledged}, stored ${stored}`,
  );
  writeResults('pipeline-cpu', {
    rounds: ROUNDS,
    hitsPerRound: HITS_PER_ROUND,
    producers: PRODUCERS,
    journalIn: parent,
    ...result,
    perRound: rounds,
    acknowledged,
    stored,
  });
  if (stored !== acknowledged) process.exitCode = 1;
} finally {
  await harness.close();
}
