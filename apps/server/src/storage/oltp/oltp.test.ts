import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { describeOltpConformance } from './oltp.conformance.js';
import { openOltpStore } from './oltp-database.js';

describeOltpConformance('SQLite', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'veracity-oltp-'));
  const sqliteFile = path.join(dir, 'accounts.sqlite');
  const store = openOltpStore({ sqliteFile });
  return {
    store,
    reopen: () => openOltpStore({ sqliteFile }),
    async cleanup() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

// Without TEST_DATABASE_URL there is no server to run against: the PostgreSQL suite is not declared at
// all (npm test then says "not run"), rather than passing an empty test. .ci/run sets it and fails when
// PostgreSQL does not start.
const testDatabaseUrl = process.env.TEST_DATABASE_URL;

if (testDatabaseUrl) {
  describeOltpConformance('PostgreSQL', async () => {
    // Each run gets a database of its own, dropped afterwards, so runs never see each other's rows.
    const name = `veracity_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const store = openOltpStore({ databaseUrl });
    return {
      store,
      reopen: () => openOltpStore({ databaseUrl }),
      async cleanup() {
        await store.close();
        const dropper = new pg.Client({ connectionString: testDatabaseUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  });

  describe('the accounts store on PostgreSQL (conformance)', () => {
    it('outlives the server ending its idle connections: no uncaught error, the next query reconnects', async () => {
      const name = `veracity_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(testDatabaseUrl);
      url.pathname = `/${name}`;
      const store = openOltpStore({ databaseUrl: url.toString() });
      try {
        await store.migrate();
        const terminated = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        expect(terminated.rowCount).toBeGreaterThan(0);
        // The pool hears of it on its idle connection (without a listener for that, an uncaught
        // exception fails this run); until it has, a query may still fail on the dead connection.
        const deadline = Date.now() + 30_000;
        let health = await store.health();
        while (health.status !== 'up' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          health = await store.health();
        }
        expect(health.status).toBe('up');
      } finally {
        await store.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  });
}
