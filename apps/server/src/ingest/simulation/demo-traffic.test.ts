import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rawSql } from '../../storage/events/sql.js';
import { getMeta } from '../../storage/oltp/app-meta.repo.js';
import { createTenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { runScheduledDemoTraffic, scheduleDemoTraffic } from './demo-traffic.js';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

async function counts() {
  const rows = await t.stores.events.query<{ kind: string; risk_level: string; n: number }>(() =>
    rawSql(`select 'hits' as kind, risk_level, count(*)::INTEGER as n from hits group by all
      union all select 'sessions', risk_level, count(*)::INTEGER from sessions group by all
      union all select 'conversions', risk_level, count(*)::INTEGER from conversions group by all`),
  );
  const total = (kind: string) =>
    rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.n, 0);
  const level = (kind: string, risk: string) =>
    rows.find((row) => row.kind === kind && row.risk_level === risk)?.n ?? 0;
  return { total, level };
}

describe('first-start demo traffic', () => {
  it('fills the scheduled accounts through the pipeline once, and a second run stores nothing twice', async () => {
    const tenant = await createTenant(t);
    const db = t.stores.accounts.db;
    await scheduleDemoTraffic(db, [tenant.relationshipId]);
    const options = { days: 3, visitsPerDay: 40, now: new Date('2026-11-20T12:00:00Z') };
    const stored = await runScheduledDemoTraffic(db, t.app.ingest, t.app.log, options);
    expect(stored?.hits).toBeGreaterThan(120);
    expect(await getMeta(db, 'demo_traffic')).toBe('done');
    const first = await counts();
    expect(first.total('hits')).toBe(stored?.hits);
    expect(first.total('sessions')).toBeGreaterThanOrEqual(120);
    expect(first.total('conversions')).toBe(stored?.conversions);
    // People and bots: both ends of the scale are there.
    expect(first.level('hits', 'low')).toBeGreaterThan(first.total('hits') / 3);
    expect(first.level('hits', 'high')).toBeGreaterThan(10);
    // Done means done; scheduled again (an interrupted run), the same ids are recognised.
    expect(await runScheduledDemoTraffic(db, t.app.ingest, t.app.log, options)).toBeUndefined();
    await scheduleDemoTraffic(db, [tenant.relationshipId]);
    await runScheduledDemoTraffic(db, t.app.ingest, t.app.log, options);
    const second = await counts();
    expect(second.total('hits')).toBe(first.total('hits'));
    expect(second.total('conversions')).toBe(first.total('conversions'));
    expect(second.total('sessions')).toBe(first.total('sessions'));
  }, 60_000);
});
