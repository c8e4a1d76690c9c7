import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { findLiveSession } from '../features/auth/sessions.repo.js';
import { MIGRATIONS } from './oltp/migrations.js';
import { openStores, type Stores } from './open-stores.js';

/**
 * The data folder the previous release left after its first start (demo traffic included), and what
 * that release answered from it: test-fixtures/upgrade/, written by its refresh.mjs at each release
 * (docs/upgrades.md). Today's code opens a copy, migrates it forward and must answer the same.
 */
const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-fixtures/upgrade');

interface Manifest {
  release: string;
  createdAt: string;
  range: { from: string; to: string };
  users: {
    email: string;
    password: string;
    accounts: {
      relationshipId: number;
      companyName: string;
      planType: string;
      token: string;
      me: { id: number; email: string; firstName: string; isSupport: boolean };
      tree: { totals: Record<string, number>; rows: { value: unknown; metrics: Record<string, number> }[] };
    }[];
  }[];
}

let manifest: Manifest;
let dataDir: string;
let stores: Stores;
let app: FastifyInstance;

async function api(method: 'GET' | 'POST', url: string, token?: string, body?: object) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  });
}

beforeAll(async () => {
  manifest = JSON.parse(await readFile(path.join(fixture, 'manifest.json'), 'utf8')) as Manifest;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-upgrade-'));
  await promisify(execFile)('tar', ['-xzf', path.join(fixture, 'data-dir.tar.gz'), '-C', dataDir]);
  // SQLite and DuckDB in the folder, as the previous release wrote them (never a DATABASE_URL here).
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  stores = await openStores(config);
  app = await buildApp(config, stores);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await stores?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`a data folder of the previous release`, () => {
  it('migrates forward and is not taken for a first start', async () => {
    expect(stores.firstStart).toBe(false);
    const applied = await stores.accounts.db
      .selectFrom('schema_migrations' as never)
      .select('name' as never)
      .execute();
    expect((applied as { name: string }[]).map((row) => row.name).sort()).toEqual(
      MIGRATIONS.map((migration) => migration.name).sort(),
    );
    // Nothing was left in the ingestion journal by the clean stop, and nothing is quarantined now.
    expect(stores.journal.quarantined).toBe(0);
    expect(await readdir(dataDir)).toEqual(expect.arrayContaining(['accounts.sqlite', 'events.duckdb']));
  });

  it('keeps the users, their logins and their sessions', async () => {
    const users = await stores.accounts.db.selectFrom('users').select(['email', 'last_login_at']).execute();
    for (const user of manifest.users) {
      expect(users.find((row) => row.email === user.email)?.last_login_at).toEqual(expect.any(String));
      for (const account of user.accounts) {
        // The session the previous release handed out, as it stood then (sessions expire in days).
        const session = await findLiveSession(
          stores.accounts.db,
          account.token,
          new Date(new Date(manifest.createdAt).getTime() + 60_000),
        );
        expect(session?.relationship_id, `${user.email} in ${account.companyName}`).toBe(
          account.relationshipId,
        );
      }
    }
  });

  it('signs the same people in to the same accounts, with the same stored traffic', async () => {
    for (const user of manifest.users) {
      const login = async () => {
        const response = await api('POST', '/auth/login', undefined, {
          email: user.email,
          password: user.password,
        });
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as { hash: string }).hash;
      };
      const relationships = (await api('GET', '/me/relationships', await login())).json() as {
        id: number;
        companyName: string;
        planType: string;
      }[];
      expect(relationships.map(({ id, companyName, planType }) => ({ id, companyName, planType }))).toEqual(
        user.accounts.map(({ relationshipId, companyName, planType }) => ({
          id: relationshipId,
          companyName,
          planType,
        })),
      );
      for (const account of user.accounts) {
        const bound = await api('GET', `/auth/account/${account.relationshipId}`, await login());
        expect(bound.statusCode, bound.body).toBe(200);
        const token = (bound.json() as { token: { hash: string } }).token.hash;
        expect((await api('GET', '/me', token)).json()).toMatchObject(account.me);
        const tree = await api('POST', '/analytics/tree', token, {
          dimensions: ['trafficType'],
          ...manifest.range,
          metrics: Object.keys(account.tree.totals),
        });
        expect(tree.statusCode, tree.body).toBe(200);
        const answer = tree.json() as Manifest['users'][number]['accounts'][number]['tree'];
        expect(answer.totals).toEqual(account.tree.totals);
        expect(answer.rows.map(({ value, metrics }) => ({ value, metrics }))).toEqual(account.tree.rows);
      }
    }
    // The fixture is not empty: the demo month is in both seeded accounts.
    const hits = manifest.users.flatMap((user) =>
      user.accounts.map((account) => account.tree.totals.hits ?? 0),
    );
    expect(Math.min(...hits)).toBeGreaterThan(1000);
  });
});
