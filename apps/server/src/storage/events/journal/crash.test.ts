import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { afterEach, describe, expect, it } from 'vitest';
import { exitOf, freePort, startServer, waitUntilHealthy } from '../../../test-support/server-process.js';
import { EVENTS_FILE } from '../../open-stores.js';
import { openDuckDbEventStore } from '../duckdb/duckdb-event-store.js';
import { sql } from '../sql.js';

const ADMIN = { email: 'crash@veracity-test.example', password: 'crash-test-password' };
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** An API key of the seeded account, made through the dashboard's API as a customer would. */
async function apiKeyOf(url: string): Promise<string> {
  const json = async (response: Response) => {
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const post = (route: string, body: unknown, token?: string) =>
    fetch(`${url}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const { hash } = (await json(await post('/auth/login', ADMIN))) as { hash: string };
  const relationships = (await (
    await fetch(`${url}/api/me/relationships`, { headers: { authorization: `Bearer ${hash}` } })
  ).json()) as { id: number; companyName: string }[];
  const own = relationships.find((relationship) => relationship.companyName === 'Veracity');
  const chosen = (await json(
    await fetch(`${url}/api/auth/account/${own?.id}`, { headers: { authorization: `Bearer ${hash}` } }),
  )) as { token: { hash: string } };
  const created = (await json(await post('/me/keys', { name: 'Crash test' }, chosen.token.hash))) as {
    key: string;
  };
  return created.key;
}

describe('a crash under load', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('loses no hit that was acknowledged before SIGKILL', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      VERACITY_ADMIN_EMAIL: ADMIN.email,
      VERACITY_ADMIN_PASSWORD: ADMIN.password,
      INGEST_RATE_PER_KEY: '1000000',
      VERACITY_DEMO_TRAFFIC: 'off',
      INGEST_RATE_PER_IP: '1000000',
    };
    const first = startServer(env);
    cleanups.push(async () => {
      first.child.kill('SIGKILL');
    });
    await waitUntilHealthy(url, first.child);
    const key = await apiKeyOf(url);

    // Twenty senders post hits back to back; each id counts as acknowledged once its 200 arrived.
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    const sender = async (lane: number) => {
      for (let n = 0; !killed; n++) {
        const id = `crash-${lane}-${n}`;
        sent += 1;
        try {
          const response = await fetch(`${url}${S2S_HITS_PATH}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
            body: JSON.stringify({
              id,
              ip: `81.33.${lane}.${n % 250}`,
              userAgent: CHROME,
              url: `https://shop.example.com/p/${n}?gclid=crash${lane}x${n}`,
            }),
          });
          if (response.status === 200) acknowledged.push(id);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const senders = Array.from({ length: 20 }, (_, lane) => sender(lane));
    while (acknowledged.length < 500) await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill('SIGKILL');
    killed = true;
    const { signal } = await exitOf(first.child);
    expect(signal).toBe('SIGKILL');
    await Promise.all(senders);
    const acked = [...acknowledged];

    // The restarted server recovers the store and serves again; stopped cleanly, the file is read here.
    // It logs what it loaded from the journal: writes the kill left acknowledged but not yet loaded.
    const second = startServer({ ...env, LOG_LEVEL: 'info' });
    await waitUntilHealthy(url, second.child);
    second.child.kill('SIGTERM');
    expect((await exitOf(second.child)).code).toBe(0);
    const recovery = second
      .output()
      .split('\n')
      .map((line) => (line.startsWith('{') ? (JSON.parse(line) as { msg?: string; recovered?: number }) : {}))
      .find((entry) => entry.msg === 'ingest journal recovered');
    const store = await openDuckDbEventStore({ path: path.join(dataDir, EVENTS_FILE) });
    try {
      const rows = await store.query<{ id: string }>(() => sql`select id from hits`);
      const stored = new Set(rows.map((row) => row.id));
      const lost = acked.filter((id) => !stored.has(id));
      expect(acked.length).toBeGreaterThanOrEqual(500);
      // The kill came under load: acknowledged writes were only in the journal. (Whether a request
      // was in flight is timing: the group commit may have answered every sender just before.)
      expect(recovery?.recovered).toBeGreaterThan(0);
      expect(sent).toBeGreaterThanOrEqual(acked.length);
      expect(lost).toEqual([]);
      // The figures issue 5 asks for in its closing note, in the test's output.
      console.info(
        `crash test: ${acked.length} hits acknowledged before SIGKILL (${sent} sent), ` +
          `${recovery?.recovered} writes recovered from the journal at restart, ${lost.length} lost`,
      );
    } finally {
      await store.close();
    }
  }, 180_000);
});
