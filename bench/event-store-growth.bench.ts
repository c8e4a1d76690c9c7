// What the embedded store's work costs as it fills up: the CPU of one load of the ingestion journal
// (the collector's path: segment files read by DuckDB, hits deduplicated by id, sessions merged), and
// what asking whether a hit id is stored costs (an S2S hit with an id, or a conversion of a hit no
// longer in memory): a point look-up in the store, against the pipeline's filter of stored ids (its
// read at start, its memory, a check and its false positives), at growing numbers of stored hits; and
// reading stored hits back whole, as the pipeline does for a conversion of an older click: one a query,
// or a hundred in one query as its reader gathers them. Ids are random, as the sensor's are, so no row
// group can be skipped by the range of its ids.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SENSOR_SETTINGS } from '@veracity/contracts/sensor-settings';
import type { AccountContext } from '../apps/server/src/ingest/account-directory.js';
import { readStoredHits } from '../apps/server/src/ingest/stored-events.js';
import { StoredIds } from '../apps/server/src/ingest/stored-ids.js';
import { openDuckDbEventStore } from '../apps/server/src/storage/events/duckdb/duckdb-event-store.js';
import type { HitRow } from '../apps/server/src/storage/events/event-store.js';
import { journalLine } from '../apps/server/src/storage/events/journal/journal-format.js';
import { sql } from '../apps/server/src/storage/events/sql.js';
import { scrambled } from './page-views.js';
import { writeResults } from './report.js';

const STORED = Number(process.env.BENCH_STORED ?? 1_000_000);
const SIZES = [STORED / 10, STORED].map(Math.round);
const LOADS = [100, 10_000];
const REPEATS = 3;
const FILL_LOAD = 100_000;
const HITS_PER_SESSION = 3;
const START = Date.parse('2026-10-01T00:00:00Z');
const RAM_DISK = '/dev/shm';
/** Absent ids checked against the filter, for its false positives and the cost of a check. */
const CHECKS = 200_000;

let sequence = 0;
/** A journal line per hit, as the collector writes it: the hit and its session's snapshot. */
function nextLine(): string {
  const n = sequence++;
  const ts = new Date(START + n * 50);
  const high = n % 5 === 0;
  const hit: HitRow = {
    id: randomBytes(16).toString('base64url'),
    relationshipId: 1 + (n % 3),
    sessionId: scrambled(`session ${Math.floor(n / HITS_PER_SESSION)}`),
    ts,
    url: `https://shop.example/p/${n % 500}?gclid=g${n}`,
    referrer: 'https://www.google.com/',
    trafficType: 'google',
    utmSource: 'google',
    utmMedium: 'cpc',
    campaignId: n % 50,
    clickId: `g${n}`,
    clickIdType: 'gclid',
    ip: `203.0.113.${n % 255}`,
    country: 'ES',
    deviceType: 'Phone',
    osName: 'Android',
    browser: 'Chrome Mobile',
    userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile',
    riskLevel: high ? 'high' : 'low',
    threats: high ? ['automation:webdriver'] : [],
    hitStatus: 'delivered',
    score: high ? 90 : 5,
  };
  return journalLine({ hits: [hit], hitSessions: [{ hits: 1 + (n % HITS_PER_SESSION), startedAt: ts }] });
}

const dir = await mkdtemp(path.join(existsSync(RAM_DISK) ? RAM_DISK : os.tmpdir(), 'veracity-bench-growth-'));
const store = await openDuckDbEventStore({ path: path.join(dir, 'events.duckdb') });
await store.migrate();
if (!store.loadJournal) throw new Error('The DuckDB store reads journal segments itself');
const loadJournal = store.loadJournal.bind(store);
if (!store.scanKeys) throw new Error('The DuckDB store hands over its keys');
const scanKeys = store.scanKeys.bind(store);
let segments = 0;
/** Writes `hits` journal lines to a new segment and loads it; resolves with the load's CPU (ms). */
async function load(hits: number): Promise<number> {
  const file = path.join(dir, `${String(++segments).padStart(12, '0')}.jsonl`);
  await writeFile(file, Array.from({ length: hits }, nextLine).join(''));
  const started = process.cpuUsage();
  await loadJournal([file]);
  const used = process.cpuUsage(started);
  await rm(file);
  return (used.user + used.system) / 1000;
}

interface Row {
  storedHits: number;
  hitsPerLoad: number;
  cpuMsPerLoad: number;
  cpuUsPerHit: number;
}
interface Lookup {
  storedHits: number;
  /** A point look-up of an absent id in the store, least of 5. */
  lookupMs: number;
  /** Reading every stored id into the filter, as the collector does at start. */
  filterReadMs: number;
  filterBytesPerHit: number;
  filterCheckUs: number;
  falsePositivePct: number;
  /** Reading one stored hit back whole, least of 5. */
  readOneMs: number;
  /** Reading 100 stored hits of three accounts back whole in one query, least of 5. */
  readHundredMs: number;
}
const accountOf = (relationshipId: number): AccountContext => ({
  relationshipId,
  planType: 'pro',
  active: true,
  sensorIntegrated: true,
  rules: { ipAllowList: [], ipDenyList: [], excludedDomains: [], appAllowList: [], appDenyList: [] },
  sensor: DEFAULT_SENSOR_SETTINGS,
});
/** Least wall time of `times` runs of `run` (ms). */
async function least(times: number, run: (i: number) => Promise<unknown>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run(i);
    best = Math.min(best, performance.now() - started);
  }
  return Number(best.toFixed(1));
}
const rows: Row[] = [];
const lookups: Lookup[] = [];
try {
  for (const size of SIZES) {
    while (sequence < size) await load(Math.min(FILL_LOAD, size - sequence));
    const storedHits = sequence;
    // A look-up of an id that is not stored: the collector's usual case for a new S2S hit.
    const lookupMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await store.query(
        () =>
          sql`select id, score from hits where relationship_id = ${1} and id = ${randomBytes(16).toString('base64url')}`,
      );
      lookupMs.push(performance.now() - started);
    }
    const storedIds = new StoredIds(scanKeys);
    const readStarted = performance.now();
    await storedIds.load();
    const filterReadMs = performance.now() - readStarted;
    const absent = Array.from({ length: CHECKS }, () => randomBytes(16).toString('base64url'));
    const checkStarted = performance.now();
    const falsePositives = absent.filter((id) => storedIds.mayHold('hits', 1, id)).length;
    const checkUs = ((performance.now() - checkStarted) * 1000) / CHECKS;
    const sample = await store.query<{ relationship_id: number; id: string }>(
      () => sql`select relationship_id, id from hits using sample 100 rows`,
    );
    const wanted = sample.map((row) => ({ account: accountOf(row.relationship_id), hitId: row.id }));
    const readOneMs = await least(5, async (i) => {
      const one = wanted.slice(i, i + 1);
      if ((await readStoredHits(store, one)).size !== 1) throw new Error('a stored hit was not read');
    });
    const readHundredMs = await least(5, async () => {
      if ((await readStoredHits(store, wanted)).size !== wanted.length) {
        throw new Error('stored hits were not read');
      }
    });
    lookups.push({
      storedHits,
      readOneMs,
      readHundredMs,
      lookupMs: Number(Math.min(...lookupMs).toFixed(1)),
      filterReadMs: Math.round(filterReadMs),
      filterBytesPerHit: Number((storedIds.bytes / storedHits).toFixed(2)),
      filterCheckUs: Number(checkUs.toFixed(2)),
      falsePositivePct: Number(((falsePositives * 100) / CHECKS).toFixed(2)),
    });
    for (const hits of LOADS) {
      let least = Number.POSITIVE_INFINITY;
      for (let r = 0; r < REPEATS; r++) least = Math.min(least, await load(hits));
      rows.push({
        storedHits,
        hitsPerLoad: hits,
        cpuMsPerLoad: Math.round(least),
        cpuUsPerHit: Math.round((least * 1000) / hits),
      });
    }
  }
} finally {
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
console.log(`journal loads into DuckDB as it fills (least CPU of ${REPEATS}, all threads)`);
console.table(rows);
console.log(
  `is an id stored: a look-up in the store (least of 5), or the filter (${CHECKS} absent ids); ` +
    'reading stored hits back whole, one or a hundred a query (least of 5)',
);
console.table(lookups);
writeResults('event-store-growth', { rows, lookups });
