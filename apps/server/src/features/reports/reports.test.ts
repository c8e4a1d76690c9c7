import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { analyticsAccess } from '@veracity/contracts/analytics/dimensions';
import type { Report, ReportRun, ReportRuns, Reports } from '@veracity/contracts/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LOOKUPS } from '../../analytics/dimension-columns.js';
import { costBasis } from '../../analytics/hit-cost.js';
import { runReport } from '../../analytics/run-analytics.js';
import { VirtualClock } from '../../jobs/clock.js';
import { REPORT_RUNS_JOB } from '../../jobs/report-runs.js';
import { makeHit, makeSession } from '../../storage/events/event-store.fixtures.js';
import {
  accountToken,
  addTenantUser,
  call,
  createTenant,
  mailsTo,
  type Tenant,
} from '../../test-support/fixtures.js';
import { NO_JOBS, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { reportFile } from './report-runner.js';
import { insertRun } from './reports.repo.js';

let t: TestApp;
let clock: VirtualClock;
let home: Tenant;
let token: string;

/** Wednesday 2026-03-11, 10:00 in Madrid. */
const START = new Date('2026-03-11T09:00:00.000Z');

beforeAll(async () => {
  clock = new VirtualClock(START);
  t = await startTestApp(
    {
      ...NO_JOBS,
      REPORTS_CHECK_SECONDS: '60',
    },
    { clock },
  );
  home = await createTenant(t, { company: 'Report Home', plan: 'max' });
  await t.stores.accounts.db
    .updateTable('relationships')
    .set({ timezone: 'Europe/Madrid' })
    .where('id', '=', home.relationshipId)
    .execute();
  token = await accountToken(t, home);
  const relationshipId = home.relationshipId;
  // Yesterday (10 March, Madrid): three ISPs, one of them a formula; a hit on 9 March is outside it.
  await t.stores.events.insertHits([
    makeHit({
      id: 'r1',
      relationshipId,
      sessionId: 's1',
      ts: new Date('2026-03-10T08:00:00Z'),
      isp: 'Telefonica',
    }),
    makeHit({
      id: 'r2',
      relationshipId,
      sessionId: 's1',
      ts: new Date('2026-03-10T08:05:00Z'),
      isp: 'Telefonica',
    }),
    makeHit({
      id: 'r3',
      relationshipId,
      sessionId: 's2',
      ts: new Date('2026-03-10T12:00:00Z'),
      isp: '=HYPERLINK("http://evil.example","x")',
      riskLevel: 'high',
      threats: ['automation:webdriver'],
    }),
    makeHit({
      id: 'r4',
      relationshipId,
      sessionId: 's3',
      ts: new Date('2026-03-10T22:59:00Z'),
      isp: 'Orange',
    }),
    makeHit({
      id: 'r5',
      relationshipId,
      sessionId: 's4',
      ts: new Date('2026-03-09T12:00:00Z'),
      isp: 'Vodafone',
    }),
  ]);
  await t.stores.events.insertSessions([
    makeSession({
      id: 's1',
      relationshipId,
      startedAt: new Date('2026-03-10T08:00:00Z'),
      lastSeenAt: new Date('2026-03-10T08:05:00Z'),
      isp: 'Telefonica',
      hits: 2,
    }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const valid = {
  name: 'ISPs yesterday',
  dimensions: ['isp'],
  metrics: ['hits', 'highRiskHits', 'sessions'],
  filterBy: { filters: [], matchType: 'all' },
  range: 'yesterday',
  schedule: 'none',
};

async function create(body: object, as = token): Promise<Report> {
  const response = await call(t, 'POST', '/reports', { token: as, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Report;
}

async function runNow(id: number, as = token): Promise<ReportRun> {
  const response = await call(t, 'POST', `/reports/${id}/runs`, { token: as, body: {} });
  expect(response.statusCode, response.body).toBe(202);
  await t.app.reports.drain();
  const runs = (await call(t, 'GET', `/reports/${id}/runs`, { token: as })).json() as ReportRuns;
  const run = runs.runs.find((candidate) => candidate.id === (response.json() as ReportRun).id);
  if (!run) throw new Error('the run is not listed');
  return run;
}

describe('saved reports', () => {
  it('creates, lists, changes and deletes a report, its schedule computed in the account zone', async () => {
    const report = await create({ ...valid, name: '  Daily ISPs ', schedule: 'daily' });
    expect(report).toMatchObject({
      name: 'Daily ISPs',
      dimensions: ['isp'],
      range: 'yesterday',
      schedule: 'daily',
      recipients: [],
      lastRun: null,
      // The next midnight in Madrid (UTC+1 in March).
      nextRunAt: '2026-03-11T23:00:00.000Z',
    });
    const weekly = await call(t, 'PUT', `/reports/${report.id}`, {
      token,
      body: { ...valid, schedule: 'weekly' },
    });
    expect(weekly.statusCode, weekly.body).toBe(200);
    // Wednesday 11 March: the next Monday is 16 March.
    expect(weekly.json()).toMatchObject({ schedule: 'weekly', nextRunAt: '2026-03-15T23:00:00.000Z' });
    const listed = (await call(t, 'GET', '/reports', { token })).json() as Reports;
    expect(listed.reports.map((item) => item.name)).toContain('ISPs yesterday');
    expect((await call(t, 'DELETE', `/reports/${report.id}`, { token, body: {} })).statusCode).toBe(204);
    const after = (await call(t, 'GET', '/reports', { token })).json() as Reports;
    expect(after.reports.map((item) => item.id)).not.toContain(report.id);
  });

  it('applies the report filter rules: a column once, no Google columns, Traffic only with the firewall', async () => {
    const twice = await call(t, 'POST', '/reports', {
      token,
      body: {
        ...valid,
        filterBy: {
          matchType: 'any',
          filters: [
            { column: 'country', type: 'equals', values: ['ES'] },
            { column: 'country', type: 'notEquals', values: ['FR'] },
          ],
        },
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual([{ code: 'NOT_VALID', field: 'filterBy.filters.1.column' }]);
    for (const column of ['googleCampaignId', 'googleKeyword', 'googlePlacement', 'googleAccountId']) {
      const google = await call(t, 'POST', '/reports', {
        token,
        body: {
          ...valid,
          filterBy: { matchType: 'all', filters: [{ column, type: 'equals', values: ['1'] }] },
        },
      });
      expect(google.statusCode, column).toBe(400);
    }
    // The Traffic group (campaign, offer, ...) needs the firewall: Max without it is refused.
    const traffic = await call(t, 'POST', '/reports', {
      token,
      body: {
        ...valid,
        filterBy: { matchType: 'all', filters: [{ column: 'campaignId', type: 'equals', values: [1] }] },
      },
    });
    expect(traffic.statusCode).toBe(403);
    const offerDimension = await call(t, 'POST', '/reports', {
      token,
      body: { ...valid, dimensions: ['offer'] },
    });
    expect(offerDimension.statusCode).toBe(403);
    const firewall = await createTenant(t, {
      plan: 'custom',
      features: [
        { name: 'reports', value: true },
        { name: 'sensor_firewall', value: true },
      ],
    });
    const allowed = await call(t, 'POST', '/reports', {
      token: await accountToken(t, firewall),
      body: {
        ...valid,
        dimensions: ['offer', 'country'],
        filterBy: { matchType: 'all', filters: [{ column: 'campaignId', type: 'equals', values: ['7'] }] },
      },
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect((allowed.json() as Report).filterBy.filters).toEqual([
      { column: 'campaignId', type: 'equals', values: [7] },
    ]);
    // Spec 02 §3: labels, status, fraud severity and traffic veracity are not exported.
    for (const metric of ['labels', 'status', 'trafficVeracityHits']) {
      const excluded = await call(t, 'POST', '/reports', {
        token,
        body: { ...valid, metrics: ['hits', metric] },
      });
      expect(excluded.statusCode, metric).toBe(400);
    }
  });

  it('keeps recipients to the users of the account who may export reports', async () => {
    const viewer = await addTenantUser(t, home.relationshipId, 'Viewer');
    const analyst = await addTenantUser(t, home.relationshipId, 'Analyst');
    const other = await createTenant(t, { plan: 'max' });
    const recipients = (await call(t, 'GET', '/reports/recipients', { token })).json() as {
      recipients: { id: number; email: string }[];
    };
    const ids = recipients.recipients.map((user) => user.id);
    expect(ids).toContain(home.userId);
    expect(ids).toContain(analyst.userId);
    expect(ids).not.toContain(viewer.userId);
    for (const stranger of [viewer.userId, other.userId]) {
      const refused = await call(t, 'POST', '/reports', {
        token,
        body: { ...valid, recipients: [stranger] },
      });
      expect(refused.statusCode).toBe(400);
    }
    expect((await create({ ...valid, recipients: [analyst.userId] })).recipients).toEqual([analyst.userId]);
  });

  it("answers 404 for another account's report and run", async () => {
    const report = await create(valid);
    const run = await runNow(report.id);
    const other = await createTenant(t, { plan: 'max' });
    const theirs = await accountToken(t, other);
    for (const [method, url] of [
      ['PUT', `/reports/${report.id}`],
      ['DELETE', `/reports/${report.id}`],
      ['POST', `/reports/${report.id}/runs`],
      ['GET', `/reports/${report.id}/runs`],
      ['GET', `/reports/runs/${run.id}/download`],
    ] as const) {
      const response = await call(t, method, url, {
        token: theirs,
        body: method === 'GET' ? undefined : valid,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('refuses plans without the reports view and people without the export permission', async () => {
    const pro = await createTenant(t, { plan: 'pro' });
    expect((await call(t, 'GET', '/reports', { token: await accountToken(t, pro) })).statusCode).toBe(403);
    const viewer = await addTenantUser(t, home.relationshipId, 'Viewer');
    const viewerToken = await accountToken(t, viewer);
    expect((await call(t, 'GET', '/reports', { token: viewerToken })).statusCode).toBe(200);
    expect((await call(t, 'POST', '/reports', { token: viewerToken, body: valid })).statusCode).toBe(403);
  });
});

describe('report runs', () => {
  it('runs on demand and downloads the CSV: flat rows, exported metrics, formula-safe text', async () => {
    const report = await create(valid);
    const run = await runNow(report.id);
    expect(run).toMatchObject({
      status: 'done',
      trigger: 'manual',
      from: '2026-03-10',
      to: '2026-03-10',
      rows: 3,
      error: null,
    });
    expect(run.bytes).toBeGreaterThan(0);
    const download = await call(t, 'GET', `/reports/runs/${run.id}/download`, { token });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.headers['content-disposition']).toMatch(
      /attachment; filename="\d{8}-\d{6}-ISPs-yesterday\.csv"/,
    );
    expect(Number(download.headers['content-length'])).toBe(run.bytes);
    expect(download.body.split('\r\n')).toEqual([
      'ISP,Visits,Invalid Visits,Sessions',
      'Telefonica,2,0,1',
      `"'=HYPERLINK(""http://evil.example"",""x"")",1,1,0`,
      'Orange,1,0,0',
      '',
    ]);
    const listed = (await call(t, 'GET', '/reports', { token })).json() as Reports;
    expect(listed.reports.find((item) => item.id === report.id)?.lastRun).toMatchObject({
      id: run.id,
      rows: 3,
    });
  });

  it('answers 204 for a report with no rows, and keeps no file for it', async () => {
    const report = await create({
      ...valid,
      filterBy: { matchType: 'all', filters: [{ column: 'country', type: 'equals', values: ['JP'] }] },
    });
    const run = await runNow(report.id);
    expect(run).toMatchObject({ status: 'done', rows: 0, bytes: 0 });
    expect((await call(t, 'GET', `/reports/runs/${run.id}/download`, { token })).statusCode).toBe(204);
  });

  it('records a run that cannot be written as failed, with the reason, and keeps no file', async () => {
    // A firewall account saves a report by offer, then loses the firewall: the dimension is refused.
    const firewall = await createTenant(t, {
      plan: 'custom',
      features: [
        { name: 'reports', value: true },
        { name: 'sensor_firewall', value: true },
      ],
    });
    const theirs = await accountToken(t, firewall);
    const report = await create({ ...valid, dimensions: ['offer'] }, theirs);
    await t.stores.accounts.db
      .updateTable('relationships')
      .set({ account_features: JSON.stringify([{ name: 'reports', value: true }]) })
      .where('id', '=', firewall.relationshipId)
      .execute();
    const run = await runNow(report.id, theirs);
    expect(run).toMatchObject({
      status: 'failed',
      rows: 0,
      bytes: 0,
      error: 'The Offer dimension is not available on your plan',
    });
    expect((await call(t, 'GET', `/reports/runs/${run.id}/download`, { token: theirs })).statusCode).toBe(
      409,
    );
  });

  it('writes a large report a chunk at a time, recording its progress after each', async () => {
    const tenant = await createTenant(t, { plan: 'max' });
    const hits = Array.from({ length: 25_000 }, (_, index) =>
      makeHit({
        id: `bulk-${index}`,
        relationshipId: tenant.relationshipId,
        sessionId: `bulk-session-${index}`,
        ts: new Date(Date.UTC(2026, 2, 10, 12, 0, index % 3600)),
        vars: { var1: `order-${index}` },
      }),
    );
    await t.stores.events.insertHits(hits);
    const progress: number[] = [];
    const written: number[] = [];
    const rows = await runReport(
      t.stores.events,
      {
        dimensions: ['var1'],
        metrics: ['hits'],
        filters: [],
        matchType: 'all',
        from: '2026-03-10',
        to: '2026-03-10',
      },
      {
        relationshipId: tenant.relationshipId,
        timeZone: 'UTC',
        access: analyticsAccess('max', [], 4),
        lookups: async () => NO_LOOKUPS,
        costs: costBasis({}),
      },
      {
        async write(text) {
          written.push(text.split('\r\n').length - 1);
        },
        async progress(count) {
          progress.push(count);
        },
      },
    );
    expect(rows).toBe(25_000);
    expect(progress).toEqual([10_000, 20_000, 25_000]);
    // The header goes out with the first chunk.
    expect(written).toEqual([10_001, 10_000, 5_000]);
  });

  it('keeps the newest runs of a report and deletes the older ones with their files', async () => {
    const report = await create(valid);
    const runs: ReportRun[] = [];
    for (let index = 0; index < 11; index += 1) runs.push(await runNow(report.id));
    const listed = (await call(t, 'GET', `/reports/${report.id}/runs`, { token })).json() as ReportRuns;
    expect(listed.runs.map((run) => run.id)).toEqual(
      runs
        .slice(1)
        .map((run) => run.id)
        .reverse(),
    );
    const first = runs[0] as ReportRun;
    expect((await call(t, 'GET', `/reports/runs/${first.id}/download`, { token })).statusCode).toBe(404);
    const folder = path.dirname(reportFile(t.dataDir, home.relationshipId, first.id));
    const files = await readdir(folder);
    expect(files).not.toContain(`${first.id}.csv`);
    expect(files).toContain(`${(runs[10] as ReportRun).id}.csv`);
  });

  it('runs a daily report through the scheduler at midnight and mails its recipients a link', async () => {
    const analyst = await addTenantUser(t, home.relationshipId, 'Analyst');
    const report = await create({
      ...valid,
      name: 'Nightly ISPs',
      schedule: 'daily',
      range: 'last7Days',
      recipients: [analyst.userId],
    });
    expect(t.app.jobs.names).toEqual([REPORT_RUNS_JOB]);
    // Before midnight nothing is due.
    clock.set(new Date('2026-03-11T22:00:00.000Z'));
    await t.app.jobs.tick();
    await t.app.jobs.idle();
    expect(
      ((await call(t, 'GET', `/reports/${report.id}/runs`, { token })).json() as ReportRuns).runs,
    ).toEqual([]);
    // Just past midnight in Madrid on 12 March: the last 7 days are 5 to 11 March.
    clock.set(new Date('2026-03-11T23:01:00.000Z'));
    expect(await t.app.jobs.tick()).toEqual([REPORT_RUNS_JOB]);
    await t.app.jobs.idle();
    const { runs } = (await call(t, 'GET', `/reports/${report.id}/runs`, { token })).json() as ReportRuns;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'done',
      trigger: 'schedule',
      from: '2026-03-05',
      to: '2026-03-11',
      rows: 4,
    });
    const listed = (await call(t, 'GET', '/reports', { token })).json() as Reports;
    expect(listed.reports.find((item) => item.id === report.id)?.nextRunAt).toBe('2026-03-12T23:00:00.000Z');
    const [mail] = await mailsTo(t, analyst.email);
    expect(mail).toMatchObject({ kind: 'report', subject: 'Report "Nightly ISPs" is ready' });
    expect(mail?.text).toContain('2026-03-05 to 2026-03-11 is ready: 4 rows');
    expect(mail?.text).toContain(`/intelligence/reports/list?run=${runs[0]?.id}`);
    // The admin was not chosen: no mail.
    expect((await mailsTo(t, home.email)).filter((item) => item.kind === 'report')).toEqual([]);
    const download = await call(t, 'GET', `/reports/runs/${runs[0]?.id}/download`, {
      token: await accountToken(t, analyst),
    });
    expect(download.body).toContain('Vodafone,1,0,0');
    // The same night is not run twice.
    clock.set(new Date('2026-03-11T23:02:00.000Z'));
    await t.app.jobs.tick();
    await t.app.jobs.idle();
    const again = (await call(t, 'GET', `/reports/${report.id}/runs`, { token })).json() as ReportRuns;
    expect(again.runs).toHaveLength(1);
  });

  it('takes over a run that a stopped process left running once its lease ran out', async () => {
    const report = await create(valid);
    const db = t.stores.accounts.db;
    const id = await insertRun(db, {
      reportId: report.id,
      relationshipId: home.relationshipId,
      trigger: 'manual',
      from: '2026-03-10',
      to: '2026-03-10',
      now: clock.now(),
    });
    const stale = new Date(clock.now().getTime() - 60_000).toISOString();
    await db
      .updateTable('report_runs')
      .set({ status: 'running', lease_owner: 'a-process-that-died', lease_until: stale, row_count: 7 })
      .where('id', '=', id)
      .execute();
    clock.set(new Date('2026-03-11T23:10:00.000Z'));
    expect(await t.app.jobs.tick()).toEqual([REPORT_RUNS_JOB]);
    await t.app.jobs.idle();
    const { runs } = (await call(t, 'GET', `/reports/${report.id}/runs`, { token })).json() as ReportRuns;
    expect(runs[0]).toMatchObject({ id, status: 'done', rows: 3 });
  });

  it('refuses a second run of a report while one is waiting', async () => {
    const report = await create(valid);
    await insertRun(t.stores.accounts.db, {
      reportId: report.id,
      relationshipId: home.relationshipId,
      trigger: 'manual',
      from: '2026-03-10',
      to: '2026-03-10',
      now: clock.now(),
    });
    const again = await call(t, 'POST', `/reports/${report.id}/runs`, { token, body: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toBe('The report is already running');
    await t.app.reports.runPending();
    expect((await runNow(report.id)).status).toBe('done');
  });

  it("skips a schedule's turn once the plan has no reports, and moves the schedule on", async () => {
    const tenant = await createTenant(t, { plan: 'max' });
    const theirs = await accountToken(t, tenant);
    const report = await create({ ...valid, schedule: 'daily' }, theirs);
    await t.stores.accounts.db
      .updateTable('relationships')
      .set({ plan_type: 'pro' })
      .where('id', '=', tenant.relationshipId)
      .execute();
    clock.set(new Date('2026-03-12T23:05:00.000Z'));
    await t.app.jobs.tick();
    await t.app.jobs.idle();
    const runs = await t.stores.accounts.db
      .selectFrom('report_runs')
      .select('id')
      .where('report_id', '=', report.id)
      .execute();
    expect(runs).toEqual([]);
    const stored = await t.stores.accounts.db
      .selectFrom('reports')
      .select('next_run_at')
      .where('id', '=', report.id)
      .executeTakeFirst();
    // A UTC account: its next midnight.
    expect(stored?.next_run_at).toBe('2026-03-13T00:00:00.000Z');
  });

  it('records a run whose file cannot be written as failed and leaves nothing behind', async () => {
    const report = await create(valid);
    const id = await insertRun(t.stores.accounts.db, {
      reportId: report.id,
      relationshipId: home.relationshipId,
      trigger: 'manual',
      from: '2026-03-10',
      to: '2026-03-10',
      now: clock.now(),
    });
    // A folder where the run's file would go: opening it for writing fails (EISDIR).
    const partial = `${reportFile(t.dataDir, home.relationshipId, id)}.part`;
    await mkdir(partial, { recursive: true });
    await t.app.reports.runPending();
    const { runs } = (await call(t, 'GET', `/reports/${report.id}/runs`, { token })).json() as ReportRuns;
    expect(runs[0]).toMatchObject({ id, status: 'failed' });
    expect(runs[0]?.error).toContain('EISDIR');
    expect(await readdir(path.dirname(partial))).not.toContain(`${id}.csv`);
  });
});
