import type { BillingState } from '@veracity/contracts/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_USAGE_JOB } from '../../jobs/billing-usage.js';
import { VirtualClock } from '../../jobs/clock.js';
import { makeHit } from '../../storage/events/event-store.fixtures.js';
import type { HitRow } from '../../storage/events/event-store.js';
import { accountToken, addTenantUser, call, mailsTo } from '../../test-support/fixtures.js';
import { collect, createIngestTenant, eventId, sensorHit } from '../../test-support/ingest-fixtures.js';
import { NO_JOBS, startTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * Visits against the plan (issue 37): the billing state counts the account's hits of the calendar
 * month in its time zone, on the real event store (DuckDB), hits collected through the sensor included;
 * the usage job mails the admins once at 80% and once at 100% of the plan's monthly visits.
 */
let t: TestApp;
const clock = new VirtualClock(new Date('2026-11-15T10:00:00.000Z'));
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

function hitsAt(relationshipId: number, ts: string, count: number): HitRow[] {
  return Array.from({ length: count }, () =>
    makeHit({ id: eventId('usage'), relationshipId, sessionId: eventId('s'), ts: new Date(ts) }),
  );
}

describe("the billing state's visits this month", () => {
  it("counts the hits since the first of the month on the account's clock, and no other account's", async () => {
    const tenant = await createIngestTenant(t);
    const other = await createIngestTenant(t);
    await t.stores.accounts.db
      .updateTable('relationships')
      .set({ timezone: 'Europe/Madrid', plan_type: 'lite' })
      .where('id', '=', tenant.relationshipId)
      .execute();
    await t.stores.events.insertHits([
      // 31 October 23:30 in Madrid (UTC+1): last month.
      ...hitsAt(tenant.relationshipId, '2026-10-31T22:30:00.000Z', 2),
      // 1 November 00:30 in Madrid, still 31 October in UTC: this month.
      ...hitsAt(tenant.relationshipId, '2026-10-31T23:30:00.000Z', 3),
      ...hitsAt(tenant.relationshipId, '2026-11-14T09:00:00.000Z', 4),
      ...hitsAt(other.relationshipId, '2026-11-14T09:00:00.000Z', 5),
    ]);
    const collected = await collect(t, sensorHit(tenant));
    expect(collected.statusCode, collected.body).toBeLessThan(300);
    await t.stores.journal.drain();

    const token = await accountToken(t, tenant);
    const response = await call(t, 'GET', '/billing/subscription', { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject<Partial<BillingState>>({
      planType: 'lite',
      monthlyVisits: 50_000,
      visitsThisMonth: 8,
    });

    // A new month starts from nothing.
    clock.set(new Date('2026-11-30T23:30:00.000Z'));
    const december = await call(t, 'GET', '/billing/subscription', { token });
    expect((december.json() as BillingState).visitsThisMonth).toBe(0);
  });
});

/** Only the usage job: the other jobs of the scheduler are left out of this app. */
const USAGE_JOB_ONLY = {
  ...NO_JOBS,
  BILLING_USAGE_CHECK_SECONDS: '3600',
};

describe('the 80% and 100% notices', () => {
  it("mails the account's admins once per threshold and month, and never more", async () => {
    const jobClock = new VirtualClock(new Date('2026-11-20T10:00:00.000Z'));
    const app = await startTestApp(USAGE_JOB_ONLY, { clock: jobClock });
    try {
      const db = app.stores.accounts.db;
      // A free trial (10,000 visits a month) with two admins and a viewer, and a second trial that
      // jumps past 100% between two checks.
      const trial = await createIngestTenant(app);
      const secondAdmin = await addTenantUser(app, trial.relationshipId, 'Admin');
      const viewer = await addTenantUser(app, trial.relationshipId, 'Viewer');
      const jumper = await createIngestTenant(app);
      await db
        .updateTable('relationships')
        .set({ plan_type: 'free_trial', trial_expires_at: '2027-01-01T00:00:00.000Z' })
        .where('id', 'in', [trial.relationshipId, jumper.relationshipId])
        .execute();
      const runJob = async () => {
        jobClock.set(new Date(jobClock.now().getTime() + 3_600_000));
        expect(await app.app.jobs.tick()).toEqual([BILLING_USAGE_JOB]);
        await app.app.jobs.idle();
      };
      const subjects = async (email: string) => (await mailsTo(app, email)).map((mail) => mail.subject);

      // 7,999 visits stored and one collected by the sensor: 8,000, 80% of the plan.
      await app.stores.events.insertHits([
        ...hitsAt(trial.relationshipId, '2026-11-02T08:00:00.000Z', 7_999),
        ...hitsAt(jumper.relationshipId, '2026-11-03T08:00:00.000Z', 10_500),
        // Last month's visits do not count.
        ...hitsAt(trial.relationshipId, '2026-10-30T08:00:00.000Z', 3_000),
      ]);
      expect((await collect(app, sensorHit(trial))).statusCode).toBeLessThan(300);
      await app.stores.journal.drain();

      await runJob();
      await runJob();
      const eighty = 'Your Veracity account has used 80% of its monthly visits';
      const hundred = 'Your Veracity account has used 100% of its monthly visits';
      expect(await subjects(trial.email)).toEqual([eighty]);
      expect(await subjects(secondAdmin.email)).toEqual([eighty]);
      expect(await subjects(viewer.email)).toEqual([]);
      const [mail] = await mailsTo(app, trial.email);
      expect(mail?.kind).toBe('plan_usage');
      expect(mail?.text).toContain('8,000 visits this month, 80% of the 10,000 visits its plan includes');
      expect(mail?.text).toContain('Visits beyond the plan are still collected and protected');
      expect(mail?.text).toContain(`${app.config.publicUrl}/account/plans`);
      // Past 100% in one go: one mail, at 100%.
      expect(await subjects(jumper.email)).toEqual([hundred]);

      // 2,000 more visits: 100%, mailed once however often the job runs.
      await app.stores.events.insertHits(hitsAt(trial.relationshipId, '2026-11-20T09:00:00.000Z', 2_000));
      await runJob();
      await runJob();
      expect(await subjects(trial.email)).toEqual([hundred, eighty]);
      expect(await subjects(secondAdmin.email)).toEqual([hundred, eighty]);
      expect(await subjects(jumper.email)).toEqual([hundred]);

      // December starts from nothing: no notice until its own visits reach 80%.
      jobClock.set(new Date('2026-12-01T00:30:00.000Z'));
      await runJob();
      expect(await subjects(trial.email)).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});
