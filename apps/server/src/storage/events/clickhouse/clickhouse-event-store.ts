import { createHash } from 'node:crypto';
import { type AdCostRow, type AdCostUpsertResult, normalizeAdCosts } from '../ad-costs.js';
import { type AnalyticsQuery, clickhouseDialect, type SqlDialect } from '../dialect.js';
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
  MigrationResult,
  ResultRow,
  SessionRow,
  SessionUpsertResult,
} from '../event-store.js';
import type { EventWriterLock } from '../event-writer-lock.js';
import { inProcessWriterLock } from '../event-writer-lock.js';
import { HIT_ROLLUP_TABLE, hitRollup } from '../hit-rollup.js';
import { eventKey, mergeSessionCells } from '../session-merge.js';
import { renderSql } from '../sql.js';
import { probeHealth, StoreWorkQueue } from '../store-work-queue.js';
import {
  type ClickHouseExecutor,
  type ClickHouseParams,
  type ClickHouseResult,
  clickhouseDateTime,
  isSupportedVersion,
  MIN_CLICKHOUSE_VERSION,
} from './clickhouse-executor.js';
import { CLICKHOUSE_MIGRATIONS } from './clickhouse-migrations.js';
import { fromClickHouseValue, fromJsonRow, toClickHouseParam, toJsonRow } from './clickhouse-values.js';

export interface ClickHouseEventStoreOptions {
  /**
   * The lock every write runs under (migrate, inserts, session merges, ad-cost upserts), shared by
   * every server writing the same ClickHouse (`open-stores.ts`); by default one for this store alone.
   */
  writerLock?: EventWriterLock;
}

/**
 * Opens the ClickHouse event store over an executor (HTTP in production, chdb in tests); the store
 * owns the executor and closes it. Call `migrate()` before writing.
 */
export function openClickHouseEventStore(
  executor: ClickHouseExecutor,
  options: ClickHouseEventStoreOptions = {},
): EventStore {
  return new ClickHouseEventStore(executor, options.writerLock ?? inProcessWriterLock());
}

const SCHEMA_VERSION_TABLE = `CREATE TABLE IF NOT EXISTS event_schema_version (
  version UInt32,
  description String,
  applied_at DateTime64(3, 'UTC') DEFAULT now64(3)
)
ENGINE = MergeTree
ORDER BY version`;

/** Ids looked up per existence query, so a large batch keeps its parameters small. */
const LOOKUP_CHUNK = 1000;

/**
 * ClickHouse has no unique keys nor multi-statement transactions, so the store keeps the EventStore
 * contract in its single writer: one write at a time in this process, and each under the writer lock
 * that the servers sharing the ClickHouse share (docs/events.md, "Several servers"):
 * - hits, conversions, exclusion firings and engagements: the writer reads which ids of the batch are
 *   stored, drops those and repeats within the batch, and inserts the rest in one INSERT;
 * - sessions: the writer reads the stored sessions of the batch, folds the batch into them with the
 *   merge rule (`session-merge.ts`) and appends the results as a new version; `sessions` reads FINAL.
 * Writes run one at a time in call order; queries run alongside and see whole INSERTs only. Versions
 * are above the stored ones whatever the servers' clocks say.
 */
class ClickHouseEventStore implements EventStore {
  readonly dialect: SqlDialect = clickhouseDialect;
  private readonly work = new StoreWorkQueue();
  private lastVersion = 0;

  constructor(
    private readonly executor: ClickHouseExecutor,
    private readonly writerLock: EventWriterLock,
  ) {}

  migrate(): Promise<MigrationResult> {
    // Under the lock too: two servers starting at once would both apply a pending migration.
    return this.write(async () => {
      const version = await this.executor.serverVersion();
      if (!isSupportedVersion(version)) {
        throw new Error(
          `ClickHouse ${version} is too old for the event store: it needs ${MIN_CLICKHOUSE_VERSION.join('.')} or later`,
        );
      }
      await this.executor.command(SCHEMA_VERSION_TABLE);
      const current = await this.executor.query('SELECT max(version) AS version FROM event_schema_version');
      const fromVersion = Number(current.data[0]?.version ?? 0);
      let toVersion = fromVersion;
      for (const migration of CLICKHOUSE_MIGRATIONS) {
        if (migration.version <= fromVersion) continue;
        // No DDL transactions: a migration interrupted half-way is finished by hand (see docs/events.md).
        for (const statement of migration.statements) await this.executor.command(statement);
        await this.executor.insert('event_schema_version', [
          { version: migration.version, description: migration.description },
        ]);
        toVersion = migration.version;
      }
      for (const table of TABLES) await this.assertColumnsMatchCatalogue(table);
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
    return this.write(async () => {
      if (cells.length === 0) return { inserted: 0, merged: 0 };
      const stored = await this.readStored(sessionTable, 'session_versions FINAL', cells, SESSION_COLUMNS);
      const merged = new Map<string, CellValue[]>();
      for (const row of cells) {
        const key = eventKey(row);
        // A session new to the store is folded with itself: its reasons sorted, each once.
        const earlier = merged.get(key) ?? stored.get(key) ?? row;
        merged.set(key, mergeSessionCells(earlier, row));
      }
      const inserted = [...merged.keys()].filter((key) => !stored.has(key)).length;
      // Above the version of every stored session of the batch, which another server may have written.
      const version = this.nextVersion(stored.maxVersion);
      await this.executor.insert(
        'session_versions',
        [...merged.values()].map((row) => ({ ...toJsonRow(sessionTable, row), version })),
      );
      return { inserted, merged: cells.length - inserted };
    });
  }

  /** Appends the batch as a new version of each campaign day; `ad_costs` reads the latest FINAL. */
  async upsertAdCosts(rows: readonly AdCostRow[]): Promise<AdCostUpsertResult> {
    const normalized = normalizeAdCosts(rows);
    return this.write(async () => {
      if (normalized.length === 0) return { stored: 0 };
      const latest = await this.executor.query(
        'SELECT max(version) AS version FROM ad_cost_versions WHERE relationship_id IN {relationships:Array(UInt32)}',
        { relationships: [...new Set(normalized.map((row) => row.relationshipId))] },
      );
      const version = this.nextVersion(Number(latest.data[0]?.version ?? 0));
      const importedAt = clickhouseDateTime(new Date());
      await this.executor.insert(
        'ad_cost_versions',
        normalized.map((row) => ({
          relationship_id: row.relationshipId,
          provider: row.provider,
          customer_id: row.customerId,
          campaign_id: row.campaignId,
          day: row.day,
          clicks: row.clicks,
          cost_micros: row.costMicros,
          currency: row.currency,
          imported_at: importedAt,
          version,
        })),
      );
      return { stored: normalized.length };
    });
  }

  async query<Row extends ResultRow = ResultRow>(query: AnalyticsQuery): Promise<Row[]> {
    const { text, named } = this.bound(query);
    const result = await this.work.read(() => this.executor.query(text, named));
    return resultRows<Row>(result);
  }

  queryChunks<Row extends ResultRow = ResultRow>(
    query: AnalyticsQuery,
    chunkRows: number,
    onChunk: (rows: Row[]) => Promise<void>,
  ): Promise<number> {
    const { text, named } = this.bound(query);
    return this.work.read(async () => {
      let handed = 0;
      await this.executor.queryChunks(text, named, chunkRows, async (chunk) => {
        handed += chunk.data.length;
        await onChunk(resultRows<Row>(chunk));
      });
      return handed;
    });
  }

  /** The text of a query with its parameters named as ClickHouse binds them. */
  private bound(query: AnalyticsQuery): { text: string; named: ClickHouseParams } {
    const { text, params } = renderSql(query(this.dialect), this.dialect.placeholder);
    const named: ClickHouseParams = {};
    params.forEach((param, index) => {
      named[`p${index + 1}`] = toClickHouseParam(param);
    });
    return { text, named };
  }

  health(): Promise<EventStoreHealth> {
    return probeHealth('clickhouse', () => this.work.read(() => this.executor.command('SELECT 1')));
  }

  close(): Promise<void> {
    return this.work.close(() => this.executor.close());
  }

  /** A write: after the earlier ones of this store, and under the writer lock the servers share. */
  private write<T>(work: () => Promise<T>): Promise<T> {
    return this.work.write(() => this.writerLock.run(work));
  }

  private async insertOnce<Row>(table: EventTable<Row>, rows: readonly Row[]): Promise<InsertResult> {
    const cells = normalizeBatch(table, rows);
    return this.write(async () => {
      if (cells.length === 0) return { inserted: 0, duplicates: 0 };
      const stored = await this.readStored(table, table.kind, cells, 'relationship_id, id');
      const fresh = new Map<string, CellValue[]>();
      for (const row of cells) {
        const key = eventKey(row);
        // First occurrence in the batch wins; rows already stored are skipped.
        if (!stored.has(key) && !fresh.has(key)) fresh.set(key, row);
      }
      if (fresh.size > 0) {
        // The backstop behind the check: the same rows inserted again within the tables' window (an
        // INSERT that failed to answer but landed, then retried) are dropped, their rollup with them.
        const deduplicationToken = createHash('sha256')
          .update(JSON.stringify([...fresh.keys()]))
          .digest('base64url');
        await this.executor.insert(
          table.kind,
          [...fresh.values()].map((row) => toJsonRow(table, row)),
          { deduplicationToken },
        );
        if (table.kind === 'hits') {
          await this.executor.insert(
            HIT_ROLLUP_TABLE,
            hitRollup([...fresh.values()]).map((row) => ({
              relationship_id: row.relationshipId,
              hour: clickhouseDateTime(row.hour),
              ...row.values,
              hits: row.hits,
              cost: row.cost,
            })),
            { deduplicationToken },
          );
        }
      }
      return { inserted: fresh.size, duplicates: cells.length - fresh.size };
    });
  }

  /**
   * The stored rows with the identities of `cells`, by key (only the key columns unless asked), and
   * the highest `version` among them when the columns include it (0 otherwise).
   */
  private async readStored<Row>(
    table: EventTable<Row>,
    source: string,
    cells: readonly CellValue[][],
    columns: string,
  ): Promise<Map<string, CellValue[]> & { maxVersion: number }> {
    const wanted = new Set(cells.map(eventKey));
    const ids = [...new Set(cells.map((row) => String(row[1])))];
    const relationships = [...new Set(cells.map((row) => Number(row[0])))];
    const stored = Object.assign(new Map<string, CellValue[]>(), { maxVersion: 0 });
    for (let start = 0; start < ids.length; start += LOOKUP_CHUNK) {
      const result = await this.executor.query(
        `SELECT ${columns} FROM ${source}
         WHERE relationship_id IN {relationships:Array(UInt32)} AND id IN {ids:Array(String)}`,
        { relationships, ids: ids.slice(start, start + LOOKUP_CHUNK) },
      );
      for (const data of result.data) {
        const row = fromJsonRow(table, data);
        const key = eventKey(row);
        if (!wanted.has(key)) continue;
        stored.set(key, row);
        stored.maxVersion = Math.max(stored.maxVersion, Number(data.version ?? 0));
      }
    }
    return stored;
  }

  /**
   * A version above every earlier one of this store and above `stored` (the highest version of the
   * rows it replaces, read under the writer lock, whichever server wrote them): microseconds of the
   * wall clock unless a server with a clock ahead wrote later ones.
   */
  private nextVersion(stored = 0): number {
    this.lastVersion = Math.max(Date.now() * 1000, this.lastVersion + 1, stored + 1);
    return this.lastVersion;
  }

  private async assertColumnsMatchCatalogue<Row>(table: EventTable<Row>): Promise<void> {
    const result = await this.executor.query(
      `SELECT name FROM system.columns
       WHERE database = currentDatabase() AND table = {table:String} ORDER BY position`,
      { table: table.kind },
    );
    const stored = result.data.map((row) => String(row.name));
    const expected = table.columns.map((column) => column.name);
    if (stored.join(',') !== expected.join(',')) {
      throw new Error(
        `The ${table.kind} table does not match its column catalogue: stored ${stored.join(', ')}; expected ${expected.join(', ')}`,
      );
    }
  }
}

/** The session columns a merge reads, with the version of the stored row. */
const SESSION_COLUMNS = [...sessionTable.columns.map((column) => column.name), 'version'].join(', ');

const TABLES: readonly EventTable<never>[] = [
  hitTable,
  sessionTable,
  conversionTable,
  exclusionFiringTable,
  engagementTable,
];

/** Result rows by column name, their values converted (documented on EventStore.query). */
function resultRows<Row extends ResultRow>(result: ClickHouseResult): Row[] {
  return result.data.map((data) => {
    const row: ResultRow = {};
    for (const { name, type } of result.meta) row[name] = fromClickHouseValue(data[name], type, name);
    // The caller asserts the row shape.
    return row as Row;
  });
}
