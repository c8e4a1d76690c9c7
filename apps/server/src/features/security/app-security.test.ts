import { S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { describe, expect, it } from 'vitest';
import {
  clickLink,
  firewallAccount,
  firewallCampaign,
  NAVIGATION,
  SAFE_PAGE,
  visit,
} from '../../test-support/firewall-click-fixtures.js';
import { accountToken, addTenantUser, call } from '../../test-support/fixtures.js';
import {
  CHROME,
  collect,
  HOME_IP,
  ingestAppPerTest,
  s2s,
  sensorHit,
  storedRows,
} from '../../test-support/ingest-fixtures.js';

/**
 * In-app traffic security (issue 40, view apk): the lists changed through PUT /api/security/apps
 * change how hits from Android apps are decided on the public ingestion endpoints.
 */

// Settings reach ingestion at once: no account cache.
const ingest = ingestAppPerTest({}, { ingest: { accounts: { ttlMs: 0 } } });

/** A sensor page view sent from inside an app (or with the header a browser's script sets). */
async function sensorVerdict(requestedWith: string): Promise<{ riskLevel: string; threats: string[] }> {
  const hit = sensorHit(ingest.tenant);
  const response = await collect(ingest.t, hit, { headers: { 'x-requested-with': requestedWith } });
  expect(response.statusCode, response.body).toBe(200);
  const row = (await storedRows(ingest.t, 'hits', [hit.eventId])).get(hit.eventId);
  return {
    riskLevel: (response.json() as { riskLevel: string }).riskLevel,
    threats: [...((row?.threats ?? []) as string[])].sort(),
  };
}

async function save(body: unknown, token?: string) {
  return call(ingest.t, 'PUT', '/security/apps', {
    token: token ?? (await accountToken(ingest.t, ingest.tenant)),
    body,
  });
}

describe('in-app traffic security', () => {
  it('blocks a hit from a blocked app on the sensor path, and never takes XMLHttpRequest for an app', async () => {
    expect(await sensorVerdict('com.example.game')).toEqual({ riskLevel: 'low', threats: [] });

    const saved = await save({ allowed: [], blocked: ['com.example.game'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ allowed: [], blocked: ['com.example.game'] });

    expect(await sensorVerdict('com.example.game')).toEqual({
      riskLevel: 'high',
      threats: ['app:blocked_package'],
    });
    expect(await sensorVerdict('XMLHttpRequest')).toEqual({ riskLevel: 'low', threats: [] });
  });

  it('marks apps off a non-empty allow list as unexpected, on the sensor and S2S paths', async () => {
    expect((await save({ allowed: ['com.example.news'], blocked: [] })).statusCode).toBe(200);

    expect(await sensorVerdict('com.example.game')).toEqual({
      riskLevel: 'medium',
      threats: ['app:unexpected_package'],
    });
    expect(await sensorVerdict('com.example.news')).toEqual({ riskLevel: 'low', threats: [] });
    expect(await sensorVerdict('XMLHttpRequest')).toEqual({ riskLevel: 'low', threats: [] });

    // The picked headers by their lower-case names, or the visitor's whole set in any case.
    const s2sHit = (requestedWith: string, forwarded: boolean) =>
      s2s(ingest.t, ingest.tenant, S2S_HITS_PATH, {
        ip: HOME_IP,
        userAgent: CHROME,
        url: 'https://shop.example.com/offer',
        ...(forwarded
          ? { headers: [['X-Requested-With', requestedWith]], headersForwarded: true }
          : { headers: { 'x-requested-with': requestedWith } }),
      });
    const threatsOf = async (requestedWith: string, forwarded = false) => {
      const response = await s2sHit(requestedWith, forwarded);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { threats: { id: string }[] }).threats.map((threat) => threat.id);
    };
    expect(await threatsOf('com.example.game')).toContain('app:unexpected_package');
    expect(await threatsOf('com.example.news')).not.toContain('app:unexpected_package');
    expect(await threatsOf('com.example.game', true)).toContain('app:unexpected_package');
    expect(await threatsOf('XMLHttpRequest', true)).not.toContain('app:unexpected_package');
  });

  it('lists the apps seen in the traffic with their hits', async () => {
    await sensorVerdict('com.example.game');
    await sensorVerdict('com.example.game');
    await sensorVerdict('com.example.news');
    await sensorVerdict('XMLHttpRequest');
    const token = await accountToken(ingest.t, ingest.tenant);
    const read = await call(ingest.t, 'GET', '/security/apps', { token });
    expect(read.statusCode).toBe(200);
    const { seen } = read.json() as { seen: { package: string; hits: number }[] };
    expect(seen.map(({ package: name, hits }) => ({ name, hits }))).toEqual([
      { name: 'com.example.game', hits: 2 },
      { name: 'com.example.news', hits: 1 },
    ]);
  });

  it('refuses bad package names with a 400 and keeps the lists, and audits each change', async () => {
    const token = await accountToken(ingest.t, ingest.tenant);
    expect(
      (await save({ allowed: ['Com.Example.News', 'com.example.*'], blocked: [] }, token)).json(),
    ).toMatchObject({ allowed: ['com.example.news', 'com.example.*'], blocked: [] });
    for (const bad of [
      'XMLHttpRequest',
      'com',
      '1com.example',
      'com..example',
      'com.example.',
      'com.*.game',
    ]) {
      const refused = await save({ allowed: [], blocked: [bad] }, token);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toEqual([{ code: 'NOT_VALID', field: 'blocked.0' }]);
    }
    const both = await save({ allowed: ['com.example.game'], blocked: ['com.example.game'] }, token);
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual([{ code: 'NOT_VALID', field: 'allowed.0' }]);

    const read = await call(ingest.t, 'GET', '/security/apps', { token });
    expect(read.json()).toMatchObject({ allowed: ['com.example.news', 'com.example.*'], blocked: [] });

    const entries = await ingest.t.stores.accounts.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('relationship_id', '=', ingest.tenant.relationshipId)
      .where('action', '=', 'app_security.replaced')
      .execute();
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]?.detail ?? '{}')).toMatchObject({
      allowed: 2,
      blocked: 0,
      allowedAdded: 'com.example.news, com.example.*',
    });
  });

  it('needs account_manage_settings to change the lists', async () => {
    const viewer = await addTenantUser(ingest.t, ingest.tenant.relationshipId, 'Viewer');
    const token = await accountToken(ingest.t, viewer);
    expect((await call(ingest.t, 'GET', '/security/apps', { token })).statusCode).toBe(200);
    expect((await save({ allowed: [], blocked: ['com.example.game'] }, token)).statusCode).toBe(403);
  });
});

describe('in-app traffic security on the firewall click path', () => {
  it('sends a click from a blocked app to the safe page, and one from a browser to the offer', async () => {
    const { t } = ingest;
    const fw = await firewallAccount(t, 'App Click Co');
    const own = await firewallCampaign(t, fw, { security: { safePageUrl: SAFE_PAGE } });
    const click = (requestedWith: string) =>
      visit(t, clickLink(fw, own.id), { headers: { ...NAVIGATION, 'x-requested-with': requestedWith } });
    const offer = /^https:\/\/offer\.example\/lp\?/;

    expect(String((await click('com.example.game')).headers.location)).toMatch(offer);
    const saved = await call(t, 'PUT', '/security/apps', {
      token: await accountToken(t, fw.tenant),
      body: { allowed: [], blocked: ['com.example.*'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await click('com.example.game')).headers.location).toBe(SAFE_PAGE);
    expect(String((await click('XMLHttpRequest')).headers.location)).toMatch(offer);
  });
});
