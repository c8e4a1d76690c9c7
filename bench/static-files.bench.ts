// The dashboard's build as a cold page load asks for it: every hashed asset of apps/web/dist, Brotli
// accepted, over 6 connections (a browser's limit per origin). Served in turn by the server's own
// handler (http/dashboard.ts, the build held in memory) and by @fastify/static with `preCompressed`
// (from disk), alternating, each beside a bare node:http server answering a fixed body: the ceiling of
// this machine in the same run. Needs `npm run build -w @veracity/web`.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type { FastifyPluginAsync } from 'fastify';
import { writeResults } from './report.js';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 6;
const ROUNDS = 2;
type Mode = 'baseline' | 'memory' | 'static';

async function serve(mode: Mode, port: number): Promise<void> {
  if (mode === 'baseline') {
    const body = Buffer.alloc(600, 'a');
    createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/javascript' }).end(body);
    }).listen(port, '127.0.0.1');
    return;
  }
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  if (mode === 'memory') {
    const { registerDashboard } = await import('../apps/server/src/http/dashboard.js');
    await registerDashboard(app, webDist);
  } else {
    // The server's own dependency, resolved from its workspace.
    const from = createRequire(path.join(root, 'apps/server/package.json'));
    const { default: fastifyStatic } = (await import(
      pathToFileURL(from.resolve('@fastify/static')).href
    )) as { default: FastifyPluginAsync<{ root: string; preCompressed: boolean; wildcard: boolean }> };
    await app.register(fastifyStatic, { root: webDist, preCompressed: true, wildcard: false });
  }
  await app.listen({ port, host: '127.0.0.1' });
}

if (process.argv[2] === 'serve') {
  await serve(process.argv[3] as Mode, Number(process.argv[4]));
} else {
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error('run npm run build -w @veracity/web first');
  const assets = readdirSync(path.join(webDist, 'assets'))
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => ({ method: 'GET' as const, path: `/assets/${name}` }));

  const children: ChildProcess[] = [];
  const start = async (mode: Mode, port: number) => {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', import.meta.filename, 'serve', mode, String(port)],
      { cwd: root, stdio: 'inherit' },
    );
    children.push(child);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${port}${mode === 'baseline' ? '/' : assets[0]?.path}`)
        .then((response) => response.ok)
        .catch(() => false);
      if (up) return;
      if (Date.now() > deadline) throw new Error(`${mode} server did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const ports: Record<Mode, number> = { baseline: 8150, memory: 8151, static: 8152 };
  try {
    for (const mode of ['baseline', 'memory', 'static'] as const) await start(mode, ports[mode]);
    const run = async (mode: Mode, durationS = DURATION_S) => {
      const result = await autocannon({
        url: `http://127.0.0.1:${ports[mode]}`,
        connections: CONNECTIONS,
        duration: durationS,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        requests: mode === 'baseline' ? [{ method: 'GET', path: '/' }] : assets,
      });
      return {
        mode,
        requestsPerSecond: Math.round(result.requests.average),
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      };
    };
    const rows: ({ round: number } & Awaited<ReturnType<typeof run>>)[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of ['baseline', 'memory', 'static'] as const) {
        await run(mode, 2); // warm-up
        rows.push({ round: round + 1, ...(await run(mode)) });
      }
    }
    const base = (round: number) => rows.find((row) => row.round === round && row.mode === 'baseline');
    const table = rows.map((row) => ({
      ...row,
      ratioToBaseline:
        Math.round((row.requestsPerSecond / (base(row.round)?.requestsPerSecond ?? 1)) * 100) / 100,
    }));
    console.log(`${assets.length} assets, ${DURATION_S} s x ${CONNECTIONS} connections each`);
    console.table(table);
    writeResults('static-files', {
      assets: assets.length,
      durationS: DURATION_S,
      connections: CONNECTIONS,
      rows: table,
    });
  } finally {
    for (const child of children) child.kill();
  }
}
