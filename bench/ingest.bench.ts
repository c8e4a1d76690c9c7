// The collector under load: autocannon posts varied, realistic sensor page views to POST /c/e of the real
// server (its own process, production mode, embedded stores in a temporary DATA_DIR) for 20 s over 50
// connections, and in the same run to a bare node:http server answering 204, the ceiling of this machine
// (before the collector and again after it, the ratio taken to the faster run), and to the durable floor
// (bench/durable-floor-server.mjs), the least a collector that answers once its journal is synced does.
// Each server first takes 3 s of the same load, not measured.
// After the run the server stops cleanly and the hits acknowledged (200) are counted against the hits
// stored. Targets (issue 5): throughput at least 0.4 of the baseline, p99 under 20 ms, acknowledged = stored.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDuckDbEventStore } from '../apps/server/src/storage/events/duckdb/duckdb-event-store.js';
import { sql } from '../apps/server/src/storage/events/sql.js';
import { type PageView, pageViewId, sensorPageView } from './page-views.js';
import { writeResults } from './report.js';
import { exited, freePort, root, startVeracityServer, waitFor } from './server-process.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
/** Seconds of the same load before each measured run, not measured. */
const WARM_UP_S = 3;
const CONNECTIONS = 50;
const ADMIN = { email: 'bench@veracity-bench.example', password: 'bench-password-1' };

async function sensorKeyOf(url: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { hash } = (await login.json()) as { hash: string };
  const auth = { authorization: `Bearer ${hash}` };
  const relationships = (await (await fetch(`${url}/api/me/relationships`, { headers: auth })).json()) as {
    id: number;
    companyName: string;
  }[];
  const own = relationships.find((relationship) => relationship.companyName === 'Veracity');
  const chosen = (await (await fetch(`${url}/api/auth/account/${own?.id}`, { headers: auth })).json()) as {
    token: { hash: string };
  };
  const me = (await (
    await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${chosen.token.hash}` } })
  ).json()) as { sensorKey: string };
  return me.sensorKey;
}

/**
 * The page views the collector acknowledged (answered 200), by their number in the run's sequence: one
 * byte each, set as the answer arrives. The sender shares the server's two cores, and what it does per
 * answer comes off the collector's share: keeping each answer's body (to read its hit id after the
 * load) cost the collector throughput that the baseline's empty 204s never paid (docs/decisions.md,
 * "How the ingest bench measures"). Every 1,000th answer is
 * kept and checked after the run: it must name the page view it answers.
 */
let answered = new Uint8Array(1 << 20);
const sampledAnswers: { n: number; body: string }[] = [];
const SAMPLE_EVERY = 1_000;

function markAnswered(n: number, body: string): void {
  if (n >= answered.length) {
    const grown = new Uint8Array(Math.max(answered.length * 2, n + 1));
    grown.set(answered);
    answered = grown;
  }
  answered[n] = 1;
  if (n % SAMPLE_EVERY === 0) sampledAnswers.push({ n, body });
}

/** The page views of the whole run, numbered in one sequence shared by every load. */
interface PageViewSource {
  next(): { n: number; view: PageView };
}

function load(
  url: string,
  views: PageViewSource,
  options: { overallRate?: number; durationS?: number } = {},
) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: options.durationS ?? DURATION_S,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [
      {
        method: 'POST',
        // The context is the connection's: it sends one request at a time (no pipelining), so the
        // answer handed to onResponse is to the page view set up last on it.
        setupRequest: (request, context) => {
          const { n, view } = views.next();
          (context as { n?: number }).n = n;
          return { ...request, body: view.body, headers: { ...request.headers, ...view.headers } };
        },
        onResponse: (status, responseBody, context) => {
          const { n } = context as { n?: number };
          if (status === 200 && n !== undefined) markAnswered(n, responseBody);
        },
      },
    ],
  });
}

/** Waits until the server reports nothing acknowledged left to load into the event store. */
async function untilLoaded(url: string): Promise<void> {
  for (;;) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as { ingest?: { pending: number } };
    if ((health.ingest?.pending ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One POST over a keep-alive agent: node:http costs the sender a fraction of what fetch does. */
function post(
  agent: http.Agent,
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sends requests evenly spaced at `rate` per second and measures each one's latency. The sender is
 * open-loop (a slow answer does not hold back the next request) and light: node:http over a
 * keep-alive agent, since fetch cost the sending process enough CPU to add its own delays to the
 * figures.
 */
async function paced(url: string, views: PageViewSource, rate: number, durationS: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const total = rate * durationS;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const { n, view } = views.next();
    const sent = performance.now();
    inFlight.push(
      post(agent, url, view.body, view.headers).then(
        ({ status, text }) => {
          latencies.push(performance.now() - sent);
          if (status >= 300) failed += 1;
          else if (status === 200) markAnswered(n, text);
        },
        () => {
          failed += 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((latencies[Math.floor(q * (latencies.length - 1))] ?? Number.NaN) * 10) / 10;
  return {
    requestsPerSecond: rate,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: at(1),
    ok2xx: latencies.length - failed,
    failed,
  };
}

/** CPU seconds used so far, user and system, from /proc: by a whole process or by one of its threads. */
function cpuSeconds(stat: string): { user: number; system: number } {
  const fields = readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** Runs the load and measures the CPU the server spent on it, per acknowledged request. */
async function measured(
  child: ChildProcess,
  url: string,
  views: PageViewSource,
  options: Parameters<typeof load>[2] = {},
) {
  // Unmeasured first: the server's code compiled by the JIT and its caches filled, so the figures are
  // its steady state rather than a cold start. The same for every server measured.
  await load(url, views, { ...options, durationS: WARM_UP_S });
  // The whole process, and its main thread (the event loop: its task id is the process id).
  const processStat = `/proc/${child.pid}/stat`;
  const mainStat = `/proc/${child.pid}/task/${child.pid}/stat`;
  const before = { all: cpuSeconds(processStat), main: cpuSeconds(mainStat) };
  const senderBefore = process.cpuUsage();
  const result = summary(await load(url, views, options));
  const sender = process.cpuUsage(senderBefore);
  const after = { all: cpuSeconds(processStat), main: cpuSeconds(mainStat) };
  const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, result.ok2xx));
  return {
    ...result,
    userUsPerRequest: perRequest(after.all.user - before.all.user),
    systemUsPerRequest: perRequest(after.all.system - before.all.system),
    mainThreadUsPerRequest: perRequest(
      after.main.user + after.main.system - before.main.user - before.main.system,
    ),
    // This process: autocannon making the requests and reading the answers, on the same cores.
    senderUsPerRequest: perRequest((sender.user + sender.system) / 1e6),
  };
}

function summary(result: autocannon.Result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const runId = randomBytes(4).toString('hex');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-bench-ingest-'));
const children: ChildProcess[] = [];
try {
  // Baseline: the same requests to a bare node:http server that reads the body and answers 204.
  const basePort = await freePort();
  const baseline = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => { s.writeHead(204); s.end(); }); }).listen(${basePort}, '127.0.0.1')`,
    ],
    { stdio: 'inherit' },
  );
  children.push(baseline);
  await waitFor(`http://127.0.0.1:${basePort}/`, baseline);

  // The floor: the least a durable collector does (bench/durable-floor-server.mjs), to tell what the
  // group commit's fdatasync costs on this host and how much CPU the rest of the collector may use.
  const floorPort = await freePort();
  const floorServer = spawn(
    process.execPath,
    [path.join(root, 'bench/durable-floor-server.mjs'), String(floorPort), path.join(dataDir, 'floor.jsonl')],
    { stdio: 'inherit' },
  );
  children.push(floorServer);
  await waitFor(`http://127.0.0.1:${floorPort}/`, floorServer);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startVeracityServer({ dataDir, port, admin: ADMIN });
  children.push(server);
  const key = await sensorKeyOf(url);

  // Each request is a new page view: a fresh id from a counter shared by every run.
  let sequence = 0;
  const fresh: PageViewSource = {
    next: () => {
      const n = sequence++;
      return { n, view: sensorPageView(n, key, runId) };
    },
  };

  console.log(`baseline: node:http 204, ${DURATION_S} s x ${CONNECTIONS} connections`);
  const base = await measured(baseline, `http://127.0.0.1:${basePort}/c/e`, fresh);
  console.log(`durable floor: node:http, JSON.parse, a journal line with group commit and fdatasync`);
  const floor = await measured(floorServer, `http://127.0.0.1:${floorPort}/c/e`, fresh);
  floorServer.kill('SIGKILL');
  // Only the collector's answers count from here (the floor's 200s are not stored anywhere).
  answered.fill(0);
  sampledAnswers.length = 0;
  console.log(`collector: POST /c/e, ${DURATION_S} s x ${CONNECTIONS} connections`);
  const collector = await measured(server, `${url}/c/e`, fresh);
  // What the saturated run acknowledged and left for the loader: the time to store it all tells the
  // rate the whole pipeline sustains, journal to event store.
  const drainStarted = performance.now();
  await untilLoaded(url);
  const drainS = Math.round((performance.now() - drainStarted) / 100) / 10;
  const sustained = Math.round(collector.ok2xx / (DURATION_S + drainS));
  console.log(`backlog stored ${drainS} s after the run: ${sustained} hits/s sustained into the event store`);

  // The baseline again, now that the collector idles: the host's speed drifts over minutes, so the
  // ratio is taken to the faster of the two runs, and a slow spell in one cannot flatter the collector.
  console.log(`baseline again: node:http 204, ${DURATION_S} s x ${CONNECTIONS} connections`);
  const baseAgain = await measured(baseline, `http://127.0.0.1:${basePort}/c/e`, fresh);
  const ceiling = baseAgain.requestsPerSecond > base.requestsPerSecond ? baseAgain : base;
  // Latency below saturation: the same traffic at half the sustained rate, sent
  // evenly (autocannon's own rate limit sends in bursts, which measures its bursts, not the server).
  // Reported beside the targets, not as one: the issue's p99 is the saturated run's. After that run the
  // old generation is full, and a major collection in these 10 s sets this p99 (docs/decisions.md).
  const steadyRate = Math.max(50, Math.round(sustained / 2));
  console.log(`collector at a steady ${steadyRate} hits/s for 10 s, evenly spaced`);
  const steady = await paced(`${url}/c/e`, fresh, steadyRate, 10);
  const baseSteady = await paced(`http://127.0.0.1:${basePort}/c/e`, fresh, steadyRate, 10);

  server.kill('SIGTERM');
  const code = await exited(server);
  const store = await openDuckDbEventStore({ path: path.join(dataDir, 'events.duckdb') });
  const stored = new Set<string>();
  const byLevel: Record<string, number> = {};
  try {
    const rows = await store.query<{ id: string; risk_level: string }>(
      () => sql`select id, risk_level from hits where id like ${`bench${runId}%`}`,
    );
    for (const row of rows) {
      stored.add(row.id);
      byLevel[row.risk_level] = (byLevel[row.risk_level] ?? 0) + 1;
    }
  } finally {
    await store.close();
  }
  const acknowledged: string[] = [];
  for (let n = 0; n < answered.length; n++) if (answered[n] === 1) acknowledged.push(pageViewId(n, runId));
  const lost = acknowledged.filter((id) => !stored.has(id)).length;
  // Each sampled answer names the hit of the page view it answers.
  const misattributed = sampledAnswers.filter(
    ({ n, body }) => (JSON.parse(body) as { hitId?: string }).hitId !== pageViewId(n, runId),
  ).length;

  const ratioOf = (result: { requestsPerSecond: number }) =>
    Math.round((result.requestsPerSecond / ceiling.requestsPerSecond) * 100) / 100;
  const ratio = ratioOf(collector);
  console.table([
    { name: 'baseline node:http 204', ...base },
    { name: 'baseline again', ...baseAgain },
    { name: 'durable floor', ...floor },
    { name: 'collector POST /c/e', ...collector },
    { name: `collector at ${steadyRate}/s`, ...steady },
    { name: `baseline at ${steadyRate}/s`, ...baseSteady },
  ]);
  const targets = {
    ratio: { value: ratio, target: '>= 0.4', met: ratio >= 0.4 },
    p99Ms: { saturated: collector.p99Ms, steady: steady.p99Ms, target: '< 20', met: collector.p99Ms < 20 },
    acknowledgedEqualsStored: {
      acknowledged: acknowledged.length,
      acknowledgedAndStored: acknowledged.length - lost,
      storedWithoutAnswer: stored.size - (acknowledged.length - lost),
      answersChecked: sampledAnswers.length,
      answersNamingAnotherHit: misattributed,
      met: lost === 0 && misattributed === 0,
    },
  };
  console.log(
    `ratio ${ratio} to the faster baseline run (${ceiling.requestsPerSecond}/s; target >= 0.4); collector p50 ${collector.p50Ms} ms, p99 ${collector.p99Ms} ms ` +
      `(the ${DURATION_S} s x ${CONNECTIONS} connections run; target < 20), p99 ${steady.p99Ms} ms at a steady ` +
      `${steadyRate}/s after it (not a target; docs/decisions.md); acknowledged ${acknowledged.length}, of which stored ` +
      `${acknowledged.length - lost}; stored ${stored.size} in all (the rest were in flight when a run stopped); ` +
      `${misattributed} of ${sampledAnswers.length} sampled answers named another hit ` +
      `${JSON.stringify(byLevel)}; server exit ${code}`,
  );
  console.log(
    `durable floor: ratio ${ratioOf(floor)}, p99 ${floor.p99Ms} ms, ${floor.userUsPerRequest + floor.systemUsPerRequest} µs ` +
      `of CPU a request: the most any collector that answers once its journal is synced reaches here, at the least CPU`,
  );
  // What the target leaves the collector: at 0.4 of the baseline's rate, the sender's share of the
  // cores comes off first (this machine's cores; time its hypervisor takes is not counted).
  const targetRate = 0.4 * ceiling.requestsPerSecond;
  const cores = os.availableParallelism();
  const budgetUs = Math.round(
    ((cores - (collector.senderUsPerRequest * targetRate) / 1e6) / targetRate) * 1e6,
  );
  const serverUs = collector.userUsPerRequest + collector.systemUsPerRequest;
  console.log(
    `CPU a request: the collector ${serverUs} µs (${collector.mainThreadUsPerRequest} µs of it on the event loop), ` +
      `the sender ${collector.senderUsPerRequest} µs; at 0.4 of the baseline (${Math.round(targetRate)}/s) ` +
      `${cores} cores leave the collector at most ${budgetUs} µs a request, and its event loop at most ` +
      `${Math.round(1e6 / targetRate)} µs`,
  );
  writeResults('ingest', {
    durationS: DURATION_S,
    connections: CONNECTIONS,
    baseline: base,
    baselineAgain: baseAgain,
    durableFloor: { ...floor, ratio: ratioOf(floor) },
    collector,
    backlog: { drainS, sustainedHitsPerSecond: sustained },
    steady: { rate: steadyRate, ...steady },
    storedByRiskLevel: byLevel,
    cpuBudget: { targetRate: Math.round(targetRate), cores, collectorUs: serverUs, budgetUs },
    targets,
  });
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
}
