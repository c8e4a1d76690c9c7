// The ClickHouse store's backstops against a hit stored twice (issue 41: several servers, and a server
// that reloads a journal segment after a crash), on the engine in process (chdb): the
// ReplacingMergeTree as today (a duplicate collapses at some later merge) against insert deduplication
// tokens (`insert_deduplication_token` on each INSERT, the table setting
// `non_replicated_deduplication_window`: a block whose token is among the table's last N is dropped).
// Cost: a journal load's hit inserts (slices of 2,000 as the loader hands them, each with its
// hits_hourly rows), today's against the same with tokens, alternately in the same run; the ratio is
// to today. Catch: a load inserted again with the existence check bypassed (what a reload or a retried
// insert meets when the check raced): rows read without FINAL (as analytics reads hits), with FINAL,
// and the rollup's sum; once in the same slices (a retry in the process), once sliced otherwise (a
// restart loads the journal segment by segment).
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'chdb';
import { openChdbExecutor } from '../apps/server/src/storage/events/clickhouse/chdb-executor.js';
import { openClickHouseEventStore } from '../apps/server/src/storage/events/clickhouse/clickhouse-event-store.js';
import { clickhouseDateTime } from '../apps/server/src/storage/events/clickhouse/clickhouse-executor.js';
import { DEDUPLICATION_WINDOW } from '../apps/server/src/storage/events/clickhouse/clickhouse-migrations.js';
import { toJsonRow } from '../apps/server/src/storage/events/clickhouse/clickhouse-values.js';
import { type CellValue, hitTable, normalizeBatch } from '../apps/server/src/storage/events/event-columns.js';
import type { HitRow } from '../apps/server/src/storage/events/event-store.js';
import { HIT_ROLLUP_TABLE, hitRollup } from '../apps/server/src/storage/events/hit-rollup.js';
import { type Measurement, report } from './report.js';

const LOAD = Number(process.env.BENCH_LOAD ?? 10_000);
const SLICE = 2_000;
const LOADS = Number(process.env.BENCH_LOADS ?? 12);
const WINDOW = DEDUPLICATION_WINDOW;
const START = Date.parse('2026-11-01T00:00:00Z');

let sequence = 0;
function nextHit(): HitRow {
  const n = sequence++;
  return {
    id: `${n.toString(36)}-${createHash('sha1').update(String(n)).digest('hex').slice(0, 12)}`,
    relationshipId: 1 + (n % 3),
    sessionId: `session-${Math.floor(n / 4)}`,
    ts: new Date(START + ((n * 7919) % (20 * 86_400_000))),
    url: `https://shop.example/p/${n % 500}?gclid=g${n}`,
    trafficType: n % 2 ? 'google' : 'facebook',
    utmSource: 'google',
    campaignId: n % 50,
    ip: `203.0.113.${n % 255}`,
    country: ['ES', 'FR', 'US', 'DE'][n % 4] ?? 'ES',
    deviceType: 'Phone',
    riskLevel: n % 5 === 0 ? 'high' : 'low',
    threats: n % 5 === 0 ? ['network:datacenter'] : [],
    hitStatus: 'delivered',
    cost: 0.25,
  };
}

type Mode = 'today' | 'tokens';

const folder = await mkdtemp(path.join(os.tmpdir(), 'veracity-bench-dedup-'));
const session = new Session(folder);

/**
 * A migrated store's database. Today's tables keep no tokens (the window at 0, as before migration 9);
 * with tokens, the hits and rollup tables keep the last WINDOW inserts' tokens.
 */
async function database(name: string, mode: Mode): Promise<void> {
  const store = openClickHouseEventStore(await openChdbExecutor(session, name));
  await store.migrate();
  await store.close();
  for (const table of ['hits', HIT_ROLLUP_TABLE]) {
    await session.queryAsync(
      `ALTER TABLE ${name}.${table} MODIFY SETTING non_replicated_deduplication_window = ${mode === 'tokens' ? WINDOW : 0}`,
    );
  }
}

function payload(rows: readonly Record<string, unknown>[]): Buffer {
  return Buffer.from(`${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
}

/** Inserts a load's hits as the store's writer does, slice by slice, with the rollup of each; with tokens, each INSERT carries one. */
async function insertLoad(name: string, mode: Mode, cells: readonly CellValue[][], slice = SLICE) {
  for (let start = 0; start < cells.length; start += slice) {
    const rows = cells.slice(start, start + slice);
    // The slice's keys decide its token: the same rows again are the same block.
    const token =
      mode === 'tokens'
        ? createHash('sha256')
            .update(rows.map((row) => `${row[0]}:${row[1]}`).join('\n'))
            .digest('hex')
        : undefined;
    const settings = token === undefined ? {} : { settings: { insert_deduplication_token: token } };
    await session.insert({
      table: `${name}.hits`,
      values: payload(rows.map((row) => toJsonRow(hitTable, row))),
      format: 'JSONEachRow',
      ...settings,
    });
    await session.insert({
      table: `${name}.${HIT_ROLLUP_TABLE}`,
      values: payload(
        hitRollup(rows).map((row) => ({
          relationship_id: row.relationshipId,
          hour: clickhouseDateTime(row.hour),
          ...row.values,
          hits: row.hits,
          cost: row.cost,
        })),
      ),
      format: 'JSONEachRow',
      ...settings,
    });
  }
}

async function counts(name: string) {
  const text = (
    await session.queryAsync(
      `SELECT (SELECT count() FROM ${name}.hits) AS rows, (SELECT count() FROM ${name}.hits FINAL) AS final,
        (SELECT sum(hits) FROM ${name}.${HIT_ROLLUP_TABLE}) AS rollup`,
      { format: 'JSONEachRow' },
    )
  ).text();
  const row = JSON.parse(text) as { rows: string; final: string; rollup: string };
  return { rows: Number(row.rows), final: Number(row.final), rollup: Number(row.rollup) };
}

const load = () => normalizeBatch(hitTable, Array.from({ length: LOAD }, nextHit));
const measurements: Measurement[] = [];
const catches: Record<string, unknown>[] = [];
try {
  await database('cost_today', 'today');
  await database('cost_tokens', 'tokens');
  const samples: Record<Mode, number[]> = { today: [], tokens: [] };
  // One warm-up load each, then alternately, so both meet the same machine.
  for (let round = 0; round <= LOADS; round++) {
    for (const mode of round % 2 === 0 ? (['today', 'tokens'] as const) : (['tokens', 'today'] as const)) {
      const cells = load();
      const started = performance.now();
      await insertLoad(`cost_${mode}`, mode, cells);
      if (round > 0) samples[mode].push(performance.now() - started);
    }
  }
  measurements.push(
    {
      name: `today: a load of ${LOAD.toLocaleString('en')} hits (baseline)`,
      samples: samples.today,
      items: LOAD,
    },
    { name: `tokens: the same load, a token an INSERT`, samples: samples.tokens, items: LOAD },
  );

  for (const mode of ['today', 'tokens'] as const) {
    const name = `catch_${mode}`;
    await database(name, mode);
    const cells = load();
    await insertLoad(name, mode, cells);
    const once = await counts(name);
    await insertLoad(name, mode, cells);
    const sameSlices = await counts(name);
    await insertLoad(name, mode, cells, SLICE / 2);
    const otherSlices = await counts(name);
    catches.push(
      { mode, after: 'the load', ...once },
      { mode, after: 'again, same slices', ...sameSlices },
      { mode, after: 'again, other slices', ...otherSlices },
    );
  }
} finally {
  session.close();
  await rm(folder, { recursive: true, force: true });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const todayMs = median(measurements[0]?.samples ?? []);
const tokensMs = median(measurements[1]?.samples ?? []);
const ratio = Math.round((tokensMs / todayMs) * 100) / 100;
console.table(catches);
report('clickhouse-dedup', measurements, { load: LOAD, slice: SLICE, window: WINDOW, ratio, catches });
console.log(
  `tokens / today, median load: ${ratio} (${tokensMs.toFixed(1)} ms against ${todayMs.toFixed(1)} ms)`,
);
