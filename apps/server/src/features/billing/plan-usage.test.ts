import type { BillingState } from '@veracity/contracts/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../jobs/clock.js';
import { makeHit } from '../../storage/events/event-store.fixtures.js';
import type { HitRow } from '../../storage/events/event-store.js';
import { accountToken, call } from '../../test-support/fixtures.js';
import { collect, createIngestTenant, eventId, sensorHit } from '../../test-support/ingest-fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * Visits against the plan (issue 37): the billing state counts the account's hits of the calendar
 * month in its time zone, on the real event store (DuckDB), hits collected through the sensor included.
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
