import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Alert } from '@veracity/contracts/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAlert } from '../features/alerts/alerts.repo.js';
import { type OltpStore, openOltpStore } from '../storage/oltp/oltp-database.js';
import { ACCOUNTS_FILE } from '../storage/open-stores.js';
import { accountToken, call, createTenant } from '../test-support/fixtures.js';
import { NO_JOBS, startTestApp, type TestApp } from '../test-support/test-app.js';
import { AD_CHANNELS_SYNC_JOB } from './ad-channels-sync.js';
import { ALERT_EVALUATION_JOB } from './alert-evaluation.js';
import { BENCHMARK_REFRESH_JOB } from './benchmark-refresh.js';
import { BILLING_USAGE_JOB } from './billing-usage.js';
import type { Clock } from './clock.js';
import { GOOGLE_ADS_COST_IMPORT_JOB, GOOGLE_ADS_SYNC_JOB } from './google-ads-sync.js';
import { HUBSPOT_MATCH_JOB } from './hubspot-match.js';
import { findJob } from './jobs.repo.js';
import { PERFORMANCE_EMAIL_JOB } from './performance-email.js';
import { POSTBACK_DELIVERY_JOB } from './postback-delivery.js';
import { REPORT_RUNS_JOB } from './report-runs.js';
import { JOB_LEASE_MS, type Job, JobScheduler } from './scheduler.js';
import { SENSOR_COVERAGE_JOB } from './sensor-coverage.js';

const MINUTE = 60_000;

/** A clock the test moves by hand: hours of windows and lease expiries pass without waiting. */
function manualClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

interface Firing {
  window: string;
  owner: string;
  finished: boolean;
}

/** A job of its own name (tests share the database) that records each window it starts and ends. */
function countingJob(name: string, firings: Firing[], hang?: Promise<void>): Job {
  return {
    name,
    everyMs: MINUTE,
    async run({ window, owner }) {
      const firing = { window: window.start.toISOString(), owner, finished: false };
      firings.push(firing);
      if (hang) await hang;
      firing.finished = true;
    },
  };
}

let t: TestApp;
/** A second server's handle on the same accounts database (the same SQLite file or PostgreSQL db). */
let other: OltpStore;
beforeAll(async () => {
  t = await startTestApp({ ALERTS_CHECK_SECONDS: '60' }, { clock: manualClock('2026-03-10T10:30:00Z') });
  other = t.config.databaseUrl
    ? openOltpStore({ databaseUrl: t.config.databaseUrl })
    : openOltpStore({ sqliteFile: path.join(t.dataDir, ACCOUNTS_FILE) });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('job scheduler', () => {
  it('fires each window exactly once across two servers on one database and a restart', async () => {
    const name = `test.count-${randomUUID()}`;
    const firings: Firing[] = [];
    const clock = manualClock('2026-03-10T10:00:30Z');
    const a = new JobScheduler(t.stores.accounts.db, t.app.log, { clock, owner: 'server-a' });
    const b = new JobScheduler(other.db, t.app.log, { clock, owner: 'server-b' });
    a.add(countingJob(name, firings));
    b.add(countingJob(name, firings));
    let restarted: JobScheduler | undefined;
    // Two hours in uneven steps shorter than a window: every window sees ticks from both servers.
    for (let step = 0; step < 400; step += 1) {
      clock.advance(7_000 + ((step * 7919) % 17_000));
      if (step === 200) {
        // Server A restarts: a new process, a new owner, the same database.
        await a.stop();
        restarted = new JobScheduler(t.stores.accounts.db, t.app.log, { clock, owner: 'server-a2' });
        restarted.add(countingJob(name, firings));
      }
      // Both look at once, in turns of who asks first.
      const servers = step % 3 === 0 ? [b, restarted ?? a] : [restarted ?? a, b];
      await Promise.all(servers.map((server) => server.tick()));
      await Promise.all(servers.map((server) => server.idle()));
    }
    const windows = firings.map((firing) => firing.window);
    const first = new Date(windows[0] ?? '').getTime();
    const last = new Date(windows[windows.length - 1] ?? '').getTime();
    const expected = Array.from({ length: (last - first) / MINUTE + 1 }, (_, index) =>
      new Date(first + index * MINUTE).toISOString(),
    );
    expect(windows).toEqual(expected);
    expect(expected.length).toBeGreaterThan(100);
    expect(firings.every((firing) => firing.finished)).toBe(true);
    // Both servers did part of the work, and the restarted one too.
    const owners = new Set(firings.map((firing) => firing.owner));
    expect(owners).toEqual(new Set(['server-a', 'server-a2', 'server-b']));
    expect((await findJob(other.db, name))?.runs).toBe(expected.length);
  });

  it('takes over the window of a server that died mid-lease once the lease runs out', async () => {
    const name = `test.takeover-${randomUUID()}`;
    const firings: Firing[] = [];
    const clock = manualClock('2026-03-10T11:00:10Z');
    let release = () => {};
    const hang = new Promise<void>((resolve) => {
      release = resolve;
    });
    const dying = new JobScheduler(t.stores.accounts.db, t.app.log, { clock, owner: 'server-a' });
    dying.add(countingJob(name, firings, hang));
    const b = new JobScheduler(other.db, t.app.log, { clock, owner: 'server-b' });
    b.add(countingJob(name, firings));

    expect(await dying.tick()).toEqual([name]);
    // Server A dies here: its run never ends and it renews nothing. While its lease lasts, B waits,
    // even in the windows after.
    for (let waited = 0; waited + 30_000 < JOB_LEASE_MS; waited += 30_000) {
      clock.advance(30_000);
      expect(await b.tick()).toEqual([]);
    }
    clock.advance(30_000);
    expect(await b.tick()).toEqual([name]);
    await b.idle();
    // B ran the window A held, then the current one at its next tick, each once.
    expect(await b.tick()).toEqual([name]);
    await b.idle();
    expect(await b.tick()).toEqual([]);
    expect(firings.map((firing) => [firing.window, firing.owner, firing.finished])).toEqual([
      ['2026-03-10T11:00:00.000Z', 'server-a', false],
      ['2026-03-10T11:00:00.000Z', 'server-b', true],
      ['2026-03-10T11:05:00.000Z', 'server-b', true],
    ]);
    // A's run ending late (a process that was only frozen) changes nothing: B's run counted.
    release();
    await dying.idle();
    const row = await findJob(other.db, name);
    expect(row).toMatchObject({ runs: 2, lastWindowStart: '2026-03-10T11:05:00.000Z', leaseOwner: null });
  });

  it('keeps the lease of a long run that is still alive, renewing it at each pass', async () => {
    const name = `test.long-${randomUUID()}`;
    const firings: Firing[] = [];
    const clock = manualClock('2026-03-10T12:00:10Z');
    let release = () => {};
    const hang = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a = new JobScheduler(t.stores.accounts.db, t.app.log, { clock, owner: 'server-a' });
    a.add(countingJob(name, firings, hang));
    const b = new JobScheduler(other.db, t.app.log, { clock, owner: 'server-b' });
    b.add(countingJob(name, firings));
    expect(await a.tick()).toEqual([name]);
    for (let waited = 0; waited < 3 * JOB_LEASE_MS; waited += 30_000) {
      clock.advance(30_000);
      await a.tick();
      expect(await b.tick()).toEqual([]);
    }
    release();
    await a.idle();
    expect(firings).toEqual([{ window: '2026-03-10T12:00:00.000Z', owner: 'server-a', finished: true }]);
  });

  it('counts a run that throws as run, with its error, and runs the next window', async () => {
    const name = `test.fails-${randomUUID()}`;
    const clock = manualClock('2026-03-10T13:00:05Z');
    const windows: string[] = [];
    const a = new JobScheduler(t.stores.accounts.db, t.app.log, { clock, owner: 'server-a' });
    a.add({
      name,
      everyMs: MINUTE,
      async run({ window }) {
        windows.push(window.start.toISOString());
        if (windows.length === 1) throw new Error('mail server gone');
      },
    });
    expect(await a.tick()).toEqual([name]);
    await a.idle();
    expect(await findJob(other.db, name)).toMatchObject({ runs: 1, lastError: 'mail server gone' });
    clock.advance(30_000);
    expect(await a.tick()).toEqual([]);
    clock.advance(30_000);
    expect(await a.tick()).toEqual([name]);
    await a.idle();
    expect(windows).toEqual(['2026-03-10T13:00:00.000Z', '2026-03-10T13:01:00.000Z']);
    expect(await findJob(other.db, name)).toMatchObject({ runs: 2, lastError: null, leaseOwner: null });
  });

  it('runs alert evaluation as a job of the server, on the injected clock', async () => {
    const tenant = await createTenant(t);
    const token = await accountToken(t, tenant);
    const created = await call(t, 'POST', '/alerts', {
      token,
      body: { name: 'Everything', threshold: 5, minEvents: 1, frequency: 'daily' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const alert = created.json() as Alert;
    expect(t.app.jobs.names).toEqual([
      ALERT_EVALUATION_JOB,
      GOOGLE_ADS_SYNC_JOB,
      GOOGLE_ADS_COST_IMPORT_JOB,
      AD_CHANNELS_SYNC_JOB,
      HUBSPOT_MATCH_JOB,
      REPORT_RUNS_JOB,
      BILLING_USAGE_JOB,
      SENSOR_COVERAGE_JOB,
      PERFORMANCE_EMAIL_JOB,
      BENCHMARK_REFRESH_JOB,
      POSTBACK_DELIVERY_JOB,
    ]);

    expect(await t.app.jobs.tick()).toEqual([
      ALERT_EVALUATION_JOB,
      GOOGLE_ADS_SYNC_JOB,
      GOOGLE_ADS_COST_IMPORT_JOB,
      AD_CHANNELS_SYNC_JOB,
      HUBSPOT_MATCH_JOB,
      REPORT_RUNS_JOB,
      BILLING_USAGE_JOB,
      SENSOR_COVERAGE_JOB,
      PERFORMANCE_EMAIL_JOB,
      BENCHMARK_REFRESH_JOB,
      POSTBACK_DELIVERY_JOB,
    ]);
    await t.app.jobs.idle();
    // The daily window that ended at the last UTC midnight before the clock's 10:30 (UTC account).
    const evaluated = await findAlert(t.stores.accounts.db, tenant.relationshipId, alert.id);
    expect(evaluated?.lastEvaluatedAt).toBe('2026-03-10T00:00:00.000Z');
    // The same minute's window is not run again.
    expect(await t.app.jobs.tick()).toEqual([]);
    expect(await findJob(t.stores.accounts.db, ALERT_EVALUATION_JOB)).toMatchObject({
      runs: 1,
      lastWindowStart: '2026-03-10T10:30:00.000Z',
    });
  });

  it('registers no job with NO_JOBS, so tests that count firings count only the jobs they turn on', async () => {
    const quiet = await startTestApp(NO_JOBS);
    try {
      expect(quiet.app.jobs.names).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
