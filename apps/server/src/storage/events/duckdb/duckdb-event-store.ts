import { type DuckDBConnection, DuckDBInstance, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { type AdCostRow, type AdCostUpsertResult, normalizeAdCosts } from '../ad-costs.js';
import { type AnalyticsQuery, duckdbDialect, type SqlDialect } from '../dialect.js';
import {
  type CellValue,
  conversionTable,
  type EventTable,
  engagementTable,
  exclusionFiringTable,
  hitTable,
  normalizeBatch,
  sessionTable,
} from '../event-columns.js';
import type {
  ConversionRow,
  EngagementRow,
  EventStore,
  EventStoreHealth,
  ExclusionFiringRow,
  HitRow,
  InsertResult,
  KeyedTable,
  MigrationResult,
  ResultRow,
  SessionRow,
  SessionUpsertResult,
} from '../event-store.js';
import { HIT_ROLLUP_TABLE } from '../hit-rollup.js';
import { eventKey } from '../session-merge.js';
import { renderSql } from '../sql.js';
import { probeHealth, StoreWorkQueue } from '../store-work-queue.js';
import { upsertAdCostRows } from './duckdb-ad-costs.js';
import {
  firstStaged,
  insertNewStaged,
  JOURNAL_HIT_EVENTS,
  JOURNAL_PRESENT_SQL,
  readJournalSql,
  rollupOf,
  STAGE_JOURNAL_CONVERSIONS_SQL,
  STAGE_JOURNAL_HITS_SQL,
  STAGE_JOURNAL_SESSIONS_SQL,
} from './duckdb-journal.js';
import { DUCKDB_MIGRATIONS } from './duckdb-migrations.js';
import { appendRollup, COMPACT_MIN_ROWS, COMPACT_ROLLUP_SQL, countRows } from './duckdb-rollup.js';
import { NEW_SESSION_COUNT_SQL, SESSION_MERGE_SQL } from './duckdb-session-merge.js';
import { appendCell, fromDuckDbValue, toDuckDbParam } from './duckdb-values.js';

export interface DuckDbEventStoreOptions {
  /** Database file, e.g. `${DATA_DIR}/events.duckdb`; `:memory:` for a throwaway store. */
  path: string;
  /** DuckDB worker threads (default 1, see {@link DEFAULT_THREADS}). */
  threads?: number;
  /** Write-ahead log size that triggers a checkpoint (default {@link DEFAULT_CHECKPOINT_THRESHOLD}). */
  checkpointThreshold?: string;
  /** Partial rollup rows appended before hits_hourly is first compacted (default {@link COMPACT_MIN_ROWS}). */
  compactRollupAfter?: number;
  /** Rows a query of `scanKeys` reads (default {@link SCAN_KEYS_ROWS}). */
  scanKeysRows?: number;
}

/**
 * The embedded store shares its host with the server's request path. DuckDB's default (one thread per
 * core) made every load compete with request handling: the collector spent more CPU per hit and took
 * fewer hits a second (`npm run bench -- ingest`), while the store's analytics shapes were no slower
 * with one thread (`npm run bench -- event-store`). A dedicated analytics host raises it through the
 * option (docs/decisions.md, "DuckDB runs on one thread").
 */
export const DEFAULT_THREADS = 1;

/**
 * DuckDB checkpoints (compresses what the write-ahead log holds into the database file) each time the
 * log reaches this size. At its default of 16 MB checkpoints took a large share of a saturated
 * collector's CPU; fewer, larger ones cost less a page view. The price: up to this much log to replay
 * when the store opens after a crash (docs/decisions.md, "DuckDB checkpoints at 64 MB";
 * `npm run bench -- ingest`).
 */
export const DEFAULT_CHECKPOINT_THRESHOLD = '64MB';

/** Rows a query of `scanKeys` reads: about 2.5 MB of keys. */
export const SCAN_KEYS_ROWS = 100_000;

/** Opens (creating if absent) the DuckDB event store. Call `migrate()` before writing. */
export async function openDuckDbEventStore(options: DuckDbEventStoreOptions): Promise<EventStore> {
  const threads = Math.max(1, Math.floor(options.threads ?? DEFAULT_THREADS));
  const instance = await DuckDBInstance.create(options.path, {
    threads: String(threads),
    checkpoint_threshold: options.checkpointThreshold ?? DEFAULT_CHECKPOINT_THRESHOLD,
  });
  try {
    const writer = await instance.connect();
    // Session-wide settings are per instance: make TIMESTAMPTZ casts independent of the host zone.
    await writer.run("SET GLOBAL TimeZone = 'UTC'");
    return new DuckDbEventStore(
      instance,
      writer,
      options.path,
      options.compactRollupAfter ?? COMPACT_MIN_ROWS,
      options.scanKeysRows ?? SCAN_KEYS_ROWS,
    );
  } catch (error) {
    instance.closeSync();
    throw error;
  }
}

const SCHEMA_VERSION_TABLE = `CREATE TABLE IF NOT EXISTS event_schema_version (
  version INTEGER PRIMARY KEY,
  description VARCHAR NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL DEFAULT current_timestamp
)`;

/**
 * One DuckDB instance, one writer connection and a pool of reader connections.
 *
 * Writes (migrate, inserts, close) run one at a time on the writer, in the order they were called.
 * Each batch is one transaction: the rows are appended to a temporary staging table, then moved to the
 * event table with INSERT ... SELECT of the (relationship_id, id) keys not stored yet. COMMIT
 * writes the transaction to the write-ahead log and syncs it to disk, so a resolved insert survives a
 * crash; a failure rolls everything back. Readers see committed data only (DuckDB's MVCC snapshots).
 */
class DuckDbEventStore implements EventStore {
  readonly dialect: SqlDialect = duckdbDialect;
  private readonly work = new StoreWorkQueue();
  private readonly idleReaders: DuckDBConnection[] = [];
  /** Rows of hits_hourly after its last compaction, and rows appended since (see compactRollupIfDue). */
  private rollupRows = { compacted: 0, appended: 0 };
  private compactionError: string | undefined;
  /** The staging tables exist (migrate drops them, to follow the event tables' shape). */
  private journalStagesReady = false;

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
    private readonly path: string,
    private readonly compactRollupAfter: number,
    private readonly scanKeysRows: number,
  ) {}

  migrate(): Promise<MigrationResult> {
    return this.write(async (connection) => {
      await connection.run(SCHEMA_VERSION_TABLE);
      const current = await connection.runAndReadAll(
        'SELECT coalesce(max(version), 0) AS version FROM event_schema_version',
      );
      const fromVersion = Number(current.getRowsJS()[0]?.[0] ?? 0);
      let toVersion = fromVersion;
      for (const migration of DUCKDB_MIGRATIONS) {
        if (migration.version <= fromVersion) continue;
        await inTransaction(connection, async () => {
          for (const statement of migration.statements) await connection.run(statement);
          await connection.run('INSERT INTO event_schema_version (version, description) VALUES ($1, $2)', [
            migration.version,
            migration.description,
          ]);
        });
        toVersion = migration.version;
      }
      // Staging tables copy the event tables' shape: recreate them after any schema change.
      this.journalStagesReady = false;
      for (const table of TABLES) {
        await connection.run(`DROP TABLE IF EXISTS temp.stage_${table.kind}`);
        await assertColumnsMatchCatalogue(connection, table);
      }
      this.rollupRows = { compacted: await countRows(connection, HIT_ROLLUP_TABLE), appended: 0 };
      return { fromVersion, toVersion };
    });
  }

  insertHits(rows: readonly HitRow[]): Promise<InsertResult> {
    return this.insertOnce(hitTable, rows);
  }

  insertConversions(rows: readonly ConversionRow[]): Promise<InsertResult> {
    return this.insertOnce(conversionTable, rows);
  }

  insertExclusionFirings(rows: readonly ExclusionFiringRow[]): Promise<InsertResult> {
    return this.insertOnce(exclusionFiringTable, rows);
  }

  insertEngagements(rows: readonly EngagementRow[]): Promise<InsertResult> {
    return this.insertOnce(engagementTable, rows);
  }

  async insertSessions(rows: readonly SessionRow[]): Promise<SessionUpsertResult> {
    const cells = normalizeBatch(sessionTable, rows);
    if (cells.length === 0) return this.afterQueuedWrites({ inserted: 0, merged: 0 });
    return this.write((connection) =>
      inTransaction(connection, async () => {
        await stage(connection, sessionTable, cells);
        const count = await connection.runAndReadAll(NEW_SESSION_COUNT_SQL);
        const inserted = Number(count.getRowsJS()[0]?.[0] ?? 0);
        for (const statement of SESSION_MERGE_SQL) await connection.run(statement);
        await connection.run('DELETE FROM temp.stage_sessions');
        return { inserted, merged: cells.length - inserted };
      }),
    );
  }

  async upsertAdCosts(rows: readonly AdCostRow[]): Promise<AdCostUpsertResult> {
    const normalized = normalizeAdCosts(rows);
    if (normalized.length === 0) return this.afterQueuedWrites({ stored: 0 });
    return this.write((connection) =>
      inTransaction(connection, async () => {
        await upsertAdCostRows(connection, normalized, new Date());
        return { stored: normalized.length };
      }),
    );
  }

  /**
   * DuckDB parses the segments itself (`duckdb-journal.ts`) and moves their rows through the staging
   * tables into the event tables, all in one transaction: the event loop touches no row.
   */
  loadJournal(files: readonly string[]): Promise<void> {
    if (files.length === 0) return this.afterQueuedWrites(undefined);
    return this.write(async (connection) => {
      await inTransaction(connection, async () => {
        await connection.run(readJournalSql(files));
        if (!this.journalStagesReady) {
          for (const table of TABLES) await createStage(connection, table);
          this.journalStagesReady = true;
        }
        // Each step has a fixed cost in DuckDB: a kind the segments do not hold is skipped.
        const present = await connection.runAndReadAll(JOURNAL_PRESENT_SQL);
        const [hits = 0, conversions = 0, sessions = 0, ...ofHits] = (present.getRowsJS()[0] ?? []).map(
          Number,
        );
        if (hits > 0) {
          const staged = (await connection.run(STAGE_JOURNAL_HITS_SQL)).rowsChanged;
          await this.storeStagedHits(connection, staged);
          await connection.run('DELETE FROM temp.stage_hits');
        }
        if (conversions > 0) {
          await connection.run(STAGE_JOURNAL_CONVERSIONS_SQL);
          await connection.run(insertNewStaged('conversions'));
          await connection.run('DELETE FROM temp.stage_conversions');
        }
        for (const [index, events] of JOURNAL_HIT_EVENTS.entries()) {
          if (!ofHits[index]) continue;
          await connection.run(events.stage);
          await connection.run(insertNewStaged(events.kind));
          await connection.run(`DELETE FROM temp.stage_${events.kind}`);
        }
        if (hits + sessions > 0) {
          await connection.run(STAGE_JOURNAL_SESSIONS_SQL[sessions > 0 ? 'interleaved' : 'hitsOnly']);
          for (const statement of SESSION_MERGE_SQL) await connection.run(statement);
          await connection.run('DELETE FROM temp.stage_sessions');
        }
        await connection.run('DROP TABLE temp.journal');
      });
      await this.compactRollupIfDue(connection);
    });
  }

  /**
   * Inserts the first staged row of each new hit and adds their hourly rollup: from the staged hits
   * when every one of them was stored (the usual case: no repeat in the batch nor in the store), else
   * from the keys the insert returned.
   */
  private async storeStagedHits(connection: DuckDBConnection, staged: number): Promise<void> {
    const inserted = await connection.runAndReadAll(insertNewStaged('hits'));
    if (inserted.currentRowCount === 0) return;
    let rollup = rollupOf('SELECT * FROM temp.stage_hits');
    if (inserted.currentRowCount !== staged) {
      await connection.run(
        'CREATE OR REPLACE TEMP TABLE inserted_hits (relationship_id INTEGER, id VARCHAR)',
      );
      const appender = await connection.createAppender('inserted_hits', 'main', 'temp');
      try {
        for (const [relationshipId, id] of inserted.getRowsJS()) {
          appender.appendInteger(Number(relationshipId));
          appender.appendVarchar(String(id));
          appender.endRow();
        }
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
      rollup = rollupOf(
        `SELECT * FROM (${firstStaged('hits')}) SEMI JOIN temp.inserted_hits USING (relationship_id, id)`,
      );
    }
    this.rollupRows.appended += (await connection.run(rollup)).rowsChanged;
  }

  async query<Row extends ResultRow = ResultRow>(query: AnalyticsQuery): Promise<Row[]> {
    const { text, values, types } = this.bound(query);
    const reader = await this.read((connection) => connection.runAndReadAll(text, values, types));
    const names = reader.columnNames();
    return reader.getRows().map((cells) => resultRow<Row>(names, cells));
  }

  queryChunks<Row extends ResultRow = ResultRow>(
    query: AnalyticsQuery,
    chunkRows: number,
    onChunk: (rows: Row[]) => Promise<void>,
  ): Promise<number> {
    const { text, values, types } = this.bound(query);
    return this.read(async (connection) => {
      // A streamed result: DuckDB produces a vector (2,048 rows) at a time as it is fetched.
      const result = await connection.stream(text, values, types);
      const names = result.columnNames();
      let pending: Row[] = [];
      let handed = 0;
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        for (const cells of chunk.getRows()) pending.push(resultRow<Row>(names, cells));
        while (pending.length >= chunkRows) {
          const rows = pending.slice(0, chunkRows);
          pending = pending.slice(chunkRows);
          handed += rows.length;
          await onChunk(rows);
        }
      }
      if (pending.length > 0) {
        handed += pending.length;
        await onChunk(pending);
      }
      return handed;
    });
  }

  /** The text of a query with its parameters bound as DuckDB takes them. */
  private bound(query: AnalyticsQuery): { text: string; values: DuckDBValue[]; types: DuckDBType[] } {
    const { text, params } = renderSql(query(this.dialect), this.dialect.placeholder);
    const values: DuckDBValue[] = [];
    const types: DuckDBType[] = [];
    for (const param of params) {
      const bound = toDuckDbParam(param);
      values.push(bound.value);
      types.push(bound.type);
    }
    return { text, values, types };
  }

  scanKeys(table: KeyedTable, onKeys: (keys: string[]) => void, signal?: AbortSignal): Promise<void> {
    return this.read(async (connection) => {
      const last = await connection.runAndReadAll(`SELECT max(rowid) FROM ${table}`);
      const lastRowId = Number(last.getRowsJS()[0]?.[0] ?? -1);
      // A range of row ids a query, so memory stays bounded; its keys come as one string, split here
      // (ids have no line breaks): DuckDB's client hands over one long string far faster than many
      // short ones (`npm run bench -- event-store-growth` times the read).
      for (let from = 0; from <= lastRowId && !signal?.aborted; from += this.scanKeysRows) {
        const result = await connection.runAndReadAll(
          `SELECT string_agg(relationship_id::VARCHAR || ':' || id, chr(10)) FROM ${table}
           WHERE rowid >= $1 AND rowid < $2`,
          [from, from + this.scanKeysRows],
        );
        const keys = result.getRowsJS()[0]?.[0];
        if (typeof keys === 'string') onKeys(keys.split('\n'));
      }
    });
  }

  async health(): Promise<EventStoreHealth> {
    const health = await probeHealth('duckdb', () => this.read((connection) => connection.run('SELECT 1')));
    if (health.status === 'down' || this.compactionError === undefined) return health;
    return { ...health, detail: `The hourly rollup could not be compacted: ${this.compactionError}` };
  }

  close(): Promise<void> {
    return this.work.close(() => this.shutdown());
  }

  private async shutdown(): Promise<void> {
    try {
      // Folds the write-ahead log into the database file, so the file alone holds the data.
      if (this.path !== ':memory:') await this.writer.run('CHECKPOINT');
    } finally {
      for (const reader of this.idleReaders.splice(0)) reader.closeSync();
      this.writer.closeSync();
      this.instance.closeSync();
    }
  }

  private async insertOnce<Row>(table: EventTable<Row>, rows: readonly Row[]): Promise<InsertResult> {
    const cells = normalizeBatch(table, rows);
    if (cells.length === 0) return this.afterQueuedWrites({ inserted: 0, duplicates: 0 });
    return this.write(async (connection) => {
      const result = await inTransaction(connection, async () => {
        await stage(connection, table, cells);
        // The first occurrence in the batch wins; rows already stored are skipped.
        const result = await connection.runAndReadAll(insertNewStaged(table.kind));
        await connection.run(`DELETE FROM temp.stage_${table.kind}`);
        const inserted = result
          .getRowsJS()
          .map(([relationshipId, id]) => eventKey([Number(relationshipId), String(id)]));
        if (table.kind === 'hits') {
          this.rollupRows.appended += await appendRollup(connection, firstOf(cells, new Set(inserted)));
        }
        return { inserted: inserted.length, duplicates: cells.length - inserted.length };
      });
      if (table.kind === 'hits') await this.compactRollupIfDue(connection);
      return result;
    });
  }

  /**
   * Regroups hits_hourly into one row per group once the partial rows appended since the last
   * compaction reach a quarter of the compacted table (and at least `compactRollupAfter`): a query
   * then reads at most 1.25 times the rows it needs, and each appended row is regrouped a bounded
   * number of times. Runs after the insert committed, in its own transaction: a failure leaves the
   * partial rows (still exact), is reported by health() and is retried after the next insert.
   */
  private async compactRollupIfDue(connection: DuckDBConnection): Promise<void> {
    const { compacted, appended } = this.rollupRows;
    if (appended < Math.max(this.compactRollupAfter, compacted / 4)) return;
    try {
      const rows = await inTransaction(connection, async () => {
        for (const statement of COMPACT_ROLLUP_SQL) await connection.run(statement);
        return countRows(connection, HIT_ROLLUP_TABLE);
      });
      this.rollupRows = { compacted: rows, appended: 0 };
      this.compactionError = undefined;
    } catch (error) {
      this.compactionError = error instanceof Error ? error.message : String(error);
      // Retried once as many partial rows again have been appended.
      this.rollupRows = { compacted: compacted + appended, appended: 0 };
    }
  }

  /** Resolves with `value` in queue order (an empty batch still rejects once the store is closed). */
  private afterQueuedWrites<T>(value: T): Promise<T> {
    return this.write(async () => value);
  }

  private write<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.work.write(() => work(this.writer));
  }

  private read<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.work.read(() => this.withReader(work));
  }

  private async withReader<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection = this.idleReaders.pop() ?? (await this.instance.connect());
    try {
      return await work(connection);
    } finally {
      this.idleReaders.push(connection);
    }
  }
}

const TABLES: readonly EventTable<never>[] = [
  hitTable,
  sessionTable,
  conversionTable,
  exclusionFiringTable,
  engagementTable,
];

async function inTransaction<T>(connection: DuckDBConnection, work: () => Promise<T>): Promise<T> {
  await connection.run('BEGIN TRANSACTION');
  try {
    const result = await work();
    await connection.run('COMMIT');
    return result;
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

const STAGE_SLICE_ROWS = 200;

/** The temporary staging table of the event kind, shaped like its event table (created on first use). */
async function createStage<Row>(connection: DuckDBConnection, table: EventTable<Row>): Promise<void> {
  await connection.run(
    `CREATE TEMP TABLE IF NOT EXISTS stage_${table.kind} AS SELECT * FROM main.${table.kind} LIMIT 0`,
  );
}

/** Appends validated cells to the temporary staging table of the event kind (created on first use). */
async function stage<Row>(connection: DuckDBConnection, table: EventTable<Row>, cells: CellValue[][]) {
  await createStage(connection, table);
  const appender = await connection.createAppender(`stage_${table.kind}`, 'main', 'temp');
  try {
    for (const [index, row] of cells.entries()) {
      table.columns.forEach((column, position) => {
        appendCell(appender, column.kind, row[position] ?? null);
      });
      appender.endRow();
      // Appending runs on the event loop: a large batch lets requests in between slices.
      if (index % STAGE_SLICE_ROWS === STAGE_SLICE_ROWS - 1) await new Promise(setImmediate);
    }
    appender.flushSync();
  } catch (error) {
    appender.clear();
    throw error;
  } finally {
    appender.closeSync();
  }
}

async function assertColumnsMatchCatalogue<Row>(connection: DuckDBConnection, table: EventTable<Row>) {
  const result = await connection.runAndReadAll(
    `SELECT column_name FROM duckdb_columns()
     WHERE database_name = current_database() AND schema_name = 'main' AND table_name = $1
     ORDER BY column_index`,
    [table.kind],
  );
  const stored = result.getRowsJS().map((row) => String(row[0]));
  const expected = table.columns.map((column) => column.name);
  if (stored.join(',') !== expected.join(',')) {
    throw new Error(
      `The ${table.kind} table does not match its column catalogue: stored ${stored.join(', ')}; expected ${expected.join(', ')}`,
    );
  }
}

/** The first row of the batch for each of the keys. */
function firstOf(cells: readonly CellValue[][], keys: ReadonlySet<string>): CellValue[][] {
  const taken = new Set<string>();
  return cells.filter((row) => {
    const key = eventKey(row);
    if (!keys.has(key) || taken.has(key)) return false;
    taken.add(key);
    return true;
  });
}

/** A result row by column name, its values converted (documented on EventStore.query). */
function resultRow<Row extends ResultRow>(names: readonly string[], cells: readonly DuckDBValue[]): Row {
  const row: ResultRow = {};
  names.forEach((name, index) => {
    row[name] = fromDuckDbValue(cells[index] ?? null, name);
  });
  // The caller asserts the row shape.
  return row as Row;
}
