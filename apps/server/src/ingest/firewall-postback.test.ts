import type { FirewallPostbackAnswer } from '@veracity/contracts/postbacks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postbackSecret, postbackSignature } from '../postbacks/postback-secret.js';
import { call } from '../test-support/fixtures.js';
import { CHROME_HEADERS, HOME_IP, storedRows } from '../test-support/ingest-fixtures.js';
import {
  ADVERTISER_IP,
  ELSEWHERE_IP,
  type FirewallAccount,
  type PostbackHarness,
  startPostbackHarness,
} from '../test-support/postback-fixtures.js';

let h: PostbackHarness;
let home: FirewallAccount;
let other: FirewallAccount;

beforeAll(async () => {
  h = await startPostbackHarness();
  home = await h.firewallAccount('Postback Home');
  other = await h.firewallAccount('Postback Other');
}, 60_000);
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.received.length = 0;
});

describe('the advertiser postback', () => {
  it('reports a legitimate conversion from an allowed address: stored reported, its postback delivered with the macros filled', async () => {
    const click = await h.storeClick(home);
    const response = await h.postback({
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

    await h.t.stores.journal.drain();
    const stored = (await storedRows(h.t, 'conversions', [answer.conversionId])).get(answer.conversionId);
    expect(stored).toMatchObject({
      status: 'reported',
      name: 'approved',
      value: 12.5,
      hit_id: click.id,
      campaign_id: home.campaign.id,
      offer_id: home.offer.id,
      traffic_source_id: home.source.id,
    });

    expect(await h.deliver()).toMatchObject({ attempted: 1, delivered: 1 });
    expect(h.received).toHaveLength(1);
    expect(Object.fromEntries(h.received[0]?.searchParams ?? [])).toEqual({
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
    const [delivery] = await h.deliveriesOf(home, answer.conversionId);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1, trafficSourceId: home.source.id });
    expect(delivery?.log).toEqual([
      expect.objectContaining({ attempt: 1, outcome: 'delivered', httpStatus: 200 }),
    ]);
  });

  it('reports the conversion of a click that came through the real click link, with the link’s values', async () => {
    const link = `/c/fc/${home.campaign.id}?${new URLSearchParams({
      k: home.sensorKey,
      clickid: 'network-click-77',
      sub: 'pub-9',
      var1: 'creative 3',
    })}`;
    const click = await h.t.app.inject({
      method: 'GET',
      url: link,
      remoteAddress: HOME_IP,
      headers: { ...CHROME_HEADERS, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    });
    expect(click.statusCode, click.body).toBe(302);
    const landing = new URL(String(click.headers.location));
    expect(landing.host).toBe('offer.example');
    const clickId = landing.searchParams.get('c') ?? '';
    expect(clickId).not.toBe('');

    h.clock.set(new Date(h.clock.now().getTime() + 60_000));
    const response = await h.postback({ k: home.sensorKey, clickid: clickId, payout: '4.2', status: 'lead' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'reported', clickId, riskLevel: 'low' });
    await h.deliver();
    expect(Object.fromEntries(h.received[0]?.searchParams ?? [])).toMatchObject({
      cid: 'network-click-77',
      click: clickId,
      payout: '4.2',
      status: 'lead',
      sub: 'pub-9',
      v1: 'creative 3',
      src: String(home.source.id),
    });
  });

  it('takes a POST with a form or JSON body the same way', async () => {
    const click = await h.storeClick(home);
    const response = await h.postback(
      { k: home.sensorKey, clickid: click.id, payout: '3' },
      { method: 'POST', form: true },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'reported' });
    const json = await h.t.app.inject({
      method: 'POST',
      url: '/c/pb',
      remoteAddress: ADVERTISER_IP,
      payload: { k: home.sensorKey, clickid: click.id, payout: 3, txid: 'json-1' },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({ status: 'reported', duplicate: false });
    const nested = await h.t.app.inject({
      method: 'POST',
      url: '/c/pb',
      remoteAddress: ADVERTISER_IP,
      payload: { k: home.sensorKey, clickid: click.id, payout: { amount: 3 } },
    });
    expect(nested.statusCode).toBe(400);
    // Macros the advertiser's tracker had no value for arrive empty: absent, not zero.
    const empty = await h.postback({
      k: home.sensorKey,
      clickid: click.id,
      payout: '',
      txid: 'e1',
      currency: '',
    });
    expect(empty.statusCode, empty.body).toBe(200);
    const { conversionId } = empty.json() as FirewallPostbackAnswer;
    const stored = (await storedRows(h.t, 'conversions', [conversionId])).get(conversionId);
    expect(stored).toMatchObject({ value: null, currency: null, name: 'conversion' });
  });

  it('accepts a signed postback from any address, and refuses a wrong signature or an unsigned one from elsewhere', async () => {
    const click = await h.storeClick(home);
    const params = { k: home.sensorKey, clickid: click.id, payout: '7', txid: 'signed-1' };
    const unsigned = await h.postback(params, { ip: ELSEWHERE_IP });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json()).toContain(`Postbacks from ${ELSEWHERE_IP} are not allowed`);

    const secret = postbackSecret(h.t.config.secretKey, home.tenant.relationshipId);
    const wrong = await h.postback(
      { ...params, sig: postbackSignature(secret, Object.entries({ ...params, payout: '700' })) },
      { ip: ELSEWHERE_IP },
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toBe('The postback signature (sig) does not match its parameters');
    // Another account's secret does not sign for this one.
    const otherSecret = postbackSecret(h.t.config.secretKey, other.tenant.relationshipId);
    const foreign = await h.postback(
      { ...params, sig: postbackSignature(otherSecret, Object.entries(params)) },
      { ip: ELSEWHERE_IP },
    );
    expect(foreign.statusCode).toBe(403);

    const signed = await h.postback(
      { ...params, sig: postbackSignature(secret, Object.entries(params)) },
      { ip: ELSEWHERE_IP },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'reported' });
  });

  it('stores a repeated postback once and answers it with the first result; one postback goes to the source', async () => {
    const click = await h.storeClick(home);
    const params = { k: home.sensorKey, clickid: click.id, payout: '5', txid: 'dup-1' };
    const first = (await h.postback(params)).json() as FirewallPostbackAnswer;
    const again = await h.postback(params);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first, duplicate: true });
    // Another transaction of the same click is another conversion.
    const second = (await h.postback({ ...params, txid: 'dup-2' })).json() as FirewallPostbackAnswer;
    expect(second.conversionId).not.toBe(first.conversionId);

    await h.t.stores.journal.drain();
    expect((await storedRows(h.t, 'conversions', [first.conversionId])).size).toBe(1);
    await h.deliver();
    expect(h.received.filter((url) => url.searchParams.get('conv') === first.conversionId)).toHaveLength(1);
    expect(await h.deliveriesOf(home, first.conversionId)).toHaveLength(1);
  });

  it('answers a postback repeated after a restart with its first result, and reads a click back from the store', async () => {
    const click = await h.storeClick(home);
    const params = { k: home.sensorKey, clickid: click.id, payout: '2', txid: 'restart-1' };
    const first = (await h.postback(params)).json() as FirewallPostbackAnswer;
    expect(first.status).toBe('reported');
    await h.t.restart();
    const again = await h.postback(params);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ...first, duplicate: true });
    const later = await h.postback({ ...params, txid: 'restart-2' });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ status: 'reported', clickId: click.id, duplicate: false });
    await h.deliver();
    expect(h.received.map((url) => url.searchParams.get('conv')).sort()).toEqual(
      [first.conversionId, (later.json() as FirewallPostbackAnswer).conversionId].sort(),
    );
  });

  it('refuses a click id that is not a stored click of the key’s account', async () => {
    const unknown = await h.postback({ k: home.sensorKey, clickid: 'no-such-click-000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual([
      { code: 'NOT_VALID', field: 'clickid', value: 'no click with this id is known for this account' },
    ]);
    const theirs = await h.storeClick(other);
    const foreign = await h.postback({ k: home.sensorKey, clickid: theirs.id });
    expect(foreign.statusCode).toBe(400);
    expect((await h.postback({ k: 'not-a-key', clickid: theirs.id })).statusCode).toBe(401);
    const badPayout = await h.postback({ k: home.sensorKey, clickid: theirs.id, payout: '-1' });
    expect(badPayout.statusCode).toBe(400);
    expect(badPayout.json()).toEqual([expect.objectContaining({ field: 'payout' })]);
  });

  it('holds a conversion too soon after its click (conversion:too_fast): stored paused, nothing sent', async () => {
    const click = await h.storeClick(home, { agoMs: 1_000 });
    const response = await h.postback({ k: home.sensorKey, clickid: click.id, payout: '9' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as FirewallPostbackAnswer;
    expect(answer).toMatchObject({ status: 'paused', riskLevel: 'medium' });
    expect(answer.threats.map((threat) => threat.id)).toEqual(['conversion:too_fast']);
    await h.deliver();
    expect(h.received).toEqual([]);
    expect(await h.deliveriesOf(home, answer.conversionId)).toEqual([]);
  });

  it('holds a conversion of a click the firewall blocked or paused (conversion:click_injection)', async () => {
    for (const hitStatus of ['blocked', 'paused'] as const) {
      const click = await h.storeClick(home, { hitStatus });
      const answer = (
        await h.postback({ k: home.sensorKey, clickid: click.id })
      ).json() as FirewallPostbackAnswer;
      expect(answer).toMatchObject({ status: 'paused', riskLevel: 'high' });
      expect(answer.threats.map((threat) => threat.id)).toContain('conversion:click_injection');
      await h.t.stores.journal.drain();
      const stored = (await storedRows(h.t, 'conversions', [answer.conversionId])).get(answer.conversionId);
      expect(stored?.evidence).toContain(`"conversion:click_injection":{"hitStatus":"${hitStatus}"}`);
    }
    await h.deliver();
    expect(h.received).toEqual([]);
  });

  it('reports a suspicious conversion when the campaign delivers its tier', async () => {
    const delivering = await call(h.t, 'PUT', `/sensors/firewall/${home.campaign.id}`, {
      token: home.token,
      body: {
        ...home.campaign,
        security: { ...home.campaign.security, medium: 'deliver' },
      },
    });
    expect(delivering.statusCode, delivering.body).toBe(200);
    try {
      const click = await h.storeClick(home, { agoMs: 1_000 });
      const answer = (
        await h.postback({ k: home.sensorKey, clickid: click.id })
      ).json() as FirewallPostbackAnswer;
      expect(answer).toMatchObject({ status: 'reported', riskLevel: 'medium' });
    } finally {
      await call(h.t, 'PUT', `/sensors/firewall/${home.campaign.id}`, {
        token: home.token,
        body: home.campaign,
      });
    }
  });
});
