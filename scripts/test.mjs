// npm test: install check (lockfile, engines, install scripts), lint, type-check, unit and integration
// tests, build, the two-server test, end-to-end tests. Every step runs even when an earlier one fails,
// so one run shows everything that is wrong; the exit code is non-zero if anything failed. The last
// line is the count: "N passed, N failed" (also in test-results/summary.txt).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const CHROMIUM = '/usr/bin/chromium';
let passed = 0;
let failed = 0;
const failures = [];

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(
    `=== ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!ok) failures.push(name);
  return ok;
}

/** A check without test cases of its own (lint, type-check, build) counts as one test. */
function check(name, command, args) {
  if (step(name, command, args)) passed += 1;
  else failed += 1;
}

/** The suites that need a real server say so in their title; show whether they ran and how they did. */
function reportSuitesOnServers(report) {
  const engines = [
    ['PostgreSQL', 'TEST_DATABASE_URL'],
    ['ClickHouse', 'TEST_CLICKHOUSE_URL'],
  ];
  for (const [engine, variable] of engines) {
    const ran = report.testResults
      .flatMap((file) => file.assertionResults)
      .filter((test) =>
        test.ancestorTitles.some((title) => title.includes('conformance') && title.includes(engine)),
      )
      .filter((test) => test.status === 'passed' || test.status === 'failed');
    // Without a server such a suite is not declared (or skipped): no test passes in its place.
    const ok = ran.filter((test) => test.status === 'passed').length;
    const line =
      ran.length > 0 ? `${ok} passed, ${ran.length - ok} failed` : `not run (${variable} is not set)`;
    console.log(`=== suites on ${engine}: ${line}`);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// Before the unit tests: the sensor's own suite drives Chromium too, not only the end-to-end step.
if (!existsSync(CHROMIUM) && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  step('install chromium', 'sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
  ]);
}

check('install', 'node', ['scripts/check-install.mjs']);
check('lint', 'npx', ['biome', 'check', '.']);
check('typecheck', 'npm', ['run', '--silent', 'typecheck']);

const vitestReport = path.join(results, 'vitest.json');
const vitestLog = path.join(results, 'vitest.log');
// Through tee: when Vitest fails with every test passed (an error outside the tests), the end of the
// run repeats its "Unhandled Errors" block, so a CI log's tail says what it was.
const unitOk = step('unit and integration', 'bash', [
  '-c',
  `npx vitest run --reporter=default --reporter=json --outputFile.json='${vitestReport}' 2>&1 | tee '${vitestLog}'; exit "\${PIPESTATUS[0]}"`,
]);
const vitest = readJson(vitestReport);
if (vitest) reportSuitesOnServers(vitest);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  if (!unitOk && vitest.numFailedTests === 0) failed += 1; // a suite that failed to load has no test
} else if (!unitOk) {
  failed += 1;
}

const built = step('build', 'npm', ['run', '--silent', 'build']);
if (!built) failed += 1;

// Two built servers behind a round-robin proxy, on CI's PostgreSQL and Redis and ClickHouse through the
// chdb front (apps/server/scale-out/). Without TEST_DATABASE_URL and TEST_REDIS_URL it is skipped.
const scaleOutReport = path.join(results, 'scale-out.json');
if (built) {
  const scaleOutOk = step('two servers', 'npx', [
    'vitest',
    'run',
    '-c',
    'apps/server/vitest.scale-out.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${scaleOutReport}`,
  ]);
  const scaleOut = readJson(scaleOutReport);
  if (scaleOut) {
    passed += scaleOut.numPassedTests;
    failed += scaleOut.numFailedTests;
    if (!scaleOutOk && scaleOut.numFailedTests === 0) failed += 1;
    const ran = scaleOut.numPassedTests + scaleOut.numFailedTests;
    console.log(
      `=== two servers: ${ran > 0 ? `${scaleOut.numPassedTests} passed, ${scaleOut.numFailedTests} failed` : 'not run (TEST_DATABASE_URL and TEST_REDIS_URL are not both set)'}`,
    );
  } else if (!scaleOutOk) {
    failed += 1;
  }
} else {
  failures.push('two servers (not run: build failed)');
  failed += 1;
}

const e2eReport = path.join(results, 'e2e.json');
if (built) {
  const e2eOk = step('end-to-end', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  const e2e = readJson(e2eReport);
  if (e2e?.stats) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    if (!e2eOk && e2e.stats.unexpected === 0) failed += 1;
  } else if (!e2eOk) {
    failed += 1;
  }
} else {
  failures.push('end-to-end (not run: build failed)');
  failed += 1;
}

const scaleOutResults = readJson(scaleOutReport)?.testResults ?? [];
const failedTests = [
  ...[...(vitest?.testResults ?? []), ...scaleOutResults].flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${path.relative(root, file.name)} › ${test.fullName}`),
  ),
  ...[...(vitest?.testResults ?? []), ...scaleOutResults]
    .filter((file) => file.status === 'failed' && file.assertionResults.length === 0)
    .map((file) => `${path.relative(root, file.name)} (failed to load)`),
];
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(path.join(results, 'summary.txt'), `${summary}\n`);
if (!unitOk && vitest && vitest.numFailedTests === 0) {
  const plain = stripVTControlCharacters(existsSync(vitestLog) ? readFileSync(vitestLog, 'utf8') : '');
  const lines = plain.split('\n');
  const unhandled = lines.findIndex((line) => /⎯ (Unhandled|Failed)|Unhandled (Error|Rejection)/.test(line));
  const start = unhandled >= 0 ? unhandled : Math.max(0, lines.length - 40);
  console.log('\nVitest failed with no failed test; what it printed about it:');
  console.log(lines.slice(start, start + 40).join('\n'));
}
if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(summary);
process.exit(failed > 0 ? 1 : 0);
