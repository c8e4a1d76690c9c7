/**
 * Tables of the accounts store (OLTP), shared by SQLite and PostgreSQL.
 *
 * Conventions that let one set of queries serve both engines (docs/decisions.md):
 * - timestamps are ISO-8601 UTC strings (`2026-11-21T10:00:00.000Z`), which sort as text;
 * - booleans are integers 0/1;
 * - structured values are JSON text.
 */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface Database {
  app_meta: AppMetaTable;
}
