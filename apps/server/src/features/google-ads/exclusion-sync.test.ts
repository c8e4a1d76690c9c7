import type { GoogleAdsState } from '@veracity/contracts/google-ads';
import { describe, expect, it } from 'vitest';
import { GOOGLE_ADS_SYNC_JOB } from '../../jobs/google-ads-sync.js';
import { accountToken, call } from '../../test-support/fixtures.js';
import { listStoredEntries } from './exclusion-sync.repo.js';
import { syncGoogleAdsExclusions } from './exclusion-sync.service.js';
import {
  blocksOf,
  ipMutates,
  linkAccount,
  sendInvalid,
  useEngineHarness,
} from './exclusion-sync.test-support.js';
import { listExclusionLog } from './exclusions.repo.js';

/**
 * The exclusion sync in protection mode against the local fake Google, with the production clients,
 * the real token store and real SQLite + DuckDB: what the fake holds after each run is the truth.
 */
const h = useEngineHarness();

const DAY_MS = 86_400_000;
const db = () => h.t.stores.accounts.db;
/** `count` public addresses, each in a /24 of its own (no ranges form). */
const spread = (count: number, third = 7) =>
  Array.from({ length: count }, (_, i) => `${20 + (i >> 8)}.${i & 255}.${third}.9`);

describe('the exclusion sync in protection mode', () => {
  it('pushes the invalid IPs of a linked campaign once, logs each add, and a re-run changes nothing', async () => {
    const account = await linkAccount(h, 'protection');
    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.7', '203.0.113.20'], {
      sessions: 2,
      threats: ['datacenter', 'bot_ua'],
    });
    const first = await syncGoogleAdsExclusions(account.deps, account.relationshipId);
    expect(first).toMatchObject({ status: 'synced', mode: 'protection', added: 2, failed: 0 });
    expect(blocksOf(h, account.searchCampaign)).toEqual(['198.51.100.7', '203.0.113.20']);
    const log = await listExclusionLog(db(), account.relationshipId, 50);
    expect(log.map((line) => [line.action, line.outcome, line.cidr]).sort()).toEqual([
      ['add', 'applied', '198.51.100.7'],
      ['add', 'applied', '203.0.113.20'],
    ]);
    expect(JSON.parse(log[0]?.threats ?? '{}')).toEqual({ bot_ua: 2, datacenter: 2 });
    expect(log[0]?.reason).toMatch(/2/);

    h.google.service.clearRequests();
    const again = await syncGoogleAdsExclusions(account.deps, account.relationshipId);
    expect(again).toMatchObject({ status: 'synced', added: 0, removed: 0, logged: 0 });
    expect(ipMutates(h)).toEqual([]);
    expect(await listExclusionLog(db(), account.relationshipId, 50)).toHaveLength(2);
  });

  it('at the cap, the 501st IP takes the place of the least recently active, and Google holds 500', async () => {
    const account = await linkAccount(h, 'protection');
    const ips = spread(500);
    const oldest = ips[0] ?? '';
    await sendInvalid(h, account, account.searchCampaign, [oldest], { minutesAgo: 600 });
    await sendInvalid(h, account, account.searchCampaign, ips.slice(1), { minutesAgo: 60 });
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toMatchObject({
      added: 500,
      failed: 0,
    });
    expect(blocksOf(h, account.searchCampaign)).toHaveLength(500);

    const newcomer = '192.0.2.77';
    await sendInvalid(h, account, account.searchCampaign, [newcomer], { sessions: 3, minutesAgo: 5 });
    const second = await syncGoogleAdsExclusions(account.deps, account.relationshipId);
    expect(second).toMatchObject({ status: 'synced', added: 1, removed: 1, failed: 0 });
    const blocks = blocksOf(h, account.searchCampaign);
    expect(blocks).toHaveLength(500);
    expect(blocks).toContain(newcomer);
    expect(blocks).not.toContain(oldest);
    const removal = (await listExclusionLog(db(), account.relationshipId, 10)).find(
      (line) => line.action === 'remove',
    );
    expect(removal).toMatchObject({ cidr: oldest, outcome: 'applied' });
  }, 60_000);

  it('removes an expired exclusion in Google, and re-adds an IP that comes back invalid', async () => {
    const account = await linkAccount(h, 'protection');
    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.30', '198.51.100.140']);
    await syncGoogleAdsExclusions(account.deps, account.relationshipId);
    expect(blocksOf(h, account.searchCampaign)).toHaveLength(2);

    // 31 days on (the default rotation is 30): both expire; the stored access token has expired too.
    h.clock.set(new Date(h.clock.now().getTime() + 31 * DAY_MS));
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toMatchObject({
      removed: 2,
      failed: 0,
    });
    expect(blocksOf(h, account.searchCampaign)).toEqual([]);
    const rows = await listStoredEntries(db(), account.relationshipId);
    expect(rows.map((row) => row.state)).toEqual(['removed', 'removed']);

    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.30']);
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toMatchObject({ added: 1 });
    expect(blocksOf(h, account.searchCampaign)).toEqual(['198.51.100.30']);
    const back = (await listStoredEntries(db(), account.relationshipId)).find(
      (row) => row.cidr === '198.51.100.30',
    );
    expect(back).toMatchObject({ state: 'active', added_at: h.clock.now().toISOString() });
  });

  it('on a partial failure applies the rest, and retries the failed operation on the next run', async () => {
    const account = await linkAccount(h, 'protection');
    // Blocks of the customer's own fill the campaign up to one free slot.
    h.google.state.seedCampaignIpBlocks(account.searchCampaign, spread(499, 99));
    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.50'], { minutesAgo: 5, sessions: 2 });
    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.60'], { minutesAgo: 30 });
    const first = await syncGoogleAdsExclusions(account.deps, account.relationshipId);
    expect(first).toMatchObject({ status: 'synced', added: 1, failed: 1 });
    const failed = (await listStoredEntries(db(), account.relationshipId)).find(
      (row) => row.state === 'failed',
    );
    expect(failed).toMatchObject({ attempts: 1 });
    expect(failed?.last_error).toMatch(/CAMPAIGN_LIMIT|ResourceCount|RESOURCE_COUNT/i);
    const failedLine = (await listExclusionLog(db(), account.relationshipId, 10)).find(
      (line) => line.outcome === 'failed',
    );
    expect(failedLine?.error).toBeTruthy();

    // The customer frees a slot in Google; the next run pushes the failed one again.
    const api = account.deps.services.googleAds.api;
    if (!api) throw new Error('no client');
    const token = await account.deps.services.googleAds.tokens.accessToken(
      account.relationshipId,
      'google_ads',
    );
    const caller = { accessToken: token, loginCustomerId: '9000000000' };
    const own = (await api.listIpBlocks(caller, account.customerId)).find((block) =>
      block.ipAddress.endsWith('.99.9'),
    );
    if (!own) throw new Error('no seeded block');
    await api.mutateIpBlocks(
      caller,
      account.customerId,
      [{ kind: 'remove', resourceName: own.resourceName }],
      {
        validateOnly: false,
      },
    );
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toMatchObject({
      added: 1,
      failed: 0,
    });
    expect(blocksOf(h, account.searchCampaign)).toEqual(
      expect.arrayContaining(['198.51.100.50', '198.51.100.60']),
    );
    const retried = (await listStoredEntries(db(), account.relationshipId)).find(
      (row) => row.cidr === failed?.cidr,
    );
    expect(retried).toMatchObject({ state: 'active', attempts: 2, last_error: null });
  }, 60_000);

  it('renews an access token Google refuses, once, and goes on', async () => {
    const account = await linkAccount(h, 'protection');
    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.90']);
    h.google.oauth.expireAccessTokens();
    const outcome = await syncGoogleAdsExclusions(account.deps, account.relationshipId);
    expect(outcome).toMatchObject({ status: 'synced', added: 1 });
    expect(blocksOf(h, account.searchCampaign)).toEqual(['198.51.100.90']);
    // One call refused with the old token, then a refresh, and the same call again with the new one.
    const refused = h.google.service.requests.filter((request) => request.status === 401);
    expect(refused).toHaveLength(1);
    expect(h.google.service.requestsTo('oauth:token').length).toBeGreaterThanOrEqual(1);
    const again = h.google.service.requests[h.google.service.requests.indexOf(refused[0] as never) + 2];
    expect(again?.route).toBe(refused[0]?.route);
    expect(again?.status).toBe(200);
  });

  it('never-exclude wins: an IP on the list is never pushed, and its existing block is removed', async () => {
    const account = await linkAccount(h, 'protection');
    const token = await accountToken(h.t, account.tenant);
    const office = await call(h.t, 'POST', '/integrations/google-ads/never-exclude', {
      token,
      body: { cidr: '198.51.100.0/28', note: 'office' },
    });
    expect(office.statusCode, office.body).toBe(201);
    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.5', '203.0.113.5']);
    await syncGoogleAdsExclusions(account.deps, account.relationshipId);
    expect(blocksOf(h, account.searchCampaign)).toEqual(['203.0.113.5']);

    const partner = await call(h.t, 'POST', '/integrations/google-ads/never-exclude', {
      token,
      body: { cidr: '203.0.113.5', note: 'partner' },
    });
    expect(partner.statusCode, partner.body).toBe(201);
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toMatchObject({ removed: 1 });
    expect(blocksOf(h, account.searchCampaign)).toEqual([]);
    const pushed = ipMutates(h).flatMap((request) => JSON.stringify(request.body));
    expect(pushed.join('')).not.toContain('198.51.100.5');
  });

  it('a run cut short between Google answer and the database double-applies nothing on the next run', async () => {
    let crash = true;
    const account = await linkAccount(h, 'protection', {
      api: (real) => ({
        ...real,
        async mutateIpBlocks(...args) {
          const results = await real.mutateIpBlocks(...args);
          if (crash) throw new Error('the process died after Google answered');
          return results;
        },
      }),
    });
    const ips = ['198.51.100.110', '203.0.113.110', '192.0.2.110'];
    await sendInvalid(h, account, account.searchCampaign, ips);
    await expect(syncGoogleAdsExclusions(account.deps, account.relationshipId)).rejects.toThrow(
      /process died/,
    );
    expect(blocksOf(h, account.searchCampaign)).toEqual([...ips].sort());
    expect(await listStoredEntries(db(), account.relationshipId)).toEqual([]);

    crash = false;
    h.google.service.clearRequests();
    expect(await syncGoogleAdsExclusions(account.deps, account.relationshipId)).toMatchObject({
      status: 'synced',
      added: 3,
      failed: 0,
    });
    expect(ipMutates(h)).toEqual([]);
    expect(blocksOf(h, account.searchCampaign)).toEqual([...ips].sort());
    const rows = await listStoredEntries(db(), account.relationshipId);
    expect(rows.map((row) => row.state)).toEqual(['active', 'active', 'active']);
    expect(rows.every((row) => row.resource_name?.startsWith(`customers/${account.customerId}/`))).toBe(true);
  });

  it('puts Performance Max IPs on the account list (no campaign blocks there)', async () => {
    const account = await linkAccount(h, 'protection');
    await sendInvalid(h, account, account.pmaxCampaign, ['198.51.100.130']);
    await syncGoogleAdsExclusions(account.deps, account.relationshipId);
    expect(h.google.state.accountIpBlocks(account.customerId)).toEqual(['198.51.100.130']);
    expect(blocksOf(h, account.pmaxCampaign)).toEqual([]);
  });

  it('runs as the job of the server: one tick syncs every linked account', async () => {
    const account = await linkAccount(h, 'protection');
    await sendInvalid(h, account, account.searchCampaign, ['198.51.100.150']);
    expect(h.t.app.jobs.names).toContain(GOOGLE_ADS_SYNC_JOB);
    expect(await h.t.app.jobs.tick()).toContain(GOOGLE_ADS_SYNC_JOB);
    await h.t.app.jobs.idle();
    expect(blocksOf(h, account.searchCampaign)).toEqual(['198.51.100.150']);
    const state = await call(h.t, 'GET', '/integrations/google-ads', {
      token: await accountToken(h.t, account.tenant),
    });
    expect((state.json() as GoogleAdsState).lastSyncAt).toBe(h.clock.now().toISOString());
  });
});
