import { S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../jobs/clock.js';
import { SENSOR_COVERAGE_JOB } from '../jobs/sensor-coverage.js';
import { sql } from '../storage/events/sql.js';
import { eventStoreEngines } from '../test-support/event-store-engines.js';
import {
  CHROME,
  collect,
  createIngestTenant,
  eventId,
  HOME_IP,
  type IngestTenant,
  s2s,
  sensorHit,
  startIngestApp,
} from '../test-support/ingest-fixtures.js';
import { NO_JOBS, type TestApp } from '../test-support/test-app.js';

/**
 * S2S paid clicks that no sensor page view followed (docs/detection.md "sensor:no_page_view"), judged
 * by the server's job once the wait is over, through the real ingestion path and scheduler.
 */

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CLICKED_AT = new Date('2026-11-20T10:00:10.000Z');

/** Only the coverage job, every minute, judging clicks a minute after them. */
const COVERAGE_JOB_ONLY = {
  ...NO_JOBS,
  SENSOR_COVERAGE_CHECK_SECONDS: '60',
  SENSOR_PAGE_VIEW_WAIT_SECONDS: '60',
};

const EVENT_STORES = eventStoreEngines('coverage');

let t: TestApp;
let tenant: IngestTenant;
let clock: VirtualClock;

/** An S2S page view landing from a Google Ads click, with the visitor's address and agent. */
async function paidClick(
  account: IngestTenant,
  gclid: string,
  visitor: { ip: string; userAgent: string },
): Promise<string> {
  const id = eventId('clk');
  const response = await s2s(t, account, S2S_HITS_PATH, {
    id,
    ts: clock.now().getTime(),
    url: `https://shop.example.com/landing?gclid=${gclid}`,
    ...visitor,
  });
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

/** The session reasons of each hit, by hit id, once everything acknowledged is stored. */
async function sessionThreats(ids: readonly string[]): Promise<Record<string, string[]>> {
  await t.stores.journal.drain();
  const rows = await t.stores.events.query<{ id: string; threats: string[] }>(
    () =>
      sql`select hits.id as id, sessions.threats as threats from hits
        join sessions on sessions.relationship_id = hits.relationship_id and sessions.id = hits.session_id`,
  );
  return Object.fromEntries(
    rows.filter((row) => ids.includes(row.id)).map((row) => [row.id, [...row.threats].sort()]),
  );
}

/** Moves the clock to the run that judges the clicks of CLICKED_AT, and runs it. */
async function runCoverageJob(): Promise<void> {
  clock.set(new Date('2026-11-20T10:02:05.000Z'));
  expect(await t.app.jobs.tick()).toEqual([SENSOR_COVERAGE_JOB]);
  await t.app.jobs.idle();
}

describe.each(EVENT_STORES)('S2S paid clicks without a sensor page view, on $name', ({ opener }) => {
  beforeEach(async () => {
    clock = new VirtualClock(CLICKED_AT);
    const openEvents = opener();
    ({ t, tenant } = await startIngestApp(COVERAGE_JOB_ONLY, { clock }, openEvents ? { openEvents } : {}));
  });

  afterEach(async () => {
    await t.close();
  });

  it('are marked once the wait is over, on an account whose pages run the sensor; clicks its sensor saw are not', async () => {
    const landing = (gclid: string) => `https://shop.example.com/landing?gclid=${gclid}`;
    // The sensor saw the landings of two clicks: one by its click id, one by its address and agent.
    const seenById = eventId('gclid');
    const view = await collect(t, sensorHit(tenant, { ts: clock.now().getTime(), url: landing(seenById) }));
    expect(view.statusCode).toBe(200);
    const byId = await paidClick(tenant, seenById, { ip: '81.33.90.11', userAgent: FIREFOX });
    const byDevice = await paidClick(tenant, eventId('gclid'), { ip: HOME_IP, userAgent: CHROME });
    // Never seen by the sensor.
    const unseen = await paidClick(tenant, eventId('gclid'), { ip: '81.33.90.12', userAgent: FIREFOX });
    // Seen only by a page view without the served script's proof: a bot posting to the collector.
    const forgedId = eventId('gclid');
    const forged = await collect(
      t,
      sensorHit(tenant, { ts: clock.now().getTime(), url: landing(forgedId), proof: 'v1.1.forged' }),
      { ip: '81.33.90.13' },
    );
    expect(forged.statusCode).toBe(200);
    const unproven = await paidClick(tenant, forgedId, { ip: '81.33.90.13', userAgent: CHROME });
    // An account without the sensor: its S2S clicks are never judged by it.
    const s2sOnly = await createIngestTenant(t);
    const elsewhere = await paidClick(s2sOnly, eventId('gclid'), { ip: '81.33.90.14', userAgent: FIREFOX });

    const ids = [byId, byDevice, unseen, unproven, elsewhere];
    expect(Object.values(await sessionThreats(ids)).flat()).not.toContain('sensor:no_page_view');
    await runCoverageJob();
    const threats = await sessionThreats(ids);
    expect(threats[byId]).not.toContain('sensor:no_page_view');
    expect(threats[byDevice]).not.toContain('sensor:no_page_view');
    expect(threats[unseen]).toContain('sensor:no_page_view');
    expect(threats[unproven]).toContain('sensor:no_page_view');
    expect(threats[elsewhere]).not.toContain('sensor:no_page_view');

    const [evidence] = await t.stores.events.query<{ evidence: string | null }>(
      () => sql`select evidence from sessions where relationship_id = ${tenant.relationshipId}
        and ${sql`id`} = (select session_id from hits where id = ${unseen})`,
    );
    expect(JSON.parse(String(evidence?.evidence))).toMatchObject({
      'sensor:no_page_view': { waitedMs: 60_000 },
    });
  });
});
