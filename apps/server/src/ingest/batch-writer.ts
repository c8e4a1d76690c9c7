import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, truncate } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { mergeEvidence } from '../storage/events/event-evidence.js';
import {
  type EventWrite,
  type HitSession,
  journalLine,
  journalRows,
} from '../storage/events/event-journal.js';
import {
  type EventStore,
  EventValidationError,
  type EventValidationIssue,
  type SessionRow,
} from '../storage/events/event-store.js';
import {
  INGEST_QUARANTINE_FILE,
  JournalQuarantine,
  loadSettingAside,
  QUARANTINE_SCRATCH_FILE,
} from './journal-quarantine.js';
import { worst } from './verdict.js';

export type { EventWrite };

export interface BatchWriterOptions {
  /** Writes acknowledged but not yet in the event store, beyond which new ones are refused. */
  maxPending?: number;
  /** Most writes moved into the event store in one load. */
  maxLoad?: number;
  /** Least time between the starts of two loads, so that loads are large (drain and close skip it). */
  loadIntervalMs?: number;
  /** Where lines the store refuses are kept (default: `ingest-quarantine.jsonl` beside the journal folder). */
  quarantineFile?: string;
}

/** The writer cannot take more now: the caller answers 503 with Retry-After. */
export class WriterOverloadedError extends Error {
  override readonly name = 'WriterOverloadedError';
}

/** The writer is closing (or not open yet): no new write is accepted. */
export class WriterClosedError extends Error {
  override readonly name = 'WriterClosedError';
}

interface Pending {
  line: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Segment {
  file: string;
  /** Writes (lines) in the file. */
  writes: number;
}

export const DEFAULT_MAX_PENDING = 100_000;
/**
 * Loads of up to 50,000 writes rather than 20,000: each load has a fixed cost, which larger loads
 * share among more hits (docs/decisions.md). The price is memory: DuckDB reads the whole load's
 * journal at once.
 */
export const DEFAULT_MAX_LOAD = 50_000;
export const DEFAULT_LOAD_INTERVAL_MS = 1_000;
/**
 * After a load, the loader rests this many times as long as the load took (and at least the load
 * interval, and at most five), while less than a full load ({@link BatchWriterOptions.maxLoad}) waits.
 * A load has a fixed cost in the store (DuckDB plans and runs a dozen statements whatever the batch
 * size), so under heavy traffic larger, rarer loads spare the host's CPU for requests; a quiet
 * collector still loads every interval. Once a full load
 * waits, resting would only grow the backlog towards refusal: the loader then loads one full batch
 * after another, each no sooner than the interval after the one before.
 */
export const LOAD_REST_FACTOR = 9;

const SEGMENT_PATTERN = /^(\d{12})\.jsonl$/;

/**
 * Segments are opened for synchronized data writes where the platform has them (`O_DSYNC`: Linux,
 * macOS): an append returns once its data is on disk, as a write then `fdatasync` would, in one call
 * to the file system's worker threads instead of two. Elsewhere each append is followed by
 * `fdatasync`.
 */
const DATA_SYNC_FLAG = constants.O_DSYNC;
const SEGMENT_FLAGS =
  DATA_SYNC_FLAG === undefined
    ? 'a'
    : constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | DATA_SYNC_FLAG;

/**
 * Durable group commit for ingestion, in two steps.
 *
 * 1. The journal. Every write is appended as one JSON line to the current segment file of
 *    `DATA_DIR/ingest-journal/`; the writes that arrive while one append is being synced gather into
 *    the next, so a quiet collector syncs each event at once and a busy one syncs hundreds in one
 *    append. A write's promise resolves after its line is on disk: that is when the request is
 *    answered.
 * 2. The loader. Acknowledged writes move into the event store in large batches (one load at a
 *    time, everything that gathered since the previous one), which is what DuckDB and ClickHouse do
 *    well; then the segment files they came from are deleted. The loader reads the sealed segment
 *    files, not copies kept in memory: a store that reads them itself (`EventStore.loadJournal`,
 *    DuckDB) is handed the file names, so no row passes through the event loop twice; the others
 *    get the parsed rows.
 *
 * After a crash, `open()` loads the segments left behind before anything else is accepted. The store
 * keeps the first copy of a hit or conversion and merges sessions by an order-independent rule, so a
 * segment loaded twice (a crash between the load and the delete) stores nothing twice. A line cut off
 * by the crash was never acknowledged and is skipped.
 *
 * No line is dropped silently: a line the store refuses while it is up is set aside in the quarantine
 * file, counted and logged as an error (`journal-quarantine.ts`); the other lines of its load are stored.
 */
export class BatchWriter {
  readonly #store: EventStore;
  readonly #dir: string;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #maxPending: number;
  readonly #maxLoad: number;
  readonly #loadIntervalMs: number;
  readonly #quarantine: JournalQuarantine;
  #lastLoadAt = 0;
  /** When the previous load ended, and how long it took (ms). */
  #lastLoadEnd = 0;
  #lastLoadMs = 0;
  #loadTimer: NodeJS.Timeout | undefined;
  /** When the timer's load is due (epoch ms). */
  #loadTimerDue = 0;
  #queue: Pending[] = [];
  #committing: Promise<void> | undefined;
  #loading: Promise<void> | undefined;
  #current: (Segment & { handle: Awaited<ReturnType<typeof open>> }) | undefined;
  /** Closed segments whose writes are acknowledged and wait for the loader. */
  #sealed: Segment[] = [];
  #sequence = 0;
  #unloaded = 0;
  #state: 'new' | 'open' | 'closing' = 'new';

  constructor(
    store: EventStore,
    journalDir: string,
    options: BatchWriterOptions = {},
    log?: FastifyBaseLogger,
  ) {
    this.#store = store;
    this.#dir = journalDir;
    this.#log = log;
    this.#maxPending = options.maxPending ?? DEFAULT_MAX_PENDING;
    this.#maxLoad = options.maxLoad ?? DEFAULT_MAX_LOAD;
    this.#loadIntervalMs = options.loadIntervalMs ?? DEFAULT_LOAD_INTERVAL_MS;
    this.#quarantine = new JournalQuarantine(
      options.quarantineFile ?? path.join(path.dirname(journalDir), INGEST_QUARANTINE_FILE),
      log,
    );
  }

  /** Journal lines the event store refused, kept aside in the quarantine file (this run and earlier ones). */
  get quarantined(): number {
    return this.#quarantine.count;
  }

  /** Writes queued, or acknowledged and not yet loaded into the event store. */
  get pending(): number {
    return this.#queue.length + this.#unloaded;
  }

  /** Loads what a previous process left in the journal, then accepts writes. */
  async open(): Promise<{ recovered: number }> {
    await mkdir(this.#dir, { recursive: true });
    await this.#quarantine.open();
    await rm(path.join(this.#dir, QUARANTINE_SCRATCH_FILE), { force: true });
    const files = (await readdir(this.#dir)).filter((file) => SEGMENT_PATTERN.test(file)).sort();
    let recovered = 0;
    for (const file of files) {
      const segment = path.join(this.#dir, file);
      const text = await readFile(segment, 'utf8');
      // An append cut off by the crash ends without its newline: that line was never acknowledged.
      const end = text.lastIndexOf('\n') + 1;
      if (end < text.length) {
        this.#log?.warn({ file }, 'ingest journal: skipped a line cut off by a crash');
        await truncate(segment, Buffer.byteLength(text.slice(0, end)));
      }
      recovered += parseSegment(text.slice(0, end)).length;
      await this.#loadIntoStore([segment]);
      await rm(segment, { force: true });
    }
    this.#sequence = files.reduce((max, file) => Math.max(max, Number(SEGMENT_PATTERN.exec(file)?.[1])), 0);
    this.#state = 'open';
    if (recovered > 0) this.#log?.info({ recovered, segments: files.length }, 'ingest journal recovered');
    return { recovered };
  }

  /** Throws when a new write would be refused, so a request is turned away before any work. */
  assertAccepting(): void {
    if (this.#state !== 'open') throw new WriterClosedError('the collector is not accepting events');
    if (this.pending >= this.#maxPending) throw new WriterOverloadedError('too many writes waiting');
  }

  /** Queues the write; resolves once it is durable in the journal. Invalid rows reject at once. */
  write(write: EventWrite): Promise<void> {
    this.assertAccepting();
    checkHitSessions(write);
    // Validates every row as it writes the line: an invalid one throws before anything is queued.
    const line = journalLine(write);
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ line, resolve, reject });
      this.#committing ??= this.#commitLoop();
    });
  }

  /** Resolves when everything acknowledged so far is in the event store. */
  async drain(): Promise<void> {
    for (;;) {
      if (this.#committing) await this.#committing;
      else if (this.#loading) await this.#loading;
      else if ((this.#current?.writes ?? 0) > 0 || this.#sealed.length > 0) this.#startLoad(true);
      else return;
    }
  }

  /** Refuses new writes, loads everything acknowledged into the store and empties the journal. */
  async close(): Promise<void> {
    if (this.#state === 'new') return;
    this.#state = 'closing';
    await this.drain();
  }

  /**
   * Appends the queued writes, one append at a time. When an append completes, the next one (the
   * writes queued meanwhile) starts before the completed writes are answered, so that the disk syncs
   * while the event loop answers; a load starts (and seals the segment) only between appends.
   */
  async #commitLoop(): Promise<void> {
    try {
      let batch = this.#queue.splice(0, this.#queue.length);
      let appended = this.#append(batch);
      while (batch.length > 0) {
        const failure = await appended;
        const done = batch;
        if (!this.#loading) this.#startLoad();
        batch = this.#queue.splice(0, this.#queue.length);
        if (batch.length > 0) appended = this.#append(batch);
        if (failure === undefined) for (const pending of done) pending.resolve();
        else for (const pending of done) pending.reject(failure.error);
      }
    } finally {
      this.#committing = undefined;
    }
  }

  /** Appends the writes as one synced write to the current segment; resolves with a failure, if any. */
  async #append(batch: readonly Pending[]): Promise<{ error: unknown } | undefined> {
    try {
      const segment = await this.#segment();
      await segment.handle.write(batch.map((pending) => pending.line).join(''));
      if (DATA_SYNC_FLAG === undefined) await segment.handle.datasync();
      segment.writes += batch.length;
      this.#unloaded += batch.length;
      return undefined;
    } catch (error) {
      this.#log?.error({ err: error, writes: batch.length }, 'ingest journal append failed');
      return { error };
    }
  }

  async #segment() {
    if (!this.#current) {
      this.#sequence += 1;
      const file = path.join(this.#dir, `${String(this.#sequence).padStart(12, '0')}.jsonl`);
      this.#current = { file, writes: 0, handle: await open(file, SEGMENT_FLAGS) };
    }
    return this.#current;
  }

  /**
   * Seals the current segment (between appends) and loads the sealed ones in the background; no
   * sooner than the load interval after the previous load started, nor than its rest after it ended
   * ({@link LOAD_REST_FACTOR}: at most five intervals, none while a full load waits), unless `now`.
   */
  #startLoad(now = false): void {
    if (this.#loading) return;
    const rest =
      this.#unloaded >= this.#maxLoad
        ? 0
        : Math.min(LOAD_REST_FACTOR * this.#lastLoadMs, 5 * this.#loadIntervalMs);
    const due = Math.max(this.#lastLoadAt + this.#loadIntervalMs, this.#lastLoadEnd + rest);
    if (!now && due > Date.now()) {
      // A timer already set for this time or sooner stands; a backlog that ends the rest brings it forward.
      if (this.#loadTimer && this.#loadTimerDue <= due) return;
      clearTimeout(this.#loadTimer);
      this.#loadTimerDue = due;
      this.#loadTimer = setTimeout(() => {
        this.#loadTimer = undefined;
        if (!this.#committing) this.#startLoad();
      }, due - Date.now());
      this.#loadTimer.unref();
      return;
    }
    clearTimeout(this.#loadTimer);
    this.#loadTimer = undefined;
    this.#lastLoadAt = Date.now();
    if (this.#current && this.#current.writes > 0) {
      const { file, writes, handle } = this.#current;
      this.#current = undefined;
      this.#sealed.push({ file, writes });
      void handle.close().catch(() => undefined);
    }
    if (this.#sealed.length === 0) return;
    this.#loading = this.#loadSealed().finally(() => {
      this.#loading = undefined;
      this.#lastLoadEnd = Date.now();
      this.#lastLoadMs = this.#lastLoadEnd - this.#lastLoadAt;
      if (!this.#committing && (this.#sealed.length > 0 || (this.#current?.writes ?? 0) > 0)) {
        this.#startLoad();
      }
    });
  }

  async #loadSealed(): Promise<void> {
    const segments: Segment[] = [];
    let count = 0;
    while (
      this.#sealed.length > 0 &&
      (count === 0 || count + (this.#sealed[0]?.writes ?? 0) <= this.#maxLoad)
    ) {
      const segment = this.#sealed.shift();
      if (!segment) break;
      segments.push(segment);
      count += segment.writes;
    }
    try {
      await this.#loadIntoStore(segments.map((segment) => segment.file));
      for (const segment of segments) await rm(segment.file, { force: true });
      this.#unloaded -= count;
    } catch (error) {
      // The segments stay on disk and in line; the next load (or the next start) tries again.
      this.#sealed.unshift(...segments);
      this.#log?.error({ err: error, writes: count }, 'loading ingested events into the store failed');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  /** Stores the writes of the segment files; a line the store refuses is set aside (quarantine). */
  #loadIntoStore(files: readonly string[]): Promise<void> {
    return loadSettingAside(files, {
      load: (some) => this.#loadFiles(some),
      healthy: async () => {
        try {
          return (await this.#store.health()).status === 'up';
        } catch {
          return false;
        }
      },
      quarantine: this.#quarantine,
      journalDir: this.#dir,
    });
  }

  async #loadFiles(files: readonly string[]): Promise<void> {
    const started = performance.now();
    if (this.#store.loadJournal) {
      await this.#store.loadJournal(files);
      this.#log?.debug(
        { segments: files.length, ms: Math.round(performance.now() - started) },
        'ingest journal loaded into the event store',
      );
      return;
    }
    const writes: EventWrite[] = [];
    for (const file of files) {
      writes.push(
        ...parseSegment(await readFile(file, 'utf8'), (line) => {
          throw new Error(`line ${line} of ${path.basename(file)} is not JSON`);
        }),
      );
    }
    const rows = journalRows(writes);
    const sessions = foldSessions(rows.sessions);
    // In slices: validating and staging a slice runs on the event loop, so requests go on in between.
    for (const slice of slices(rows.hits)) await this.#store.insertHits(slice);
    for (const slice of slices(rows.conversions)) await this.#store.insertConversions(slice);
    for (const slice of slices(sessions)) await this.#store.insertSessions(slice);
    this.#log?.debug(
      {
        hits: rows.hits.length,
        conversions: rows.conversions.length,
        sessions: sessions.length,
        ms: Math.round(performance.now() - started),
      },
      'ingest journal loaded into the event store',
    );
  }
}

/** Rows handed to the store per call during a load. */
const LOAD_SLICE_ROWS = 2_000;

function slices<Row>(rows: readonly Row[]): Row[][] {
  const result: Row[][] = [];
  for (let start = 0; start < rows.length; start += LOAD_SLICE_ROWS) {
    result.push(rows.slice(start, start + LOAD_SLICE_ROWS));
  }
  return result;
}

/**
 * Folds the snapshots of each session in a load into one, by the store's own merge rule
 * (`EventStore.insertSessions`): earliest start, latest sighting, largest hit count, worst tier, the
 * union of reasons, each reason's evidence (`mergeEvidence`), acquisition fields from the earliest snapshot (the first of equals). A visit sends
 * a snapshot per hit; folding first spares the store most of its upserts and changes no result.
 */
export function foldSessions(rows: readonly SessionRow[]): SessionRow[] {
  const folded = new Map<string, SessionRow>();
  for (const row of rows) {
    const key = `${row.relationshipId}:${row.id}`;
    const seen = folded.get(key);
    if (!seen) {
      folded.set(key, { ...row, threats: [...row.threats] });
      continue;
    }
    const earliest = row.startedAt < seen.startedAt ? row : seen;
    folded.set(key, {
      ...earliest,
      startedAt: earliest.startedAt,
      lastSeenAt: new Date(Math.max(row.lastSeenAt.getTime(), seen.lastSeenAt.getTime())),
      hits: Math.max(row.hits, seen.hits),
      riskLevel: worst(seen.riskLevel, row.riskLevel),
      threats: [...new Set([...seen.threats, ...row.threats])].sort(),
      evidence: mergeEvidence(seen.evidence, row.evidence),
    });
  }
  return [...folded.values()];
}

/**
 * The writes of a journal segment; a line that does not parse (cut off by a crash) is skipped. Dates
 * come back from their ISO strings, in the fields known to hold them (no reviver call per value).
 */
export function parseSegment(
  text: string,
  onSkipped: (line: number) => void = () => undefined,
): EventWrite[] {
  const writes: EventWrite[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let write: EventWrite;
    try {
      write = JSON.parse(line);
    } catch {
      onSkipped(index + 1);
      return;
    }
    for (const hit of write.hits ?? []) hit.ts = revive(hit.ts);
    for (const session of write.hitSessions ?? []) session.startedAt = revive(session.startedAt);
    for (const session of write.sessions ?? []) {
      session.startedAt = revive(session.startedAt);
      session.lastSeenAt = revive(session.lastSeenAt);
    }
    for (const conversion of write.conversions ?? []) conversion.ts = revive(conversion.ts);
    writes.push(write);
  });
  return writes;
}

function revive(value: Date | string): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

const MAX_INT32 = 2_147_483_647;

/**
 * The session figures of a write's hits: one per hit, a positive hit count and a valid start (the
 * rest of the session row is the hit's, already checked); refused like an invalid session row.
 */
function checkHitSessions(write: EventWrite): void {
  const snapshots: readonly HitSession[] = write.hitSessions ?? [];
  if (snapshots.length === 0) return;
  const issues: EventValidationIssue[] = [];
  if (snapshots.length !== (write.hits?.length ?? 0)) {
    issues.push({ row: 0, field: '(row)', message: 'one session snapshot per hit is required' });
  }
  snapshots.forEach((snapshot, row) => {
    if (!Number.isInteger(snapshot.hits) || snapshot.hits < 1 || snapshot.hits > MAX_INT32) {
      issues.push({ row, field: 'hits', message: 'must be a positive 32-bit integer' });
    }
    if (!(snapshot.startedAt instanceof Date) || Number.isNaN(snapshot.startedAt.getTime())) {
      issues.push({ row, field: 'startedAt', message: 'must be a valid Date' });
    }
  });
  if (issues.length > 0) throw new EventValidationError('sessions', issues);
}
