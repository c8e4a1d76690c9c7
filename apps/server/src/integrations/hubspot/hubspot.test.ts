import {
  HUBSPOT_REASONS_PROPERTY,
  HUBSPOT_VERDICT_PROPERTY,
  type HubspotState,
} from '@veracity/contracts/hubspot';
import { S2S_CONVERSIONS_PATH } from '@veracity/contracts/s2s';
import { type FakeHubspot, startFakeHubspot } from '@veracity/fakes/hubspot/start-fake-hubspot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubspotServices } from '../../features/hubspot/hubspot.service.js';
import { matchHubspotLeads } from '../../features/hubspot/hubspot-matching.js';
import { createHubspotIntegration } from '../../features/hubspot/hubspot-wiring.js';
import { systemClock } from '../../jobs/clock.js';
import { accountToken, call } from '../../test-support/fixtures.js';
import { createIngestTenant, type IngestTenant, s2s } from '../../test-support/ingest-fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  createHubspotClient,
  type HubspotClient,
  type HubspotConfig,
  HubspotError,
} from './hubspot-client.js';

/**
 * HubSpot's client against the local fake (tools/fakes/src/hubspot), which checks the shapes of
 * properties, searches and updates: the properties created once, contacts found by cookie and by
 * email, the verdict written, 429 and 401 answers; then the whole path through the server: consent,
 * an invalid S2S conversion with an email, the matching pass, the contact flagged and listed.
 */
let fake: FakeHubspot;
let config: HubspotConfig;
let client: HubspotClient;
let token: string;
const UTK = 'a'.repeat(32);
const AWS_IP = '3.120.10.10';

beforeAll(async () => {
  fake = await startFakeHubspot();
  config = { clientId: fake.clientId, clientSecret: fake.clientSecret, apiUrl: fake.url, appUrl: fake.url };
  client = createHubspotClient(config, { minIntervalMs: 0, sleep: async () => undefined });
  token = fake.oauth.issueTokens().accessToken;
});

afterAll(async () => {
  await fake.close();
});

describe('HubSpot against its fake', () => {
  it('reads the portal of the token', async () => {
    expect(await client.portal(token)).toEqual({ id: '4400123', domain: 'fake-portal.hubspot.example' });
  });

  it('creates the two contact properties once', async () => {
    await client.ensureProperties(token);
    await client.ensureProperties(token);
    expect([...fake.state.properties.keys()]).toEqual([HUBSPOT_VERDICT_PROPERTY, HUBSPOT_REASONS_PROPERTY]);
    expect(fake.service.requestsTo('properties:create')).toHaveLength(2);
    expect(fake.state.properties.get(HUBSPOT_VERDICT_PROPERTY)).toMatchObject({
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'contactinformation',
    });
  });

  it('finds a contact by its visitor cookie and by email, without case', async () => {
    const contact = fake.state.addContact('lead@shop.example', UTK);
    expect(await client.contactByUtk(token, UTK)).toBe(contact.id);
    expect(await client.contactByUtk(token, 'b'.repeat(32))).toBeNull();
    expect(await client.contactByEmail(token, 'LEAD@shop.example')).toBe(contact.id);
    expect(await client.contactByEmail(token, 'nobody@shop.example')).toBeNull();
    const [search] = fake.service.requestsTo('contacts:search');
    expect(search?.path).toBe('/crm/objects/2026-03/contacts/search');
  });

  it('writes the verdict on the contact; a deleted contact answers false', async () => {
    const contact = fake.state.addContact('flag@shop.example');
    expect(await client.flag(token, contact.id, 'invalid', 'Hosting network; Automation tool')).toBe(true);
    expect(contact.properties).toMatchObject({
      [HUBSPOT_VERDICT_PROPERTY]: 'invalid',
      [HUBSPOT_REASONS_PROPERTY]: 'Hosting network; Automation tool',
    });
    expect(await client.flag(token, '999999', 'invalid', '')).toBe(false);
  });

  it('waits out a rate limit, then gives up as rate_limited', async () => {
    const waits: number[] = [];
    const patient = createHubspotClient(config, {
      minIntervalMs: 0,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    fake.service.rateLimit('contacts:search', { times: 1, retryDelaySeconds: 2 });
    expect(await patient.contactByEmail(token, 'lead@shop.example')).not.toBeNull();
    expect(waits).toEqual([2000]);
    fake.service.rateLimit('contacts:search', { times: 4, retryDelaySeconds: 1 });
    await expect(patient.contactByEmail(token, 'lead@shop.example')).rejects.toMatchObject({
      code: 'rate_limited',
    });
  });

  it('spaces its calls for the search limit', async () => {
    let clock = 0;
    const waits: number[] = [];
    const spaced = createHubspotClient(config, {
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    await spaced.contactByEmail(token, 'lead@shop.example');
    await spaced.contactByEmail(token, 'lead@shop.example');
    await spaced.contactByEmail(token, 'lead@shop.example');
    expect(waits).toEqual([250, 250]);
  });

  it('answers reconnect for a token HubSpot refuses, refused for a bad value', async () => {
    await expect(client.contactByEmail('not-a-token', 'lead@shop.example')).rejects.toMatchObject({
      code: 'reconnect',
    });
    const contact = fake.state.addContact('odd@shop.example');
    const error = await client
      .flag(token, contact.id, 'maybe' as 'invalid', '')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HubspotError);
    expect(error).toMatchObject({ code: 'refused' });
  });
});

describe('HubSpot through the server', () => {
  let t: TestApp;
  let tenant: IngestTenant;
  let admin: string;
  const range = (() => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    return `from=${day(-2)}&to=${day(1)}`;
  })();

  beforeAll(async () => {
    fake.state.properties.clear();
    t = await startTestApp(
      {
        HUBSPOT_CLIENT_ID: fake.clientId,
        HUBSPOT_CLIENT_SECRET: fake.clientSecret,
        HUBSPOT_API_URL: fake.url,
        HUBSPOT_APP_URL: fake.url,
        HUBSPOT_MATCH_SECONDS: '0',
      },
      { hubspotClient: { minIntervalMs: 0, sleep: async () => undefined } },
    );
    tenant = await createIngestTenant(t);
    admin = await accountToken(t, tenant);
  });

  afterAll(async () => {
    await t.close();
  });

  /** An S2S conversion of an HTTP library from a hosting network (invalid), naming its person. */
  const botLead = (id: string, crm: Record<string, string>, name = 'lead') =>
    s2s(t, tenant, S2S_CONVERSIONS_PATH, { id, ip: AWS_IP, userAgent: 'python-requests/2.32', name, crm });

  const state = async () => {
    const response = await call(t, 'GET', `/integrations/hubspot?${range}`, { token: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as HubspotState;
  };

  it('keeps nothing before HubSpot is linked', async () => {
    expect(await state()).toMatchObject({ configured: true, connection: 'none', portal: null, pending: 0 });
    const conversion = await botLead('lead-before', { email: 'before@shop.example' });
    expect(conversion.statusCode, conversion.body).toBe(200);
    expect((await state()).pending).toBe(0);
  });

  it('links the portal, flags the contact of an invalid lead and lists it', async () => {
    const started = await call(t, 'POST', '/integrations/hubspot/connect', {
      token: admin,
      body: { returnPath: '/integrations/hubspot' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const consent = new URL((started.json() as { url: string }).url);
    expect(consent.searchParams.get('scope')).toContain('crm.objects.contacts.write');
    consent.searchParams.set('approve', '1');
    const approved = await fetch(consent, { redirect: 'manual' });
    const back = new URL(String(approved.headers.get('location')));
    const callback = await call(t, 'GET', `${back.pathname.replace(/^\/api/, '')}${back.search}`);
    expect(callback.headers.location).toBe('/integrations/hubspot?hubspot=linked');
    const audited = await t.stores.accounts.db
      .selectFrom('audit_log')
      .select('action')
      .where('relationship_id', '=', tenant.relationshipId)
      .where('action', 'like', 'hubspot.%')
      .orderBy('id')
      .execute();
    expect(audited.map((row) => row.action)).toEqual(['hubspot.connect_started', 'hubspot.connected']);
    expect(await state()).toMatchObject({
      connection: 'connected',
      portal: { id: '4400123' },
      propertiesReady: true,
    });

    // A bot's lead with an email, a person's lead with theirs: only the bot's is kept.
    const bot = await botLead('lead-bot', { email: 'Bot@Shop.example' });
    expect(bot.json()).toMatchObject({ riskLevel: 'high' });
    const stored = await t.stores.accounts.db.selectFrom('hubspot_leads').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.email_sealed).not.toContain('shop.example');
    expect((await state()).pending).toBe(1);

    // The contact is not in HubSpot yet: the lead waits.
    expect(await matchHubspotLeads(services(t), t.app.log)).toMatchObject({ waiting: 1, flagged: 0 });
    const contact = fake.state.addContact('bot@shop.example');
    await t.stores.accounts.db
      .updateTable('hubspot_leads')
      .set({ next_try_at: '2000-01-01T00:00:00.000Z' })
      .execute();
    expect(await matchHubspotLeads(services(t), t.app.log)).toMatchObject({ flagged: 1 });
    expect(contact.properties[HUBSPOT_VERDICT_PROPERTY]).toBe('invalid');
    expect(contact.properties[HUBSPOT_REASONS_PROPERTY]).not.toBe('');
    const after = await state();
    expect(after.pending).toBe(0);
    expect(after.contacts).toEqual([
      expect.objectContaining({
        contactId: contact.id,
        verdict: 'invalid',
        matchedBy: 'email',
        conversionName: 'lead',
      }),
    ]);
    const [row] = await t.stores.accounts.db.selectFrom('hubspot_leads').selectAll().execute();
    expect(row?.email_sealed).toBeNull();
  });

  it('matches by the visitor cookie, renewing an access token HubSpot no longer takes', async () => {
    const utk = 'c'.repeat(32);
    const contact = fake.state.addContact('cookie@shop.example', utk);
    const bot = await botLead('lead-cookie', { hubspotutk: utk }, 'signup');
    expect(bot.statusCode, bot.body).toBe(200);
    fake.oauth.expireAccessTokens();
    expect(await matchHubspotLeads(services(t), t.app.log)).toMatchObject({ flagged: 1, failed: 0 });
    expect(contact.properties[HUBSPOT_VERDICT_PROPERTY]).toBe('invalid');
    expect((await state()).contacts.map((item) => item.matchedBy)).toContain('hubspotutk');
  });

  it('refuses a bad crm field with a 400 and stores nothing of the call', async () => {
    const bad = await botLead('lead-bad', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    const rows = await t.stores.accounts.db
      .selectFrom('hubspot_leads')
      .select('conversion_id')
      .where('conversion_id', '=', 'lead-bad')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('turns to reconnect when HubSpot refuses the grant, and holds its leads back', async () => {
    const lead = await botLead('lead-revoked', { email: 'later@shop.example' });
    expect(lead.statusCode, lead.body).toBe(200);
    fake.oauth.revokeAll();
    fake.oauth.expireAccessTokens();
    expect(await matchHubspotLeads(services(t), t.app.log)).toMatchObject({ flagged: 0, failed: 1 });
    expect(await state()).toMatchObject({ connection: 'reconnect', pending: 1 });
    const [held] = await t.stores.accounts.db
      .selectFrom('hubspot_leads')
      .selectAll()
      .where('conversion_id', '=', 'lead-revoked')
      .execute();
    expect(Date.parse(String(held?.next_try_at))).toBeGreaterThan(Date.now() + 10 * 60_000);
    // Held back: the next pass does not ask HubSpot again.
    expect(await matchHubspotLeads(services(t), t.app.log)).toMatchObject({ failed: 0, waiting: 0 });
  });

  it('disconnects: the grant revoked, waiting leads dropped', async () => {
    const gone = await call(t, 'DELETE', `/integrations/hubspot?${range}`, { token: admin });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toMatchObject({ connection: 'none', portal: null, contacts: [], pending: 0 });
    expect(fake.service.requestsTo('oauth:revokeRefresh')).toHaveLength(1);
  });
});

/** What the job works with, over the test app's stores and config (the scheduler runs it in production). */
function services(t: TestApp): HubspotServices {
  return {
    db: t.stores.accounts.db,
    clock: systemClock,
    hubspot: createHubspotIntegration({
      db: t.stores.accounts.db,
      log: t.app.log,
      clock: systemClock,
      config: t.config,
      clientOptions: { minIntervalMs: 0, sleep: async () => undefined },
    }),
  };
}
