import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type DialectAdapter, Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { StoreHealth } from '../store-health.js';
import { migrateToLatest, type OltpDialectName } from './migrations.js';
import type { Database } from './schema.js';

/** The accounts store: a Kysely handle on SQLite (default) or PostgreSQL, with its lifecycle. */
export interface OltpStore {
  readonly db: Kysely<Database>;
  readonly dialect: OltpDialectName;
  /** Applies pending migrations; safe to call on every start. Returns the names applied. */
  migrate(): Promise<string[]>;
  health(): Promise<StoreHealth>;
  close(): Promise<void>;
}

export type OltpOptions = { databaseUrl: string } | { sqliteFile: string };

// BIGINT (int8) and NUMERIC come back as strings by default; counts and sums fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/**
 * SQLite runs DDL inside transactions, but Kysely's adapter says otherwise, so its migrator would
 * leave a half-applied migration behind on failure. This adapter tells the truth.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class VeracitySqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

function openSqlite(file: string): Kysely<Database> {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // FULL: a committed account change survives power loss, not only a crash; writes here are few.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new VeracitySqliteDialect({ database }) });
}

function openPostgres(databaseUrl: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 30_000 });
  // An idle connection the server ends (a restart, a failover, an administrator) is reported here; the
  // pool has already let it go and the next query opens another. Without a listener the event would
  // be thrown as an uncaught exception and take the process down.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function openOltpStore(options: OltpOptions): OltpStore {
  const dialect: OltpDialectName = 'databaseUrl' in options ? 'postgres' : 'sqlite';
  const db = 'databaseUrl' in options ? openPostgres(options.databaseUrl) : openSqlite(options.sqliteFile);
  const name = dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  let closed = false;
  return {
    db,
    dialect,
    migrate: () => migrateToLatest(db as unknown as Kysely<unknown>, dialect),
    async health() {
      if (closed) return { status: 'down', kind: name, detail: 'closed' };
      const started = performance.now();
      try {
        await sql`select 1`.execute(db);
        return { status: 'up', kind: name, latencyMs: performance.now() - started };
      } catch (error) {
        return { status: 'down', kind: name, detail: error instanceof Error ? error.message : String(error) };
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** Unique-constraint violations look different on each engine; callers turn them into 409s. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
