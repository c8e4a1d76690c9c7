// npm run bench:adversarial [-- --seeds report|tuning] [--only name,name]: the adversarial evaluation of
// detection (issue 38). Starts this checkout's server on loopback, sends it the scenarios' visits (real
// attacker tools and people-like sessions, each from an address of the IP data), reads every visit's
// verdict back through the dashboard API and prints the table, which it also writes to
// bench/results/detection-adversarial/. A measurement, not a test: it asserts nothing and is not part
// of npm test. It builds nothing: the sensor script is served from its build (npm run build).
import { existsSync } from 'node:fs';
import { AddressPool } from './addresses.js';
import { CHROMIUM } from './browser-visits.js';
import { ensureDisplay } from './display.js';
import { type Random, SEED_SETS, type SeedSet, seeded, sessionSeed } from './random.js';
import { legend, type ScenarioResult, table, type VisitResult, writeResults } from './results.js';
import { SCENARIOS, type Scenario } from './scenarios.js';
import { Site, type Visit } from './site.js';
import { SENSOR_COVERAGE_SETTLED_MS, type SessionVerdict, Veracity, worst } from './veracity.js';

const SESSION_TIMEOUT_MS = 120_000;
/**
 * How long, once reading starts, sessions may take to reach the store; a session still missing then
 * leaves its visit without a verdict (one deadline for all, so a broken build cannot stall the run).
 */
const VERDICT_WAIT_MS = 60_000;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const set = (option('seeds') ?? 'report') as SeedSet;
if (!(set in SEED_SETS)) throw new Error(`--seeds must be one of ${Object.keys(SEED_SETS).join(', ')}`);
const only = option('only')?.split(',');
const unknown = only?.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name)) ?? [];
if (unknown.length > 0) {
  throw new Error(`no scenario ${unknown.join(', ')}; there are ${SCENARIOS.map((s) => s.name).join(', ')}`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Why a scenario cannot run here, if it cannot. */
function missing(scenario: Scenario): string | undefined {
  if (scenario.needs !== 'nothing' && !existsSync(CHROMIUM)) return `${CHROMIUM} is not installed`;
  if (scenario.needs === 'display' && !process.env.DISPLAY)
    return 'no X display, and Xvfb could not be started';
  return undefined;
}

/** Runs the sessions of a scenario, `concurrency` at a time, started in seed order. */
async function runSessions(
  scenario: Scenario,
  run: (random: Random, index: number) => Promise<Visit | Visit[]>,
): Promise<{ visits: Visit[]; errors: string[] }> {
  const visits: Visit[] = [];
  const errors: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < scenario.sessions) {
      const index = next++;
      try {
        const made = await withTimeout(
          run(seeded(sessionSeed(set, scenario.name, index)), index),
          SESSION_TIMEOUT_MS,
        );
        visits.push(...(Array.isArray(made) ? made : [made]));
      } catch (error) {
        errors.push(
          `session ${index}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: scenario.concurrency }, worker));
  return { visits, errors };
}

/** The verdicts of a visit's sessions read back from the store, once they reach it. */
async function storedVerdicts(
  veracity: Veracity,
  sessions: readonly string[],
  deadline: number,
  problems: string[],
): Promise<SessionVerdict[]> {
  const found: SessionVerdict[] = [];
  for (const id of sessions) {
    for (;;) {
      const verdict = await veracity.session(id).catch(() => null);
      if (verdict) {
        found.push(verdict);
        break;
      }
      if (Date.now() > deadline) {
        problems.push(`session ${id} not in the store`);
        break;
      }
      await pause(500);
    }
  }
  return found;
}

/**
 * A visit's verdict: the worst of its sessions' (a sensor session and an S2S one may both exist); on
 * the S2S-only account, the worst of the S2S answers (see `Visit.s2sAnswers`).
 */
async function verdictOf(
  veracity: Veracity,
  scenario: string,
  visit: Visit,
  deadline: number,
): Promise<VisitResult> {
  const sessions = [...visit.sensorSessions, ...visit.s2sSessions];
  const problems = [...visit.failures];
  if (sessions.length === 0) problems.push('no session reached Veracity');
  const seen = { ip: visit.ip, country: null, isp: null, userAgent: null };
  const found: SessionVerdict[] =
    visit.account === 's2s-only'
      ? visit.s2sAnswers.map((answer) => ({
          riskLevel: answer.riskLevel,
          reasons: answer.threats.map(({ id }) => id),
          seen,
        }))
      : await storedVerdicts(veracity, sessions, deadline, problems);
  return {
    scenario,
    riskLevel: found.length > 0 ? worst(found.map((verdict) => verdict.riskLevel)) : null,
    reasons: [...new Set(found.flatMap((verdict) => verdict.reasons))].sort(),
    sessions,
    seen: found.map((verdict) => verdict.seen),
    problems,
  };
}

const startedAt = new Date();
const veracity = new Veracity();
let site: Site | undefined;
const display = SCENARIOS.some((s) => s.needs === 'display' && (!only || only.includes(s.name)))
  ? await ensureDisplay()
  : undefined;
try {
  console.log(`adversarial evaluation, ${set} seeds: starting the server`);
  await veracity.start();
  site = new Site(veracity);
  await site.start();
  const pending: { result: ScenarioResult; visits: Visit[] }[] = [];
  const results: ScenarioResult[] = [];
  const recorded = () => {
    for (const visit of site?.visits.values() ?? []) if (visit.sensorHits[0]) return visit.sensorHits[0];
    return undefined;
  };
  for (const scenario of SCENARIOS.filter((s) => !only || only.includes(s.name))) {
    const skipped = missing(scenario);
    const started = Date.now();
    const result: ScenarioResult = { scenario, visits: [], seconds: 0, ...(skipped ? { skipped } : {}) };
    results.push(result);
    if (skipped) {
      console.log(`${scenario.name}: skipped, ${skipped}`);
      continue;
    }
    const pool = new AddressPool(seeded(sessionSeed(set, scenario.name, -1)));
    const context = { site, pool, recordedPageView: recorded };
    const { visits, errors } = await runSessions(scenario, (random) => scenario.run(context, random));
    result.seconds = Math.round((Date.now() - started) / 100) / 10;
    console.log(
      `${scenario.name}: ${visits.length} visits in ${result.seconds} s${errors.length ? `, ${errors.length} failed` : ''}`,
    );
    for (const error of errors) console.log(`  ${error}`);
    pending.push({ result, visits });
  }
  // Verdicts are read once every visit has left: engagement beacons re-assess their page views, and
  // the server judges S2S paid clicks that no sensor page view followed once their wait is over.
  await pause(SENSOR_COVERAGE_SETTLED_MS);
  const deadline = Date.now() + VERDICT_WAIT_MS;
  for (const { result, visits } of pending) {
    result.visits = [];
    for (const visit of visits)
      result.visits.push(await verdictOf(veracity, result.scenario.name, visit, deadline));
  }
  const minutes = (Date.now() - startedAt.getTime()) / 60_000;
  console.log(`\n${table(results)}\n\n${legend(results)}\n`);
  const problems = results.flatMap(({ scenario, visits }) =>
    visits.flatMap((visit) => visit.problems.map((problem) => `${scenario.name}: ${problem}`)),
  );
  if (problems.length > 0) console.log(`problems:\n${[...new Set(problems)].slice(0, 20).join('\n')}\n`);
  console.log(
    `written to ${writeResults(set, results, startedAt, minutes, only !== undefined)} (${minutes.toFixed(1)} minutes)`,
  );
} finally {
  await site?.stop();
  await veracity.stop();
  display?.stop();
}
