import { randomBytes } from 'node:crypto';
import { HIT_STATUS_OF_ACTION, type SecuritySettings } from '@veracity/contracts/firewall';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertCampaign } from '../accounts/campaigns.repo.js';
import { insertOffer } from '../accounts/offers.repo.js';
import { sql } from '../storage/events/sql.js';
import {
  AWS_IP,
  clickLink,
  type FirewallAccount,
  firewallCampaign,
  NAVIGATION,
  firewallAccount as newAccount,
  SAFE_PAGE,
  visit,
} from '../test-support/firewall-click-fixtures.js';
import { HOME_IP } from '../test-support/ingest-fixtures.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
let fw: FirewallAccount;

const firewallAccount = (company: string) => newAccount(t, company);
const campaign = (
  account: FirewallAccount,
  changes: { security?: Partial<SecuritySettings>; active?: boolean; offerId?: number | null } = {},
) => firewallCampaign(t, account, changes);
const link = (campaignId: number, params: Record<string, string> = {}, account: FirewallAccount = fw) =>
  clickLink(account, campaignId, params);
const follow = (url: string, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  visit(t, url, options);

/** The stored hits of a click, by the traffic source's click id it carried, once the journal is loaded. */
async function storedRows(clickId: string) {
  await t.stores.journal.drain();
  return t.stores.events.query(
    () =>
      sql`select id, relationship_id, hit_status, campaign_id, offer_id, traffic_source_id, click_id, sub_publisher, var1, var20, risk_level, country, ip from hits where click_id = ${clickId}`,
  );
}

/**
 * The stored hit of a click. By default a click is answered once decided and its hit written
 * meanwhile, so the hit is waited for (with a deadline).
 */
async function storedClick(clickId: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await storedRows(clickId);
    if (rows.length > 0 || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const clickId = () => `src-${randomBytes(6).toString('hex')}`;

describe('the firewall click link', () => {
  beforeEach(async () => {
    t = await startTestApp();
    fw = await firewallAccount('Click Co');
  });
  afterEach(async () => {
    await t.close();
  });

  it('delivers a person to the offer with the landing macros filled, and stores the hit with every dimension', async () => {
    const own = await campaign(fw);
    const external = clickId();
    const response = await follow(link(own.id, { clickid: external, sub: 'pub 7', var1: 'a&b', var20: 'z' }));
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const location = new URL(String(response.headers.location));
    expect(location.origin + location.pathname).toBe('https://offer.example/lp');
    const [row] = await storedClick(external);
    expect(row).toMatchObject({
      relationship_id: fw.tenant.relationshipId,
      hit_status: 'delivered',
      campaign_id: own.id,
      offer_id: fw.offer.id,
      traffic_source_id: fw.trafficSourceId,
      click_id: external,
      sub_publisher: 'pub 7',
      var1: 'a&b',
      var20: 'z',
      risk_level: 'low',
      country: 'ES',
      ip: HOME_IP,
    });
    expect(Object.fromEntries(location.searchParams)).toEqual({
      cid: row?.id,
      ext: external,
      c: String(own.id),
      o: String(fw.offer.id),
      s: String(fw.trafficSourceId),
      sub: 'pub 7',
      v1: 'a&b',
      v20: 'z',
      cc: 'ES',
      d: 'Desktop',
      os: 'Windows',
    });
    // Each value is URL-encoded where it stands: it cannot add a parameter.
    expect(location.search).toContain('v1=a%26b');
  });

  it('answers each tier as the campaign says: a hosting address is paused or blocked, to the safe page', async () => {
    const blocking = await campaign(fw, {
      security: { medium: 'block', high: 'block', safePageUrl: SAFE_PAGE },
    });
    const external = clickId();
    const blocked = await follow(link(blocking.id, { clickid: external }), {
      ip: AWS_IP,
      headers: { 'user-agent': 'curl/8.5.0' },
    });
    expect(blocked.statusCode).toBe(302);
    expect(blocked.headers.location).toBe(SAFE_PAGE);
    const [row] = await storedClick(external);
    expect(row?.risk_level).not.toBe('low');
    expect(row?.hit_status).toBe('blocked');

    const pausing = await campaign(fw, {
      security: { medium: 'pause', high: 'pause', safePageUrl: SAFE_PAGE },
    });
    const paused = clickId();
    expect(
      (
        await follow(link(pausing.id, { clickid: paused }), {
          ip: AWS_IP,
          headers: { 'user-agent': 'curl/8.5.0' },
        })
      ).headers.location,
    ).toBe(SAFE_PAGE);
    expect((await storedClick(paused))[0]?.hit_status).toBe('paused');

    // The low tier is the campaign's too: a campaign may pause even legitimate clicks.
    const holdAll = await campaign(fw, { security: { low: 'pause' } });
    const held = clickId();
    const neutral = await follow(link(holdAll.id, { clickid: held }));
    expect(neutral.statusCode).toBe(200);
    expect(neutral.headers['content-type']).toContain('text/html');
    expect(neutral.body).not.toContain('offer.example');
    const [heldRow] = await storedClick(held);
    expect(heldRow?.hit_status).toBe(HIT_STATUS_OF_ACTION.pause);
    expect(heldRow?.risk_level).toBe('low');
  });

  it('pauses a click the offer does not target, and clicks of an inactive campaign or offer', async () => {
    const db = t.stores.accounts.db;
    const usOnly = await insertOffer(db, fw.tenant.relationshipId, {
      ...fw.offer,
      name: 'US only',
      targeting: { countries: ['US'], devices: [], os: [], carriers: [] },
    });
    const phones = await insertOffer(db, fw.tenant.relationshipId, {
      ...fw.offer,
      name: 'Phones',
      targeting: { countries: [], devices: ['Phone'], os: [], carriers: [] },
    });
    const inactiveOffer = await insertOffer(db, fw.tenant.relationshipId, { ...fw.offer, active: false });
    const own = await campaign(fw, { security: { safePageUrl: SAFE_PAGE } });
    for (const offer of [usOnly, phones, inactiveOffer]) {
      const external = clickId();
      const response = await follow(link(own.id, { offer: String(offer.id), clickid: external }));
      expect(response.headers.location).toBe(SAFE_PAGE);
      expect((await storedClick(external))[0]).toMatchObject({ hit_status: 'paused', offer_id: offer.id });
    }
    const matching = await insertOffer(db, fw.tenant.relationshipId, {
      ...fw.offer,
      targeting: { countries: ['ES'], devices: ['Desktop'], os: ['Windows'], carriers: [] },
    });
    const delivered = await follow(link(own.id, { offer: String(matching.id), clickid: clickId() }));
    expect(String(delivered.headers.location)).toMatch(/^https:\/\/offer\.example\/lp\?/);

    const inactive = await campaign(fw, { active: false, security: { safePageUrl: SAFE_PAGE } });
    const external = clickId();
    expect((await follow(link(inactive.id, { clickid: external }))).headers.location).toBe(SAFE_PAGE);
    expect((await storedClick(external))[0]?.hit_status).toBe('paused');

    const noOffer = await campaign(fw, { offerId: null });
    const none = await follow(link(noOffer.id, { clickid: clickId() }));
    expect(none.statusCode).toBe(200);
  });

  it("refuses an unknown key, campaign or offer, and another account's, with a plain page", async () => {
    const own = await campaign(fw);
    const other = await firewallAccount('Other Co');
    const theirs = await campaign(other);
    const { id: s2sCampaign } = await insertCampaign(t.stores.accounts.db, fw.tenant.relationshipId, 's2s', {
      name: 'S2S',
      active: true,
      hidden: false,
      googleAccountId: null,
      googleCampaignId: null,
      googleCampaignType: null,
    });
    const cases: [string, number][] = [
      [link(own.id, {}, { ...fw, sensorKey: 'no-such-key' }), 401],
      [link(999_999), 404],
      [link(theirs.id), 404],
      [link(s2sCampaign), 404],
      [link(own.id, { offer: '999999' }), 404],
      [link(own.id, { offer: String(other.offer.id) }), 404],
      [link(own.id, { offer: 'abc' }), 400],
      [`/c/fc/abc?k=${fw.sensorKey}`, 400],
      ['/c/fc/1', 400],
    ];
    for (const [url, status] of cases) {
      const response = await follow(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type'], url).toContain('text/plain');
      expect(response.headers.location, url).toBeUndefined();
    }
    await t.stores.journal.drain();
    const stored = await t.stores.events.query(
      () => sql`select count(*)::INTEGER as n from hits where relationship_id = ${fw.tenant.relationshipId}`,
    );
    expect(stored[0]?.n).toBe(0);
  });

  it('never reads the analytics store on the click path', async () => {
    const own = await campaign(fw, { security: { safePageUrl: SAFE_PAGE } });
    await t.app.ingest.sessionsRestored;
    const store = t.stores.events;
    const query = store.query.bind(store);
    let reads = 0;
    // A spy that counts and calls through: the pipeline holds this same store.
    store.query = ((...args: Parameters<typeof query>) => {
      reads += 1;
      return query(...args);
    }) as typeof store.query;
    try {
      for (let i = 0; i < 5; i++) {
        expect((await follow(link(own.id, { clickid: clickId() }))).statusCode).toBe(302);
        await follow(link(own.id, { clickid: clickId() }), {
          ip: AWS_IP,
          headers: { 'user-agent': 'curl/8.5.0' },
        });
      }
      // What the pipeline does after the answer (the visit, the write) is counted too.
      await t.stores.journal.drain();
      expect(reads).toBe(0);
    } finally {
      store.query = query;
    }
  });

  it('survives hostile input: long, repeated and badly encoded parameters, header injection', async () => {
    const own = await campaign(fw);
    const tooLong = await follow(link(own.id, { clickid: 'x'.repeat(513) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('clickid');
    const repeated = await follow(`${link(own.id)}&sub=a&sub=b`);
    expect(repeated.statusCode).toBe(400);
    const badUtf8 = await follow(`${link(own.id)}&clickid=%FF%FE&var2=%C3`);
    expect(badUtf8.statusCode).toBeLessThan(500);

    const injected = `a\r\nSet-Cookie: owned=1`;
    const response = await follow(link(own.id, { clickid: injected, sub: '<script>alert(1)</script>' }));
    expect(response.statusCode).toBe(302);
    expect(response.headers['set-cookie']).toBeUndefined();
    const location = String(response.headers.location);
    expect(location).not.toMatch(/[\r\n<>]/);
    expect(location).toContain('ext=a%0D%0ASet-Cookie%3A%20owned%3D1');
    expect(new URL(location).searchParams.get('ext')).toBe(injected);
  });
});

describe('the JS tag verdict', () => {
  beforeEach(async () => {
    t = await startTestApp();
    fw = await firewallAccount('Tag Co');
  });
  afterEach(async () => {
    await t.close();
  });

  const verdict = (campaignId: number, page: string, options: Parameters<typeof follow>[1] = {}) =>
    follow(
      `/c/fw?k=${encodeURIComponent(fw.sensorKey)}&c=${campaignId}&u=${encodeURIComponent(page)}&r=${encodeURIComponent('https://news.example/')}`,
      {
        ip: options.ip,
        headers: options.headers ?? {
          ...NAVIGATION,
          'sec-fetch-mode': 'cors',
          'sec-fetch-dest': 'empty',
          origin: 'https://offer.example',
        },
      },
    );

  it('shows the offer page to a person, sends the tag elsewhere to the offer, and answers any origin', async () => {
    const own = await campaign(fw);
    const onOffer = await verdict(own.id, 'https://offer.example/lp?x=1');
    expect(onOffer.statusCode).toBe(200);
    expect(onOffer.json()).toEqual({ action: 'show' });
    expect(onOffer.headers['access-control-allow-origin']).toBe('*');
    expect(onOffer.headers['set-cookie']).toBeUndefined();
    const elsewhere = await verdict(own.id, 'https://prelander.example/');
    expect(elsewhere.json()).toMatchObject({ action: 'redirect' });
    expect(String(elsewhere.json().url)).toMatch(/^https:\/\/offer\.example\/lp\?cid=/);
    // Answered once decided: the two hits are written meanwhile.
    const deadline = Date.now() + 20_000;
    let rows: Record<string, unknown>[] = [];
    while (rows.length < 2 && Date.now() < deadline) {
      await t.stores.journal.drain();
      rows = await t.stores.events.query(
        () => sql`select url, referrer, hit_status from hits where campaign_id = ${own.id} order by ts`,
      );
      if (rows.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(rows.map((row) => row.url)).toEqual([
      'https://offer.example/lp?x=1',
      'https://prelander.example/',
    ]);
    expect(rows[0]).toMatchObject({ referrer: 'https://news.example/', hit_status: 'delivered' });
  });

  it('hides the page, or sends it to the safe page, for a blocked visit; 404 for an unknown campaign', async () => {
    const bot = { ip: AWS_IP, headers: { 'user-agent': 'curl/8.5.0' } };
    const hiding = await campaign(fw, { security: { medium: 'block', high: 'block' } });
    expect((await verdict(hiding.id, 'https://offer.example/', bot)).json()).toEqual({ action: 'hide' });
    const safe = await campaign(fw, { security: { medium: 'block', high: 'block', safePageUrl: SAFE_PAGE } });
    expect((await verdict(safe.id, 'https://offer.example/', bot)).json()).toEqual({
      action: 'redirect',
      url: SAFE_PAGE,
    });
    expect((await verdict(999_999, 'https://offer.example/')).statusCode).toBe(404);
    expect((await verdict(safe.id, 'javascript:alert(1)')).statusCode).toBe(400);
  });
});

describe('the firewall when the event store refuses clicks', () => {
  beforeEach(async () => {
    t = await startTestApp();
    fw = await firewallAccount('Down Co');
  });
  afterEach(async () => {
    await t.close();
  });

  it('delivers on fail_open and sends to the safe page on fail_closed; the click is answered, not stored', async () => {
    const open = await campaign(fw, { security: { whenStoreDown: 'fail_open', safePageUrl: SAFE_PAGE } });
    const closed = await campaign(fw, { security: { whenStoreDown: 'fail_closed', safePageUrl: SAFE_PAGE } });
    // The real writer, closed as at shutdown: it refuses every write.
    await t.stores.journal.close();
    const delivered = await follow(link(open.id, { clickid: 'down-1' }));
    expect(delivered.statusCode).toBe(302);
    const location = new URL(String(delivered.headers.location));
    expect(location.origin).toBe('https://offer.example');
    expect(location.searchParams.get('ext')).toBe('down-1');
    expect(location.searchParams.get('cid')).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await follow(link(closed.id, { clickid: 'down-2' }));
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe(SAFE_PAGE);
    const tag = await t.app.inject({
      method: 'GET',
      url: `/c/fw?k=${fw.sensorKey}&c=${closed.id}&u=${encodeURIComponent('https://offer.example/')}`,
      remoteAddress: HOME_IP,
      headers: NAVIGATION,
    });
    expect(tag.json()).toEqual({ action: 'redirect', url: SAFE_PAGE });
  });
});

describe('the firewall click link waiting for the sync (FIREWALL_WAIT_FOR_SYNC=true)', () => {
  beforeEach(async () => {
    t = await startTestApp({}, { ingest: { firewallWaitForSync: true } });
    fw = await firewallAccount('Durable Co');
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers once the hit is durable: acknowledged = stored', async () => {
    const own = await campaign(fw, { security: { safePageUrl: SAFE_PAGE } });
    const person = clickId();
    const delivered = await follow(link(own.id, { clickid: person }));
    expect(String(delivered.headers.location)).toMatch(/^https:\/\/offer\.example\/lp\?cid=/);
    const bot = clickId();
    const blocked = await follow(link(own.id, { clickid: bot }), {
      ip: AWS_IP,
      headers: { 'user-agent': 'curl/8.5.0' },
    });
    expect(blocked.headers.location).toBe(SAFE_PAGE);
    // No waiting: what was answered is in the journal, and the drain loads it.
    expect((await storedRows(person))[0]?.hit_status).toBe('delivered');
    expect((await storedRows(bot))[0]?.hit_status).not.toBe('delivered');
  });
});
