import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMeta, getMeta, setMeta } from './app-meta.repo.js';
import { MIGRATIONS, type Migration, MigrationError, migrateToLatest } from './migrations.js';
import { isUniqueViolation, type OltpStore } from './oltp-database.js';

export interface OltpFixture {
  store: OltpStore;
  /** Opens a second store on the same database, as a restarted or second server process would. */
  reopen(): OltpStore;
  cleanup(): Promise<void>;
}

interface ScratchDatabase {
  conformance_scratch: { id?: number; name: string; active: number; created_at: string };
}

/**
 * The behaviour every accounts-store engine must show. Runs against SQLite always and against
 * PostgreSQL when TEST_DATABASE_URL is set (oltp.test.ts).
 */
export function describeOltpConformance(engine: string, open: () => Promise<OltpFixture>): void {
  describe(`accounts store conformance: ${engine}`, () => {
    let fixture: OltpFixture;
    let scratch: Kysely<ScratchDatabase>;

    beforeAll(async () => {
      fixture = await open();
      const applied = await fixture.store.migrate();
      expect(applied).toEqual(MIGRATIONS.map((migration) => migration.name));
      scratch = fixture.store.db as unknown as Kysely<ScratchDatabase>;
      const id = fixture.store.dialect === 'postgres' ? 'serial' : 'integer';
      await scratch.schema
        .createTable('conformance_scratch')
        .addColumn('id', id, (col) =>
          fixture.store.dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
        )
        .addColumn('name', 'varchar(100)', (col) => col.notNull().unique())
        .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
        .execute();
    });

    afterAll(async () => {
      await fixture.cleanup();
    });

    it('reports its engine and is up', async () => {
      const health = await fixture.store.health();
      expect(health.status).toBe('up');
      expect(health.kind).toBe(engine);
      expect(health.latencyMs).toBeGreaterThanOrEqual(0);
    });

    it('applies no migration twice, also from a second process', async () => {
      expect(await fixture.store.migrate()).toEqual([]);
      const second = fixture.reopen();
      try {
        expect(await second.migrate()).toEqual([]);
      } finally {
        await second.close();
      }
    });

    it('rolls a failed migration back whole and reports which one failed', async () => {
      const broken: Migration = {
        name: '9999-broken',
        async up(db) {
          await db.schema.createTable('half_made').addColumn('id', 'integer').execute();
          throw new Error('boom');
        },
      };
      const db = fixture.store.db as unknown as Kysely<unknown>;
      await expect(migrateToLatest(db, fixture.store.dialect, [...MIGRATIONS, broken])).rejects.toThrow(
        MigrationError,
      );
      await expect(migrateToLatest(db, fixture.store.dialect, [...MIGRATIONS, broken])).rejects.toThrow(
        /9999-broken failed: boom/,
      );
      const tables = await fixture.store.db.introspection.getTables();
      expect(tables.map((table) => table.name)).not.toContain('half_made');
    });

    it('keeps instance facts: set, overwrite, ensure-once', async () => {
      const { db } = fixture.store;
      expect(await getMeta(db, 'conformance')).toBeUndefined();
      await setMeta(db, 'conformance', 'one');
      await setMeta(db, 'conformance', 'two');
      expect(await getMeta(db, 'conformance')).toBe('two');
      expect(await ensureMeta(db, 'conformance-once', 'first')).toBe('first');
      expect(await ensureMeta(db, 'conformance-once', 'second')).toBe('first');
    });

    it('returns generated ids and keeps ISO timestamps in order', async () => {
      const rows = ['2026-01-02T00:00:00.000Z', '2025-12-31T23:59:59.999Z', '2026-01-01T12:00:00.000Z'];
      const inserted = await scratch
        .insertInto('conformance_scratch')
        .values(
          rows.map((createdAt, index) => ({ name: `order-${index}`, active: 1, created_at: createdAt })),
        )
        .returning(['id', 'name'])
        .execute();
      expect(inserted).toHaveLength(3);
      expect(inserted.every((row) => typeof row.id === 'number' && row.id > 0)).toBe(true);
      const ordered = await scratch
        .selectFrom('conformance_scratch')
        .select('created_at')
        .where('name', 'like', 'order-%')
        .orderBy('created_at')
        .execute();
      expect(ordered.map((row) => row.created_at)).toEqual([...rows].sort());
    });

    it('recognises unique violations the same way on every engine', async () => {
      await scratch
        .insertInto('conformance_scratch')
        .values({ name: 'unique-name', active: 1, created_at: new Date().toISOString() })
        .execute();
      const duplicate = scratch
        .insertInto('conformance_scratch')
        .values({ name: 'unique-name', active: 0, created_at: new Date().toISOString() })
        .execute();
      const error = await duplicate.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(new Error('other'))).toBe(false);
    });

    it('commits a transaction whole or not at all', async () => {
      await expect(
        scratch.transaction().execute(async (trx) => {
          await trx
            .insertInto('conformance_scratch')
            .values({ name: 'in-failed-trx', active: 1, created_at: new Date().toISOString() })
            .execute();
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      await scratch.transaction().execute(async (trx) => {
        await trx
          .insertInto('conformance_scratch')
          .values({ name: 'in-committed-trx', active: 0, created_at: new Date().toISOString() })
          .execute();
      });
      const names = await scratch.selectFrom('conformance_scratch').select(['name', 'active']).execute();
      expect(names.map((row) => row.name)).not.toContain('in-failed-trx');
      expect(names).toContainEqual({ name: 'in-committed-trx', active: 0 });
    });

    it('shows committed writes to a second process', async () => {
      const second = fixture.reopen();
      try {
        await setMeta(fixture.store.db, 'shared', 'visible');
        expect(await getMeta(second.db, 'shared')).toBe('visible');
        const count = await sql<{ n: number }>`select count(*) as n from app_meta`.execute(second.db);
        expect(Number(count.rows[0]?.n)).toBeGreaterThan(0);
      } finally {
        await second.close();
      }
    });

    it('reports down once closed', async () => {
      const second = fixture.reopen();
      await second.close();
      const health = await second.health();
      expect(health.status).toBe('down');
      expect(health.detail).toBeTruthy();
    });
  });
}
