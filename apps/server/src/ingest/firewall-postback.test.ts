import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnalyticsTree } from '@veracity/contracts/analytics/query';
import type { FirewallCampaign, Offer, TrafficSource } from '@veracity/contracts/firewall';
import type {
  FirewallPostbackAnswer,
  HeldConversions,
  PostbackDelivery,
  ReleaseConversionsAnswer,
} from '@veracity/contracts/postbacks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../jobs/clock.js';
import { deliverDuePostbacks } from '../postbacks/postback-delivery.service.js';
import { postbackSecret, postbackSignature } from '../postbacks/postback-secret.js';
import type { HitRow } from '../storage/events/event-store.js';
import { createFirewallTenant, memberWith } from '../test-support/firewall-fixtures.js';
import { accountToken, call, type Tenant } from '../test-support/fixtures.js';
import { eventId, storedRows } from '../test-support/ingest-fixtures.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/** Where the advertiser's postbacks come from: the traffic source allows its range. */
const ADVERTISER_IP = '203.0.113.7';
const ELSEWHERE_IP = '198.51.100.20';
const START = new Date('2026-11-20T10:00:00.000Z');
const RANGE = { from: '2026-11-19', to: '2026-11-21' };

let receiver: Server;
let base: string;
let received: URL[] = [];
let t: TestApp;
let clock: VirtualClock;

interface FirewallAccount {
  tenant: Tenant;
  token: string;
  sensorKey: string;
  source: TrafficSource;
  offer: Offer;
  campaign: FirewallCampaign;
}
let home: FirewallAccount;
let other: FirewallAccount;

async function created<T>(token: string, path: string, body: object): Promise<T> {
  const response = await call(t, 'POST', path, { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as T;
}

async function firewallAccount(company: string): Promise<FirewallAccount> {
  const tenant = await createFirewallTenant(t, { company });
  const token = await accountToken(t, tenant);
  const { sensor_key: sensorKey } = await t.stores.accounts.db
    .selectFrom('relationships')
    .select('sensor_key')
    .where('id', '=', tenant.relationshipId)
    .executeTakeFirstOrThrow();
  const source = await created<TrafficSource>(token, '/sensors/firewall/trafficsources', {
    name: 'Push network',
    postbackUrl: `${base}/postback?cid={external_id}&payout={payout}&status={status}&click={clickid}&conv={conversion_id}&src={traffic_source_id}&sub={sub_publisher}&v1={var1}&cc={country}`,
    allowedPostbackAddresses: ['203.0.113.0/24'],
  });
  const offer = await created<Offer>(token, '/sensors/firewall/offers', {
    name: 'Offer',
    landingUrl: 'https://offer.example/land?c={clickid}',
  });
  const campaign = await created<FirewallCampaign>(token, '/sensors/firewall', {
    name: 'Campaign',
    offerId: offer.id,
    trafficSourceId: source.id,
  });
  return { tenant, token, sensorKey, source, offer, campaign };
}

/**
 * A firewall click as the click path stores it (campaign, offer, traffic source, the source's click id
 * and the hit status), through the journal like every hit, and known to the pipeline as stored.
 */
async function storeClick(
  account: FirewallAccount,
  changes: Partial<HitRow> & { agoMs?: number } = {},
): Promise<HitRow> {
  const { agoMs = 60_000, ...fields } = changes;
  const id = eventId('click');
  const row: HitRow = {
    relationshipId: account.tenant.relationshipId,
    id,
    sessionId: `s-${id}`,
    ts: new Date(clock.now().getTime() - agoMs),
    url: `https://veracity.example/c/fc/${account.campaign.id}`,
    trafficType: 'direct',
    riskLevel: 'low',
    threats: [],
    hitStatus: 'delivered',
    campaignId: account.campaign.id,
    offerId: account.offer.id,
    trafficSourceId: account.source.id,
    clickId: `src-${id}`,
    subPublisher: 'pub-42',
    country: 'ES',
    vars: { var1: 'v one' },
    ...fields,
  };
  await t.stores.journal.append({ hits: [row], hitSessions: [{ hits: 1, startedAt: row.ts }] });
  await t.stores.journal.drain();
  t.app.ingest.pipeline.storedIds?.add('hits', row.relationshipId, row.id);
  return row;
}

async function postback(
  params: Record<string, string>,
  options: { ip?: string; method?: 'GET' | 'POST'; form?: boolean } = {},
) {
  const query = new URLSearchParams(params).toString();
  const method = options.method ?? 'GET';
  return t.app.inject({
    method,
    url: method === 'POST' && options.form ? '/c/pb' : `/c/pb?${query}`,
    remoteAddress: options.ip ?? ADVERTISER_IP,
    ...(method === 'POST' && options.form
      ? { payload: query, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : {}),
  });
}

async function deliver() {
  return deliverDuePostbacks({
    db: t.stores.accounts.db,
    clock,
    log: t.app.log,
    outbound: { allowLoopback: true, timeoutMs: 5_000 },
  });
}

async function deliveriesOf(account: FirewallAccount, conversionId: string): Promise<PostbackDelivery[]> {
  const response = await call(t, 'GET', `/sensors/firewall/conversions/${conversionId}/postbacks`, {
    token: account.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PostbackDelivery[];
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    received.push(new URL(req.url ?? '/', 'http://receiver'));
    res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  clock = new VirtualClock(START);
  t = await startTestApp(
    {
      ALERTS_CHECK_SECONDS: '0',
      GOOGLE_ADS_SYNC_MINUTES: '0',
      GOOGLE_ADS_COST_IMPORT_HOURS: '0',
      POSTBACK_DELIVERY_SECONDS: '0',
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      SENSOR_PATH: '/c',
    },
    { clock },
  );
  home = await firewallAccount('Postback Home');
  other = await firewallAccount('Postback Other');
}, 60_000);
afterAll(async () => {
  await t?.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received = [];
});

describe('the advertiser postback', () => {
  it('reports a legitimate conversion from an allowed address: stored reported, its postback delivered with the macros filled', async () => {
    const click = await storeClick(home);
    const response = await postback({
      k: home.sensorKey,
      clickid: click.id,
      payout: '12.5',
      status: 'approved',
      txid: 'tx-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as FirewallPostbackAnswer;
    expect(answer).toMatchObject({
      status: 'reported',
      clickId: click.id,
      riskLevel: 'low',
      duplicate: false,
    });

    await t.stores.journal.drain();
    const stored = (await storedRows(t, 'conversions', [answer.conversionId])).get(answer.conversionId);
    expect(stored).toMatchObject({
      status: 'reported',
      name: 'approved',
      value: 12.5,
      hit_id: click.id,
      campaign_id: home.campaign.id,
      offer_id: home.offer.id,
      traffic_source_id: home.source.id,
    });

    expect(await deliver()).toMatchObject({ attempted: 1, delivered: 1 });
    expect(received).toHaveLength(1);
    expect(Object.fromEntries(received[0]?.searchParams ?? [])).toEqual({
      cid: click.clickId,
      payout: '12.5',
      status: 'approved',
      click: click.id,
      conv: answer.conversionId,
      src: String(home.source.id),
      sub: 'pub-42',
      v1: 'v one',
      cc: 'ES',
    });
    const [delivery] = await deliveriesOf(home, answer.conversionId);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1, trafficSourceId: home.source.id });
    expect(delivery?.log).toEqual([
      expect.objectContaining({ attempt: 1, outcome: 'delivered', httpStatus: 200 }),
    ]);
  });

  it('takes a POST with a form body the same way', async () => {
    const click = await storeClick(home);
    const response = await postback(
      { k: home.sensorKey, clickid: click.id, payout: '3' },
      { method: 'POST', form: true },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'reported' });
  });

  it('accepts a signed postback from any address, and refuses a wrong signature or an unsigned one from elsewhere', async () => {
    const click = await storeClick(home);
    const params = { k: home.sensorKey, clickid: click.id, payout: '7', txid: 'signed-1' };
    const unsigned = await postback(params, { ip: ELSEWHERE_IP });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json()).toContain(`Postbacks from ${ELSEWHERE_IP} are not allowed`);

    const secret = postbackSecret(t.config.secretKey, home.tenant.relationshipId);
    const wrong = await postback(
      { ...params, sig: postbackSignature(secret, Object.entries({ ...params, payout: '700' })) },
      { ip: ELSEWHERE_IP },
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toBe('The postback signature (sig) does not match its parameters');
    // Another account's secret does not sign for this one.
    const otherSecret = postbackSecret(t.config.secretKey, other.tenant.relationshipId);
    const foreign = await postback(
      { ...params, sig: postbackSignature(otherSecret, Object.entries(params)) },
      { ip: ELSEWHERE_IP },
    );
    expect(foreign.statusCode).toBe(403);

    const signed = await postback(
      { ...params, sig: postbackSignature(secret, Object.entries(params)) },
      { ip: ELSEWHERE_IP },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'reported' });
  });

  it('stores a repeated postback once and answers it with the first result; one postback goes to the source', async () => {
    const click = await storeClick(home);
    const params = { k: home.sensorKey, clickid: click.id, payout: '5', txid: 'dup-1' };
    const first = (await postback(params)).json() as FirewallPostbackAnswer;
    const again = await postback(params);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first, duplicate: true });
    // Another transaction of the same click is another conversion.
    const second = (await postback({ ...params, txid: 'dup-2' })).json() as FirewallPostbackAnswer;
    expect(second.conversionId).not.toBe(first.conversionId);

    await t.stores.journal.drain();
    expect((await storedRows(t, 'conversions', [first.conversionId])).size).toBe(1);
    await deliver();
    expect(received.filter((url) => url.searchParams.get('conv') === first.conversionId)).toHaveLength(1);
    expect(await deliveriesOf(home, first.conversionId)).toHaveLength(1);
  });

  it('refuses a click id that is not a stored click of the key’s account', async () => {
    const unknown = await postback({ k: home.sensorKey, clickid: 'no-such-click-000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual([
      { code: 'NOT_VALID', field: 'clickid', value: 'no click with this id is known for this account' },
    ]);
    const theirs = await storeClick(other);
    const foreign = await postback({ k: home.sensorKey, clickid: theirs.id });
    expect(foreign.statusCode).toBe(400);
    expect((await postback({ k: 'not-a-key', clickid: theirs.id })).statusCode).toBe(401);
    const badPayout = await postback({ k: home.sensorKey, clickid: theirs.id, payout: '-1' });
    expect(badPayout.statusCode).toBe(400);
    expect(badPayout.json()).toEqual([expect.objectContaining({ field: 'payout' })]);
  });

  it('holds a conversion too soon after its click (conversion:too_fast): stored paused, nothing sent', async () => {
    const click = await storeClick(home, { agoMs: 1_000 });
    const response = await postback({ k: home.sensorKey, clickid: click.id, payout: '9' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as FirewallPostbackAnswer;
    expect(answer).toMatchObject({ status: 'paused', riskLevel: 'medium' });
    expect(answer.threats.map((threat) => threat.id)).toEqual(['conversion:too_fast']);
    await deliver();
    expect(received).toEqual([]);
    expect(await deliveriesOf(home, answer.conversionId)).toEqual([]);
  });

  it('holds a conversion of a click the firewall blocked or paused (conversion:click_injection)', async () => {
    for (const hitStatus of ['blocked', 'paused'] as const) {
      const click = await storeClick(home, { hitStatus });
      const answer = (
        await postback({ k: home.sensorKey, clickid: click.id })
      ).json() as FirewallPostbackAnswer;
      expect(answer).toMatchObject({ status: 'paused', riskLevel: 'high' });
      expect(answer.threats.map((threat) => threat.id)).toContain('conversion:click_injection');
      await t.stores.journal.drain();
      const stored = (await storedRows(t, 'conversions', [answer.conversionId])).get(answer.conversionId);
      expect(stored?.evidence).toContain(`"conversion:click_injection":{"hitStatus":"${hitStatus}"}`);
    }
    await deliver();
    expect(received).toEqual([]);
  });

  it('reports a suspicious conversion when the campaign delivers its tier', async () => {
    const delivering = await call(t, 'PUT', `/sensors/firewall/${home.campaign.id}`, {
      token: home.token,
      body: {
        ...home.campaign,
        security: { ...home.campaign.security, medium: 'deliver' },
      },
    });
    expect(delivering.statusCode, delivering.body).toBe(200);
    try {
      const click = await storeClick(home, { agoMs: 1_000 });
      const answer = (
        await postback({ k: home.sensorKey, clickid: click.id })
      ).json() as FirewallPostbackAnswer;
      expect(answer).toMatchObject({ status: 'reported', riskLevel: 'medium' });
    } finally {
      await call(t, 'PUT', `/sensors/firewall/${home.campaign.id}`, {
        token: home.token,
        body: home.campaign,
      });
    }
  });
});
