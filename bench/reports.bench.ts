// A full report of more than a million result rows (issue 36): 1,050,000 generated hits of one account
// over 30 days, each with its own custom variable 1 (an order id), their sessions and conversions,
// reported by Var 1 with visits, invalid visits, sessions and conversions. Timed, with the peak RSS of
// each phase (sampled every 10 ms), in the same run:
// - baseline: the report's query read through `EventStore.queryChunks` and dropped (no CSV, no file);
// - report: `runReport`, the path a report run takes, writing the CSV to a file chunk by chunk;
// - whole: the same query read at once with `EventStore.query` (what holding the rows costs), last,
//   since a process's RSS does not go back down.
// The RSS includes DuckDB's memory for the groups it sorts, the same in every phase; the JavaScript
// heap's peak includes garbage not yet collected, and `heldHeapMb` is what a phase's answer still holds
// after a full collection (the rows themselves for `whole`, nothing for the streamed phases).
// The file's lines are counted so that the rows are known to be there.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { analyticsAccess } from '@veracity/contracts/analytics/dimensions';
import { NO_LOOKUPS } from '../apps/server/src/analytics/dimension-columns.js';
import { costBasis } from '../apps/server/src/analytics/hit-cost.js';
import type { AnalyticsReader } from '../apps/server/src/analytics/plan.js';
import { analyticsSql } from '../apps/server/src/analytics/query-sql.js';
import { REPORT_CHUNK_ROWS } from '../apps/server/src/analytics/report-csv.js';
import { runReport } from '../apps/server/src/analytics/run-analytics.js';
import { openDuckDbEventStore } from '../apps/server/src/storage/events/duckdb/duckdb-event-store.js';
import { sql } from '../apps/server/src/storage/events/sql.js';
import { type Measurement, writeResults } from './report.js';
import { BATCH, generateBatch } from './traffic.js';

const HITS = Number(process.env.BENCH_REPORTS_HITS ?? 1_050_000);
const RUNS = 3;
const ACCOUNT = 1;
const START_MS = Date.parse('2026-10-01T00:00:00Z');
const window = { startMs: START_MS, days: 30 };

const dir = await mkdtemp(path.join(os.tmpdir(), 'veracity-bench-reports-'));
const storeFile = path.join(dir, 'events.duckdb');
let store = await openDuckDbEventStore({ path: storeFile });

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

// A full collection on demand, to tell what a phase holds from the garbage it left.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * The peak RSS and JavaScript heap (MB) while `work` runs, sampled every 10 ms, with its duration. The
 * RSS includes DuckDB's own memory (the groups it holds while it sorts them); the heap is what Node
 * holds of the rows.
 */
async function phase<T>(
  work: () => Promise<T>,
): Promise<{ ms: number; peakRssMb: number; peakHeapMb: number; heldHeapMb: number; result: T }> {
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = process.memoryUsage();
  const sample = () => {
    const now = process.memoryUsage();
    peak = { ...peak, rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed) };
  };
  const timer = setInterval(sample, 10);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    sample();
    // What the phase's answer holds once its garbage is collected (the answer is still referenced).
    gc();
    const heldHeapMb = mb(Math.max(0, process.memoryUsage().heapUsed - before));
    return { ms, peakRssMb: mb(peak.rss), peakHeapMb: mb(peak.heapUsed), heldHeapMb, result };
  } finally {
    clearInterval(timer);
  }
}

async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file)) {
    for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
  }
  return lines;
}

try {
  await store.migrate();
  const loadStarted = performance.now();
  for (let first = 0; first < HITS; first += BATCH) {
    const batch = generateBatch(ACCOUNT, first, Math.min(BATCH, HITS - first), window);
    // Each hit its own order id; a session and a conversion carry their landing hit's.
    const order = (id: string) => ({ var1: `order-${id.slice(1)}` });
    await store.insertHits(batch.hits.map((hit) => ({ ...hit, vars: order(hit.id) })));
    await store.insertSessions(
      batch.sessions.map((session) => ({
        ...session,
        vars: { var1: `order-${Number(session.id.slice(1)) * 3}` },
      })),
    );
    await store.insertConversions(
      batch.conversions.map((conversion) => ({ ...conversion, vars: order(conversion.hitId ?? 'h0') })),
    );
  }
  await store.query(() => sql`CHECKPOINT`);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  // Reopened, and the loader's garbage collected when exposed, so the phases start from a settled process.
  await store.close();
  store = await openDuckDbEventStore({ path: storeFile });
  (globalThis as { gc?: () => void }).gc?.();
  const startRssMb = mb(process.memoryUsage.rss());
  console.log(`loaded ${HITS} hits in ${loadSeconds.toFixed(1)} s; RSS before the phases ${startRssMb} MB`);

  const reader: AnalyticsReader = {
    relationshipId: ACCOUNT,
    timeZone: 'Europe/Madrid',
    access: analyticsAccess('max', [], 4),
    lookups: async () => NO_LOOKUPS,
    costs: costBasis({}),
  };
  const query = {
    dimensions: ['var1'] as const,
    metrics: ['hits', 'highRiskHits', 'sessions', 'conversions'] as const,
    filters: [],
    matchType: 'all' as const,
    from: '2026-10-01',
    to: '2026-10-31',
  };
  // The query a report run plans (as runReport plans it), for the baseline and the whole read.
  const plan = {
    relationshipId: ACCOUNT,
    timeZone: reader.timeZone,
    from: new Date('2026-09-30T22:00:00Z'),
    to: new Date('2026-10-31T23:00:00Z'),
    dimensions: query.dimensions,
    path: [],
    metrics: query.metrics,
    filters: [],
    matchType: 'all' as const,
    sort: [{ key: 'sessions' as const, direction: 'desc' as const }],
    lookups: NO_LOOKUPS,
    costs: reader.costs,
  };

  const rows: Record<
    string,
    { ms: number[]; peakRssMb: number; peakHeapMb: number; heldHeapMb: number; rows: number }
  > = {};
  const record = (
    name: string,
    measured: { ms: number; peakRssMb: number; peakHeapMb: number; heldHeapMb: number; result: number },
  ) => {
    const entry = rows[name] ?? { ms: [], peakRssMb: 0, peakHeapMb: 0, heldHeapMb: 0, rows: measured.result };
    entry.ms.push(measured.ms);
    entry.peakRssMb = Math.max(entry.peakRssMb, measured.peakRssMb);
    entry.peakHeapMb = Math.max(entry.peakHeapMb, measured.peakHeapMb);
    entry.heldHeapMb = Math.max(entry.heldHeapMb, measured.heldHeapMb);
    entry.rows = measured.result;
    rows[name] = entry;
  };

  for (let run = 0; run < RUNS; run += 1) {
    const baseline = await phase(() =>
      store.queryChunks(analyticsSql(plan), REPORT_CHUNK_ROWS, async () => {}),
    );
    record('baseline: read in chunks, no CSV', baseline);
  }
  const file = path.join(dir, 'report.csv');
  for (let run = 0; run < RUNS; run += 1) {
    const written = await phase(async () => {
      const out = createWriteStream(file);
      const count = await runReport(store, query as never, reader, {
        async write(text) {
          if (!out.write(text)) await once(out, 'drain');
        },
      });
      await new Promise<void>((resolve) => out.end(resolve));
      return count;
    });
    record('report: runReport to a CSV file', written);
  }
  const lines = await countLines(file);
  const bytes = (await stat(file)).size;
  const whole = await phase(() => store.query(analyticsSql(plan)));
  record('whole: the rows read at once (no CSV)', { ...whole, result: whole.result.length });

  const table = Object.entries(rows).map(([name, entry]) => {
    const sorted = [...entry.ms].sort((a, b) => a - b);
    return {
      name,
      runs: sorted.length,
      rows: entry.rows,
      minMs: Math.round(sorted[0] ?? 0),
      medianMs: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      peakRssMb: entry.peakRssMb,
      peakHeapMb: entry.peakHeapMb,
      heldHeapMb: entry.heldHeapMb,
    };
  });
  console.table(table);
  const reportRow = table[1];
  const baselineRow = table[0];
  const ratio =
    reportRow && baselineRow ? Math.round((reportRow.medianMs / baselineRow.medianMs) * 100) / 100 : null;
  console.log(
    `CSV: ${lines - 1} rows + header, ${(bytes / 1024 / 1024).toFixed(1)} MB; report/baseline time ${ratio}`,
  );
  if (lines - 1 !== reportRow?.rows || (reportRow?.rows ?? 0) < 1_000_000) {
    throw new Error(`expected over 1,000,000 rows in the file, found ${lines - 1}`);
  }
  const measurements: Measurement[] = table.map((row) => ({
    name: row.name,
    samples: rows[row.name]?.ms ?? [],
  }));
  writeResults('reports', {
    hits: HITS,
    loadSeconds: Math.round(loadSeconds),
    startRssMb,
    rows: table,
    csv: { rows: lines - 1, bytes },
    reportToBaselineTime: ratio,
    samples: measurements,
  });
} finally {
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
