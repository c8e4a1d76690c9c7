import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { S2S_CONVERSIONS_PATH, S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { IP_BURST } from '@veracity/detection/policy';
import { Session } from 'chdb';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openChdbExecutor } from '../storage/events/clickhouse/chdb-executor.js';
import { openClickHouseEventStore } from '../storage/events/clickhouse/clickhouse-event-store.js';
import type { EventWriterLock } from '../storage/events/event-writer-lock.js';
import { sql } from '../storage/events/sql.js';
import { openStores, type Stores } from '../storage/open-stores.js';
import { accountToken, call } from '../test-support/fixtures.js';
import { CHROME, createIngestTenant, HOME_IP, type IngestTenant } from '../test-support/ingest-fixtures.js';
import {
  createTestDatabase,
  NO_JOBS,
  RELAXED_LIMITS,
  startTestApp,
  type TestApp,
} from '../test-support/test-app.js';
import { TEST_REDIS_URL } from './shared-test-support.js';

/**
 * Two servers in one process sharing what several servers share in production: the accounts on
 * PostgreSQL, the events in one ClickHouse (chdb here, the same database through two connections),
 * the shared state on Redis; each with its own DATA_DIR and so its own ingestion journal. Requests
 * alternate between them as behind a load balancer. (`scale-out` runs the same with two processes
 * behind a proxy, over HTTP.)
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!TEST_REDIS_URL || !TEST_DATABASE_URL)('two servers sharing their state', () => {
  let folder: string;
  let session: Session;
  let database: { url: string; drop(): Promise<void> };
  let first: TestApp;
  let second: { app: FastifyInstance; stores: Stores; dataDir: string };
  let tenant: IngestTenant;
  const prefix = `veracity-test:${randomUUID()}:`;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'veracity-chdb-two-'));
    session = new Session(folder);
    database = await createTestDatabase(TEST_DATABASE_URL ?? '', 'veracity_two');
    // Each server's store takes the writer lock on the accounts database, as on ClickHouse over HTTP.
    const openEvents = (writerLock: EventWriterLock) =>
      openChdbExecutor(session, 'two_servers').then((executor) =>
        openClickHouseEventStore(executor, { writerLock }),
      );
    const env = { ...NO_JOBS, DATABASE_URL: database.url, SHARED_STATE_URL: TEST_REDIS_URL ?? '' };
    first = await startTestApp(env, {}, { openEvents });
    // The keys of this run only (a prefix of its own), on both servers.
    first.stores.shared = { ...(first.stores.shared ?? fail()), prefix };
    await first.app.close();
    first.app = await buildApp(first.config, first.stores, { rateLimits: RELAXED_LIMITS });
    tenant = await createIngestTenant(first);

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-test-second-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
    const stores = await openStores(config, { openEvents });
    stores.shared = { ...(stores.shared ?? fail()), prefix };
    second = { app: await buildApp(config, stores, { rateLimits: RELAXED_LIMITS }), stores, dataDir };
  });

  afterAll(async () => {
    await second?.app.close();
    await second?.stores.close();
    if (second) await rm(second.dataDir, { recursive: true, force: true });
    const keys = (await first?.stores.shared?.redis.keys(`${prefix}*`)) ?? [];
    if (keys.length > 0) await first.stores.shared?.redis.del(...keys);
    await first?.close();
    await database?.drop();
    session?.close();
    await rm(folder, { recursive: true, force: true });
  });

  const servers = () => [first.app, second.app];
  const post = (server: FastifyInstance, url: string, body: Record<string, unknown>) =>
    server.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.apiKey}` },
      payload: JSON.stringify(body),
    });
  const hit = (server: FastifyInstance, body: Record<string, unknown>) =>
    post(server, S2S_HITS_PATH, { userAgent: CHROME, url: 'https://shop.example.com/', ...body });

  it('trips the burst reason on a burst split between them, as one server would', async () => {
    const threshold = IP_BURST.isp.minHits;
    const answers: string[][] = [];
    for (let i = 0; i <= threshold; i++) {
      const server = servers()[i % 2] as FastifyInstance;
      const reply = await hit(server, { ip: HOME_IP, headers: { 'accept-language': 'es-ES' } });
      expect(reply.statusCode).toBe(200);
      answers.push((reply.json() as { threats: { id: string }[] }).threats.map((threat) => threat.id));
    }
    // Each server saw only half of the hits, fewer than the threshold: only the shared count trips it.
    expect(answers.at(-1)).toContain('frequency:ip_burst');
    expect(answers[threshold - 1]).not.toContain('frequency:ip_burst');
  });

  it('stores a hit id sent to both once, and answers both with the first verdict', async () => {
    const id = `both-${randomUUID()}`;
    const body = { id, ip: '81.33.20.8', headers: VISITOR_HEADERS };
    const [one, other] = await Promise.all([hit(first.app, body), hit(second.app, body)]);
    const verdicts = [one.json(), other.json()] as { duplicate: boolean }[];
    expect(verdicts.map((verdict) => verdict.duplicate).sort()).toEqual([false, true]);
    expect({ ...verdicts[0], duplicate: false }).toEqual({ ...verdicts[1], duplicate: false });
    await Promise.all([first.stores.journal.drain(), second.stores.journal.drain()]);
    const stored = await first.stores.events.query(() => sql`select id from hits where id = ${id}`);
    expect(stored).toHaveLength(1);
  });

  it('joins a conversion sent to one server with the click the other one stored, before it is loaded', async () => {
    const id = `click-${randomUUID()}`;
    const click = await hit(first.app, { id, ip: '81.33.20.9', headers: VISITOR_HEADERS });
    expect(click.statusCode).toBe(200);
    const conversion = await post(second.app, S2S_CONVERSIONS_PATH, {
      id: `conv-${id}`,
      hitId: id,
      name: 'lead',
    });
    expect(conversion.statusCode).toBe(200);
    const again = await post(first.app, S2S_CONVERSIONS_PATH, { id: `conv-${id}`, hitId: id, name: 'lead' });
    expect(again.json()).toEqual({ ...conversion.json(), duplicate: true });
  });

  it('applies a setting saved on one server to the next hit on the other, within its cache period', async () => {
    const ip = '81.33.62.31';
    const threats = async () => {
      const reply = await hit(second.app, { ip, headers: VISITOR_HEADERS });
      return (reply.json() as { threats: { id: string }[] }).threats.map((threat) => threat.id);
    };
    // The second server has read the account (and keeps it for INGEST_ACCOUNT_CACHE_SECONDS, 30 s).
    expect(await threats()).not.toContain('network:denylisted');
    const token = await accountToken(first, tenant);
    const denied = await call(first, 'POST', '/me/ip-blacklist', {
      token,
      body: { entries: [{ value: ip }] },
    });
    expect(denied.statusCode, denied.body).toBe(200);
    // The announcement crosses Redis's pub/sub: the second server reads the account again.
    await expect.poll(threats, { timeout: 10_000, interval: 100 }).toContain('network:denylisted');
  });
});

const VISITOR_HEADERS = { 'accept-language': 'es-ES,es;q=0.9', 'sec-fetch-mode': 'navigate' };

function fail(): never {
  throw new Error('SHARED_STATE_URL did not open the shared state');
}
