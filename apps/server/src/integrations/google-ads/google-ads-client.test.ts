import { type FakeGoogle, startFakeGoogle } from '@veracity/fakes/google-ads/start-fake-google';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GoogleAdsAuthError,
  type GoogleAdsCaller,
  GoogleAdsQuotaError,
  GoogleAdsRequestError,
} from './google-ads-api.js';
import { createGoogleAdsClient, GOOGLE_ADS_FAILURES } from './google-ads-client.js';

// The production client against the local fake over real HTTP.

const MANAGER = '1111111111';
const CLIENT = '2222222222';
const DIRECT = '3333333333';
let google: FakeGoogle;
let accessToken: string;
let caller: GoogleAdsCaller;
let searchCampaign: string;
let pmaxCampaign: string;

function client() {
  return createGoogleAdsClient({ apiUrl: google.url, apiVersion: google.version });
}

beforeEach(async () => {
  google = await startFakeGoogle();
  google.state.addCustomer({ id: MANAGER, name: 'Agency', manager: true });
  google.state.addCustomer({ id: CLIENT, name: 'Shop', parentId: MANAGER, currencyCode: 'EUR' });
  google.state.addCustomer({ id: DIRECT, name: 'Own account' });
  searchCampaign = google.state.addCampaign({ customerId: CLIENT, name: 'Brand', type: 'SEARCH' }).id;
  pmaxCampaign = google.state.addCampaign({
    customerId: CLIENT,
    name: 'All products',
    type: 'PERFORMANCE_MAX',
  }).id;
  accessToken = google.oauth.issueTokens().accessToken;
  caller = { accessToken, loginCustomerId: MANAGER };
});
afterEach(() => google.close());

describe('Google Ads client against the fake', () => {
  it('reads the hierarchy under the managers the user reaches, and a client through its manager', async () => {
    const hierarchy = await client().listAccountHierarchy(accessToken);
    expect(hierarchy.sort((a, b) => a.customerId.localeCompare(b.customerId))).toEqual([
      {
        customerId: MANAGER,
        name: 'Agency',
        isManager: true,
        currency: 'USD',
        timeZone: 'America/New_York',
        managerCustomerId: null,
        level: 0,
      },
      {
        customerId: CLIENT,
        name: 'Shop',
        isManager: false,
        currency: 'EUR',
        timeZone: 'America/New_York',
        managerCustomerId: MANAGER,
        level: 1,
      },
      {
        customerId: DIRECT,
        name: 'Own account',
        isManager: false,
        currency: 'USD',
        timeZone: 'America/New_York',
        managerCustomerId: null,
        level: 0,
      },
    ]);
    const search = google.service.requestsTo('googleAds:search');
    expect(search.map((request) => request.headers['login-customer-id']).sort()).toEqual([MANAGER, DIRECT]);
    const campaigns = await client().listCampaigns(caller, CLIENT);
    expect(campaigns.map((campaign) => [campaign.name, campaign.type, campaign.status])).toEqual([
      ['Brand', 'SEARCH', 'ENABLED'],
      ['All products', 'PERFORMANCE_MAX', 'ENABLED'],
    ]);
    // Without the manager the client account is not reachable.
    await expect(
      client().listCampaigns({ accessToken, loginCustomerId: null }, CLIENT),
    ).rejects.toMatchObject({
      name: 'GoogleAdsRequestError',
      status: 403,
      code: 'authorizationError.USER_PERMISSION_DENIED',
    });
  });

  it('follows search pages and never sends page_size; costs keep int64 precision', async () => {
    for (let day = 1; day <= 9; day += 1) {
      google.state.addDailyMetrics({
        campaignId: searchCampaign,
        date: `2026-11-0${day}`,
        clicks: day,
        costMicros: 9_007_199_254_740_993n + BigInt(day),
      });
    }
    google.state.pageSize = 4;
    const costs = await client().dailyCosts(caller, CLIENT, '2026-11-01', '2026-11-09');
    expect(costs).toHaveLength(9);
    expect(costs.find((row) => row.day === '2026-11-09')).toEqual({
      day: '2026-11-09',
      campaignId: searchCampaign,
      clicks: 9,
      costMicros: 9_007_199_254_741_002n,
    });
    const pages = google.service.requestsTo('googleAds:search');
    expect(pages).toHaveLength(3);
    for (const page of pages)
      expect(Object.keys(page.body as object).sort()).toEqual(
        expect.not.arrayContaining(['pageSize', 'page_size']),
      );
    expect((pages[1]?.body as { pageToken?: string } | undefined)?.pageToken).toBeTruthy();
  });

  it('maps a partial failure to one result per operation, in order', async () => {
    const results = await client().mutateIpBlocks(
      caller,
      CLIENT,
      [
        { kind: 'add_campaign_ip_block', campaignId: searchCampaign, ipAddress: '203.0.113.7' },
        { kind: 'add_account_ip_block', ipAddress: '198.51.100.9' },
        { kind: 'add_campaign_ip_block', campaignId: searchCampaign, ipAddress: '203.0.113.300' },
        { kind: 'add_campaign_ip_block', campaignId: pmaxCampaign, ipAddress: '203.0.113.8' },
      ],
      { validateOnly: false },
    );
    expect(results[0]).toMatchObject({
      ok: true,
      resourceName: expect.stringMatching(`^customers/${CLIENT}/campaignCriteria/${searchCampaign}~`),
    });
    expect(results[1]).toMatchObject({
      ok: true,
      resourceName: expect.stringMatching(`^customers/${CLIENT}/customerNegativeCriteria/`),
    });
    expect(results[2]).toMatchObject({
      ok: false,
      code: GOOGLE_ADS_FAILURES.invalidIpAddress,
      retryable: false,
    });
    // Performance Max takes no campaign IP block: Google refuses it, the account-level block covers it.
    expect(results[3]).toMatchObject({ ok: false, code: GOOGLE_ADS_FAILURES.notPermittedForCampaignType });
    const blocks = await client().listIpBlocks(caller, CLIENT);
    expect(blocks.map((block) => [block.campaignId, block.ipAddress]).sort()).toEqual([
      [null, '198.51.100.9'],
      [searchCampaign, '203.0.113.7'],
    ]);
    const removal = await client().mutateIpBlocks(
      caller,
      CLIENT,
      blocks.map((block) => ({ kind: 'remove' as const, resourceName: block.resourceName })),
      { validateOnly: false },
    );
    expect(removal.every((result) => result.ok)).toBe(true);
    expect(google.state.campaignIpBlocks(searchCampaign)).toEqual([]);
    expect(google.state.accountIpBlocks(CLIENT)).toEqual([]);
  });

  it('reports the cap at the 501st IP block of a campaign', async () => {
    google.state.seedCampaignIpBlocks(
      searchCampaign,
      Array.from({ length: 500 }, (_, index) => `10.9.${index >> 8}.${index & 255}`),
    );
    const [result] = await client().mutateIpBlocks(
      caller,
      CLIENT,
      [{ kind: 'add_campaign_ip_block', campaignId: searchCampaign, ipAddress: '203.0.113.50' }],
      { validateOnly: false },
    );
    expect(result).toMatchObject({ ok: false, code: GOOGLE_ADS_FAILURES.campaignCap, retryable: false });
    expect(google.state.campaignIpBlocks(searchCampaign)).toHaveLength(500);
  });

  it('validateOnly sends the operations and changes nothing in Google', async () => {
    const results = await client().mutateIpBlocks(
      caller,
      CLIENT,
      [
        { kind: 'add_campaign_ip_block', campaignId: searchCampaign, ipAddress: '203.0.113.7' },
        { kind: 'add_account_ip_block', ipAddress: 'bad' },
      ],
      { validateOnly: true },
    );
    expect(results.map((result) => result.ok)).toEqual([true, false]);
    expect(google.service.requestsTo('googleAds:campaignCriteria:mutate')[0]?.body).toMatchObject({
      validateOnly: true,
      partialFailure: true,
    });
    expect(google.state.campaignIpBlocks(searchCampaign)).toEqual([]);
    expect(google.state.accountIpBlocks(CLIENT)).toEqual([]);
  });

  it("turns a quota refusal into GoogleAdsQuotaError with Google's retry delay", async () => {
    google.injectQuotaError('googleAds:search', 42);
    const error = await client()
      .listCampaigns(caller, CLIENT)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GoogleAdsQuotaError);
    expect((error as GoogleAdsQuotaError).retryAfterSeconds).toBe(42);
    await expect(client().listCampaigns(caller, CLIENT)).resolves.toHaveLength(2);
  });

  it('turns an expired access token into GoogleAdsAuthError, and another refusal into GoogleAdsRequestError', async () => {
    google.oauth.expireAccessTokens();
    await expect(client().listCampaigns(caller, CLIENT)).rejects.toBeInstanceOf(GoogleAdsAuthError);
    const fresh = { accessToken: google.oauth.issueTokens().accessToken, loginCustomerId: MANAGER };
    google.injectError('googleAds:search', {
      status: 500,
      body: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } },
    });
    const error = await client()
      .listCampaigns(fresh, CLIENT)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GoogleAdsRequestError);
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL' });
  });

  it('gives up on a request Google does not answer in time', async () => {
    // A path on the fake that never answers.
    const silent = createGoogleAdsClient(
      { apiUrl: `${google.url}/silent`, apiVersion: google.version },
      { timeoutMs: 300 },
    );
    google.service.route(
      'silent',
      'GET',
      `/silent/${google.version}/customers:listAccessibleCustomers`,
      () => new Promise(() => {}),
    );
    await expect(silent.listAccountHierarchy(accessToken)).rejects.toMatchObject({
      code: 'DEADLINE_EXCEEDED',
    });
  });

  it('creates the exclusion user list once and excludes it where the campaign type allows it', async () => {
    const first = await client().ensureExclusionUserList(caller, CLIENT, { validateOnly: false });
    const second = await client().ensureExclusionUserList(caller, CLIENT, { validateOnly: false });
    expect(second).toBe(first);
    expect(google.state.userLists.size).toBe(1);
    const campaigns = await client().listCampaigns(caller, CLIENT);
    const results = await client().excludeUserList(caller, CLIENT, first, campaigns, { validateOnly: false });
    expect(results.map((result) => result.ok)).toEqual([true, false]);
    expect(results[1]).toMatchObject({ code: GOOGLE_ADS_FAILURES.notPermittedForCampaignType });
    const again = await client().excludeUserList(caller, CLIENT, first, campaigns, { validateOnly: false });
    expect(again[0]).toEqual(results[0]);
    expect(
      [...google.state.campaignCriteria.values()].filter((criterion) => criterion.type === 'USER_LIST'),
    ).toHaveLength(1);
  });

  it('reads and sets the account tracking template', async () => {
    expect(await client().getTrackingTemplate(caller, CLIENT)).toBeNull();
    await client().setTrackingTemplate(caller, CLIENT, '{lpurl}?vc={campaignid}&vk={keyword}');
    expect(google.state.customers.get(CLIENT)?.trackingUrlTemplate).toBe(
      '{lpurl}?vc={campaignid}&vk={keyword}',
    );
    expect(await client().getTrackingTemplate(caller, CLIENT)).toBe('{lpurl}?vc={campaignid}&vk={keyword}');
    await expect(client().setTrackingTemplate(caller, CLIENT, 'no-tag')).rejects.toMatchObject({
      code: 'urlFieldError.MISSING_PROTOCOL_IN_TRACKING_URL_TEMPLATE',
    });
  });
});
