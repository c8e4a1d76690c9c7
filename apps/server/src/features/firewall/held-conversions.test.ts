import type { AnalyticsTree } from '@veracity/contracts/analytics/query';
import type { ConversionsList } from '@veracity/contracts/conversions-list';
import type {
  FirewallPostbackAnswer,
  HeldConversions,
  ReleaseConversionsAnswer,
} from '@veracity/contracts/postbacks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postbackSecret } from '../../postbacks/postback-secret.js';
import { memberWith } from '../../test-support/firewall-fixtures.js';
import { call } from '../../test-support/fixtures.js';
import {
  type FirewallAccount,
  type PostbackHarness,
  startPostbackHarness,
} from '../../test-support/postback-fixtures.js';

const RANGE = { from: '2026-11-19', to: '2026-11-21' };
const COUNTS = ['conversions', 'conversionsReported', 'pausedConversions', 'conversionsNotReported'];

let h: PostbackHarness;
let home: FirewallAccount;
let other: FirewallAccount;

beforeAll(async () => {
  h = await startPostbackHarness();
  home = await h.firewallAccount('Held Home');
  other = await h.firewallAccount('Held Other');
}, 60_000);
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.received.length = 0;
});

/** A conversion of a click of the account, posted back by the advertiser; `agoMs` 1 s holds it (too fast). */
async function converted(
  account: FirewallAccount,
  agoMs: number,
  payout = '4',
): Promise<FirewallPostbackAnswer> {
  const click = await h.storeClick(account, { agoMs });
  const response = await h.postback({ k: account.sensorKey, clickid: click.id, payout, status: 'sale' });
  expect(response.statusCode, response.body).toBe(200);
  await h.t.stores.journal.drain();
  return response.json() as FirewallPostbackAnswer;
}

async function held(token: string) {
  return call(h.t, 'GET', '/sensors/firewall/conversions', { token });
}

async function release(token: string, ids: string[]) {
  return call(h.t, 'POST', '/sensors/firewall/conversions/release', { token, body: { ids } });
}

async function counts(account: FirewallAccount): Promise<Record<string, number | null>> {
  const response = await call(h.t, 'POST', '/analytics/tree', {
    token: account.token,
    body: { dimensions: ['campaign'], metrics: COUNTS, ...RANGE },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AnalyticsTree).totals;
}

describe('held conversions', () => {
  it('lists the conversions the firewall held, for the account only and with campaign_view', async () => {
    const paused = await converted(home, 1_000);
    expect(paused.status).toBe('paused');
    const list = await held(home.token);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as HeldConversions;
    expect(body.conversions.find((conversion) => conversion.id === paused.conversionId)).toMatchObject({
      name: 'sale',
      value: 4,
      riskLevel: 'medium',
      campaignId: home.campaign.id,
      trafficSourceId: home.source.id,
      releasedAt: null,
      releaseStatus: null,
      threats: [expect.objectContaining({ id: 'conversion:too_fast' })],
    });
    expect(body).toMatchObject({ page: 1, total: body.conversions.length });

    expect(((await held(other.token)).json() as HeldConversions).conversions).toEqual([]);
    const viewer = await memberWith(h.t, home.tenant.relationshipId, ['campaign_view']);
    expect((await held(viewer)).statusCode).toBe(200);
    const stranger = await memberWith(h.t, home.tenant.relationshipId, ['offer_view']);
    expect((await held(stranger)).statusCode).toBe(403);
  });

  it('releases a held conversion: its postback is delivered, the list and analytics count it reported, an audit entry is written', async () => {
    const account = await h.firewallAccount('Held Release');
    const paused = await converted(account, 1_000, '8.25');
    const reported = await converted(account, 60_000);
    expect(reported.status).toBe('reported');
    expect(await counts(account)).toEqual({
      conversions: 2,
      conversionsReported: 1,
      pausedConversions: 1,
      conversionsNotReported: 0,
    });
    await h.deliver();
    h.received.length = 0;

    // Only campaign_edit releases; another account's token does not reach the conversion.
    const viewer = await memberWith(h.t, account.tenant.relationshipId, ['campaign_view']);
    expect((await release(viewer, [paused.conversionId])).statusCode).toBe(403);
    const foreign = await release(other.token, [paused.conversionId]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual([
      { code: 'NOT_VALID', field: 'ids', value: paused.conversionId, message: 'No such conversion' },
    ]);
    const notHeld = await release(account.token, [paused.conversionId, reported.conversionId]);
    expect(notHeld.statusCode).toBe(400);
    expect(notHeld.json()).toEqual([
      {
        code: 'NOT_VALID',
        field: 'ids',
        value: reported.conversionId,
        message: 'The conversion was not held',
      },
    ]);
    expect(await h.deliveriesOf(account, paused.conversionId)).toEqual([]);

    const editor = await memberWith(h.t, account.tenant.relationshipId, ['campaign_view', 'campaign_edit']);
    const released = await release(editor, [paused.conversionId]);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({
      released: [{ id: paused.conversionId, status: 'reported', alreadyReleased: false }],
    } satisfies ReleaseConversionsAnswer);

    expect(await h.deliver()).toMatchObject({ delivered: 1 });
    expect(h.received).toHaveLength(1);
    expect(h.received[0]?.searchParams.get('conv')).toBe(paused.conversionId);
    expect(h.received[0]?.searchParams.get('payout')).toBe('8.25');
    expect(h.received[0]?.searchParams.get('status')).toBe('sale');
    expect(h.received[0]?.searchParams.get('cid')).toMatch(/^src-click/);
    expect(h.received[0]?.searchParams.get('sub')).toBe('pub-42');
    expect(h.received[0]?.searchParams.get('v1')).toBe('v one');
    const [delivery] = await h.deliveriesOf(account, paused.conversionId);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1 });

    const listed = (await held(account.token)).json() as HeldConversions;
    expect(listed.conversions.find((conversion) => conversion.id === paused.conversionId)).toMatchObject({
      releaseStatus: 'reported',
      releasedAt: h.clock.now().toISOString(),
    });
    expect(await counts(account)).toEqual({
      conversions: 2,
      conversionsReported: 2,
      pausedConversions: 0,
      conversionsNotReported: 0,
    });

    // A second release changes nothing and sends nothing.
    h.received.length = 0;
    const again = await release(account.token, [paused.conversionId]);
    expect(again.json()).toEqual({
      released: [{ id: paused.conversionId, status: 'reported', alreadyReleased: true }],
    });
    await h.deliver();
    expect(h.received).toEqual([]);

    const entries = await h.t.stores.accounts.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('relationship_id', '=', account.tenant.relationshipId)
      .where('action', '=', 'conversion.released')
      .execute();
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]?.detail ?? '{}')).toMatchObject({
      id: paused.conversionId,
      status: 'reported',
    });
  });

  it('releases a conversion whose traffic source has no postback URL as not reported', async () => {
    const account = await h.firewallAccount('Held Silent');
    const paused = await converted(account, 1_000);
    const cleared = await call(h.t, 'PUT', `/sensors/firewall/trafficsources/${account.source.id}`, {
      token: account.token,
      body: { ...account.source, postbackUrl: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const released = await release(account.token, [paused.conversionId]);
    expect(released.json()).toEqual({
      released: [{ id: paused.conversionId, status: 'not_reported', alreadyReleased: false }],
    });
    await h.deliver();
    expect(h.received).toEqual([]);
    expect(await counts(account)).toMatchObject({ pausedConversions: 0, conversionsNotReported: 1 });
  });
});

describe('a conversion’s delivery log', () => {
  it('is the account’s own: another account reads nothing', async () => {
    const reported = await converted(home, 60_000);
    await h.deliver();
    expect(await h.deliveriesOf(home, reported.conversionId)).toHaveLength(1);
    expect(await h.deliveriesOf(other, reported.conversionId)).toEqual([]);
    const stranger = await memberWith(h.t, home.tenant.relationshipId, ['offer_view']);
    const refused = await call(
      h.t,
      'GET',
      `/sensors/firewall/conversions/${reported.conversionId}/postbacks`,
      {
        token: stranger,
      },
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('the postback signing secret', () => {
  it('is shown to those who manage the account’s settings, and differs between accounts', async () => {
    const response = await call(h.t, 'GET', '/sensors/firewall/postback-secret', { token: home.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      secret: postbackSecret(h.t.config.secretKey, home.tenant.relationshipId),
      algorithm: 'HMAC-SHA256',
    });
    const theirs = (
      await call(h.t, 'GET', '/sensors/firewall/postback-secret', { token: other.token })
    ).json();
    expect(theirs.secret).not.toBe(response.json().secret);
    const viewer = await memberWith(h.t, home.tenant.relationshipId, ['campaign_view']);
    expect((await call(h.t, 'GET', '/sensors/firewall/postback-secret', { token: viewer })).statusCode).toBe(
      403,
    );
  });
});

describe('the conversions list of a firewall account', () => {
  it('shows each conversion’s status as its release made it, filters by it, and names the campaign', async () => {
    const account = await h.firewallAccount('Held List');
    const paused = await converted(account, 1_000, '3');
    const reported = await converted(account, 60_000, '5');
    const list = async (status?: string) => {
      const response = await call(h.t, 'POST', '/conversions/list', {
        token: account.token,
        body: { ...RANGE, ...(status ? { status } : {}) },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ConversionsList;
    };
    const ids = (answer: ConversionsList) => answer.conversions.map((conversion) => conversion.id).sort();

    const before = await list();
    expect(before.conversions.find((item) => item.id === paused.conversionId)).toMatchObject({
      status: 'paused',
      releasedAt: null,
      campaign: { id: account.campaign.id, name: account.campaign.name },
    });
    expect(ids(await list('paused'))).toEqual([paused.conversionId]);
    expect(ids(await list('reported'))).toEqual([reported.conversionId]);

    expect((await release(account.token, [paused.conversionId])).statusCode).toBe(200);
    const after = await list();
    expect(after.conversions.find((item) => item.id === paused.conversionId)).toMatchObject({
      status: 'reported',
      releasedAt: h.clock.now().toISOString(),
    });
    expect(ids(await list('paused'))).toEqual([]);
    expect(ids(await list('reported'))).toEqual([paused.conversionId, reported.conversionId].sort());
  });
});
