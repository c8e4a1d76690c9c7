// The dashboard in headless Chromium against the built server and the demo account seeded with
// 1 million hits over 30 days (issue 7). Measures, on a cold browser cache each run (median of 5):
// - the JavaScript the overview loads, in bytes on the wire (Brotli) and gzipped (target <= 250 KB);
// - the overview's largest contentful paint (target < 1.5 s);
// - the analytics table's first render: from navigation until its first data row shows (target < 1 s).
//
// Needs `npm run build`. BENCH_WEB_KEEP=<folder> keeps the seeded DATA_DIR there and reuses it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { openDuckDbEventStore } from '../apps/server/src/storage/events/duckdb/duckdb-event-store.js';
import { measure, report } from './report.js';
import { loadTraffic } from './traffic.js';

const HITS = Number(process.env.BENCH_WEB_HITS ?? 1_000_000);
const RUNS = 5;
const DAYS = 30;
const DEMO_PASSWORD = 'bench-demo-password';
const DEMO_EMAIL = 'demo@veracity.example';
const root = path.resolve(import.meta.dirname, '..');
const serverMain = path.join(root, 'apps/server/dist/main.js');

if (!existsSync(serverMain) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  throw new Error('The web bench runs the built dashboard: run npm run build first');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function startServer(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      VERACITY_DEMO_TRAFFIC: 'off',
      VERACITY_DEMO_PASSWORD: DEMO_PASSWORD,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The demo account's relationship id, asked of the running server as the dashboard would. */
async function demoRelationship(url: string): Promise<number> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`demo login answered ${login.status}`);
  const { hash } = (await login.json()) as { hash: string };
  const relationships = (await (
    await fetch(`${url}/api/me/relationships`, { headers: { authorization: `Bearer ${hash}` } })
  ).json()) as { id: number }[];
  const id = relationships[0]?.id;
  if (id === undefined) throw new Error('the demo user has no account');
  return id;
}

/** A DATA_DIR whose demo account has HITS hits over the last 30 days (seeded once when kept). */
async function seededDataDir(): Promise<string> {
  const keep = process.env.BENCH_WEB_KEEP;
  const dataDir = keep ?? (await mkdtemp(path.join(os.tmpdir(), 'veracity-bench-web-')));
  const marker = path.join(dataDir, 'bench-seeded.json');
  if (existsSync(marker) && JSON.parse(await readFile(marker, 'utf8')).hits === HITS) return dataDir;
  await mkdir(dataDir, { recursive: true });
  const first = await startServer(dataDir);
  const relationshipId = await demoRelationship(first.url).finally(() => first.stop());
  const store = await openDuckDbEventStore({ path: path.join(dataDir, 'events.duckdb') });
  try {
    await store.migrate();
    const started = performance.now();
    await loadTraffic(store, relationshipId, HITS, { startMs: Date.now() - DAYS * 86_400_000, days: DAYS });
    console.log(`seeded ${HITS} hits in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await store.close();
  }
  await writeFile(marker, JSON.stringify({ hits: HITS }));
  return dataDir;
}

/** A signed-in browser state (token and session keys in storage), made once through the login page. */
async function signedInState(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-email').fill(DEMO_EMAIL);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/intelligence\//);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function inFreshPage<T>(
  browser: Browser,
  url: string,
  state: Awaited<ReturnType<typeof signedInState>>,
  work: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    baseURL: url,
    storageState: state,
    viewport: { width: 1440, height: 900 },
  });
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

/** In the page: the start time of the latest largest-contentful-paint entry (evaluated as text, as it
 * runs in the browser, whose entry types Node's typings do not know). */
const LARGEST_PAINT = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    resolve(entries.length ? entries[entries.length - 1].startTime : NaN);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

/**
 * In the page from its first script on: the time of the first frame that shows a data row of the
 * table, taken in the page (a MutationObserver, then the next animation frame) rather than by polling
 * from the test runner, whose round trips would count against the page.
 */
const FIRST_ROW = `new MutationObserver((_records, observer) => {
  if (!document.querySelector('table tbody tr')) return;
  observer.disconnect();
  requestAnimationFrame(() => { window.__firstRowAt = performance.now(); });
}).observe(document, { childList: true, subtree: true });`;

/**
 * Chromium's own address-bar popup, a WebUI page that each new window (so each fresh context here)
 * preloads in a renderer of its own: CPU spent beside the page under test on a small machine, for a
 * popup never shown headless (docs/decisions.md, "The web bench turns off Chromium's address-bar popup").
 */
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

const dataDir = await seededDataDir();
const server = await startServer(dataDir);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', `--disable-features=${BROWSER_UI_FEATURES.join(',')}`],
});
try {
  const state = await signedInState(browser, server.url);

  const scripts = { wire: 0, gzip: 0, files: 0 };
  const lcp: number[] = [];
  const overview = await measure('overview: largest contentful paint (ms)', RUNS, () =>
    inFreshPage(browser, server.url, state, async (page) => {
      const loaded: { url: string; bytes: Promise<number> }[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        loaded.push({
          url: response.url(),
          bytes: response
            .request()
            .sizes()
            .then((sizes) => sizes.responseBodySize),
        });
      });
      await page.goto('/intelligence/overview', { waitUntil: 'networkidle' });
      const paint = await page.evaluate<number>(LARGEST_PAINT);
      lcp.push(paint);
      if (scripts.files === 0) {
        for (const script of loaded) {
          scripts.wire += await script.bytes;
          const file = path.join(root, 'apps/web/dist', new URL(script.url).pathname);
          scripts.gzip += gzipSync(await readFile(file)).length;
          scripts.files += 1;
        }
      }
    }),
  );
  // The bench reports the paint the browser measured, not the wall time of the run.
  overview.samples = lcp;

  const firstRender: number[] = [];
  const analytics = await measure('analytics: table first render (ms)', RUNS, () =>
    inFreshPage(browser, server.url, state, async (page) => {
      await page.addInitScript(FIRST_ROW);
      await page.goto('/intelligence/analytics?dimensions=trafficType,country', { waitUntil: 'commit' });
      await page.waitForFunction(() => '__firstRowAt' in globalThis, undefined, { timeout: 30_000 });
      firstRender.push(await page.evaluate<number>('window.__firstRowAt'));
    }),
  );
  analytics.samples = firstRender;

  const median = (samples: number[]) =>
    [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  report('web', [overview, analytics], {
    hits: HITS,
    overviewScripts: { files: scripts.files, wireKb: kb(scripts.wire), gzipKb: kb(scripts.gzip) },
  });
  console.log(
    `overview JS ${kb(scripts.gzip)} KB gzipped (${kb(scripts.wire)} KB on the wire, ${scripts.files} files; target <= 250), ` +
      `LCP median ${median(lcp).toFixed(0)} ms (target < 1500), analytics first render median ${median(firstRender).toFixed(0)} ms (target < 1000)`,
  );
} finally {
  await browser.close();
  await server.stop();
  if (!process.env.BENCH_WEB_KEEP) await rm(dataDir, { recursive: true, force: true });
}
