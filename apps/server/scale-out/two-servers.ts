import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  type WriteStream,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type SpawnedClickHouseFront,
  spawnClickHouseFront,
} from '@veracity/clickhouse-front/spawn-clickhouse-front';
import pg from 'pg';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.js';

/**
 * Two Veracity servers behaving as one: the built entry point (apps/server/dist/main.js, so `npm run
 * build` first) twice on loopback, sharing a fresh PostgreSQL database (accounts, job leases), the
 * event store on ClickHouse through the chdb front, and the shared state on Redis; each with its own
 * DATA_DIR (journal, secret file), behind a round-robin proxy. Everything is started here and stopped
 * by `stop()`, and killed if the test process exits first.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');
const entryPoint = path.join(serverRoot, 'dist/main.js');

export const ADMIN = { email: 'owner@scale-out.example', password: 'scale-out-owner-password' };
/** The alert evaluation runs every ALERTS_CHECK_SECONDS: short, so the job test sees several windows. */
export const ALERTS_CHECK_SECONDS = 2;

export interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  logFile: string;
}

export interface TwoServers {
  proxy: RoundRobinProxy;
  servers: [ServerProcess, ServerProcess];
  front: SpawnedClickHouseFront;
  /** The front's URL of the servers' event-store database. */
  clickhouseUrl: string;
  /** The servers' PostgreSQL database, for checks the API does not show (job runs). */
  database: pg.Client;
  /** Copies the logs into test-results/scale-out/ (for a failed run). */
  keepLogs(): string;
  stop(): Promise<void>;
}

export interface TwoServersEnvironment {
  databaseUrl: string;
  redisUrl: string;
}

/** The suite's settings, or undefined when CI's PostgreSQL and Redis are not there. */
export function twoServersEnvironment(): TwoServersEnvironment | undefined {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  return databaseUrl && redisUrl ? { databaseUrl, redisUrl } : undefined;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startTwoServers(
  environment: TwoServersEnvironment,
  options: {
    beforeSecondServer?: (database: pg.Client) => Promise<void>;
    /** false: no SHARED_STATE_URL, each server keeps its own counters (the control run). */
    sharedState?: boolean;
  } = {},
): Promise<TwoServers> {
  if (!existsSync(entryPoint)) throw new Error(`${entryPoint} is missing: run npm run build first`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'veracity-scale-out-'));
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const front = await spawnClickHouseFront({ dataDir: path.join(work, 'chdb') });
    cleanups.push(() => front.stop());
    await frontCommand(front.url, 'CREATE DATABASE veracity');
    const clickhouseUrl = `${front.url}/veracity`;

    const name = `veracity_scale_out_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: environment.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const databaseUrl = new URL(environment.databaseUrl);
    databaseUrl.pathname = `/${name}`;

    const ports = [await freePort(), await freePort()];
    const proxyPort = await freePort();
    const env = (index: number): Record<string, string> => ({
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(ports[index]),
      DATA_DIR: path.join(work, `server-${index}`),
      DATABASE_URL: databaseUrl.href,
      CLICKHOUSE_URL: clickhouseUrl,
      ...(options.sharedState === false ? {} : { SHARED_STATE_URL: environment.redisUrl }),
      // Behind the proxy: the client address is the one it appends to X-Forwarded-For.
      TRUST_PROXY: 'true',
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      // One secret for both: a session signed by one is good on the other.
      SECRET_KEY: 'scale-out-test-secret-not-for-production-0123456789',
      VERACITY_DEMO_TRAFFIC: 'off',
      VERACITY_ADMIN_EMAIL: ADMIN.email,
      VERACITY_ADMIN_PASSWORD: ADMIN.password,
      VERACITY_DEMO_PASSWORD: 'scale-out-demo-password',
      ALERTS_CHECK_SECONDS: String(ALERTS_CHECK_SECONDS),
    });

    const servers: ServerProcess[] = [];
    let database: pg.Client | undefined;
    for (const index of [0, 1]) {
      // The first server creates the schema and the first accounts; the second starts on them.
      if (database) await options.beforeSecondServer?.(database);
      const server = spawnServer(`server-${index}`, env(index), work);
      servers.push(server);
      cleanups.push(() => stopChild(server.child));
      await waitUntilHealthy(server);
      database ??= await connectTo(databaseUrl.href, cleanups);
    }
    if (!database) throw new Error('unreachable');
    const proxy = await startRoundRobinProxy(
      servers.map((server) => server.url),
      proxyPort,
    );
    cleanups.push(() => proxy.close());

    return {
      proxy,
      servers: [servers[0] as ServerProcess, servers[1] as ServerProcess],
      front,
      clickhouseUrl,
      database,
      keepLogs() {
        const target = path.join(repoRoot, 'test-results', 'scale-out');
        mkdirSync(target, { recursive: true });
        for (const server of servers) cpSync(server.logFile, path.join(target, `${server.name}.log`));
        return target;
      },
      async stop() {
        await stop();
        rmSync(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stop();
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

async function connectTo(url: string, cleanups: (() => Promise<void>)[]): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

function spawnServer(name: string, env: Record<string, string>, work: string): ServerProcess {
  const logFile = path.join(work, `${name}.log`);
  const log: WriteStream = createWriteStream(logFile);
  const child = spawn(process.execPath, [entryPoint], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return { name, url: `http://127.0.0.1:${env.PORT}`, child, logFile };
}

/** Polls /api/health until the server answers 200; fails at once if it exits. */
async function waitUntilHealthy(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(
        `${server.name} exited (${server.child.exitCode}) before it was healthy: see ${server.logFile}`,
      );
    }
    const ok = await fetch(`${server.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${server.name} was not healthy within 120 s: see ${server.logFile}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function frontCommand(url: string, statement: string): Promise<void> {
  const answer = await fetch(url, { method: 'POST', body: statement });
  if (!answer.ok) throw new Error(`${statement}: ${await answer.text()}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
