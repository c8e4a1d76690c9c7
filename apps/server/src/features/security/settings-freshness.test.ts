import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../storage/events/sql.js';
import { accountToken, call } from '../../test-support/fixtures.js';
import {
  collect,
  createIngestTenant,
  type IngestTenant,
  sensorHit,
} from '../../test-support/ingest-fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

/** A residential address (Telefónica, Spain) no other suite uses. */
const VISITOR_IP = '81.33.62.21';

let t: TestApp;
let tenant: IngestTenant;
let token: string;

beforeAll(async () => {
  // The collector's default cache period (30 s): only the change's announcement can make it read again.
  t = await startTestApp({});
  tenant = await createIngestTenant(t);
  token = await accountToken(t, tenant);
});
afterAll(async () => {
  await t.close();
});

async function threatsOf(changes: Parameters<typeof sensorHit>[1] = {}): Promise<string[]> {
  await pause(5);
  const hit = sensorHit(tenant, changes);
  const response = await collect(t, hit, { ip: VISITOR_IP });
  expect(response.statusCode, response.body).toBe(200);
  await t.stores.journal.drain();
  const [stored] = await t.stores.events.query<{ threats: string[] }>(
    () => sql`select threats from hits where id = ${hit.eventId}`,
  );
  return stored?.threats ?? [];
}

describe('a saved security setting applies to the next hit on this server', () => {
  it('the deny list and the excluded referrers, without waiting for the collector cache', async () => {
    const referrer = 'https://games.spam.example/play';
    expect(await threatsOf({ referrer })).toEqual([]);

    const denied = await call(t, 'POST', '/me/ip-blacklist', {
      token,
      body: { entries: [{ value: VISITOR_IP }] },
    });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(await threatsOf({ referrer })).toContain('network:denylisted');

    const domains = await call(t, 'PUT', '/security/domains', {
      token,
      body: { excludedReferrers: ['spam.example'], sensorDomains: [], foreignDomainAction: 'flag' },
    });
    expect(domains.statusCode, domains.body).toBe(200);
    expect(await threatsOf({ referrer })).toContain('network:excluded_domain');
  });
});
