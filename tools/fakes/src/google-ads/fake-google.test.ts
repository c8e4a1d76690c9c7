import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from './start-fake-google.js';

// The fake's own tests, with raw HTTP requests shaped as Google's REST reference shows them (not
// through the server's client), so that the fake and the client cannot agree by construction.

const MANAGER = '1111111111';
const CLIENT = '2222222222';
let google: FakeGoogle;
let token: string;
let searchCampaign: string;
let pmaxCampaign: string;

beforeEach(async () => {
  google = await startFakeGoogle();
  google.state.addCustomer({ id: MANAGER, name: 'Agency', manager: true });
  google.state.addCustomer({ id: CLIENT, name: 'Shop', parentId: MANAGER });
  searchCampaign = google.state.addCampaign({ customerId: CLIENT, name: 'Brand', type: 'SEARCH' }).id;
  pmaxCampaign = google.state.addCampaign({ customerId: CLIENT, name: 'All', type: 'PERFORMANCE_MAX' }).id;
  token = google.oauth.issueTokens().accessToken;
});
afterEach(() => google.close());

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${google.url}/v26/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: raw JSON of the fake under test
  return { status: response.status, json: (await response.json()) as any };
}

const viaManager = { 'login-customer-id': MANAGER };
const ipOp = (campaign: string, ipAddress: string) => ({
  create: { campaign: `customers/${CLIENT}/campaigns/${campaign}`, negative: true, ipBlock: { ipAddress } },
});

describe('fake Google OAuth', () => {
  it('shows a consent page whose Allow link returns a code that the token endpoint exchanges, refreshes and revokes', async () => {
    const authorize = new URL(google.oauthUrls.authorize);
    const query = {
      client_id: google.clientId,
      redirect_uri: 'http://127.0.0.1:18100/cb',
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/adwords',
      state: 'st-1',
      access_type: 'offline',
    };
    for (const [key, value] of Object.entries(query)) authorize.searchParams.set(key, value);
    const page = await fetch(authorize);
    const html = await page.text();
    expect(page.status).toBe(200);
    const href = /id="allow" role="button" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(href).toBeDefined();
    const allow = await fetch(`${google.url}${href}`, { redirect: 'manual' });
    expect(allow.status).toBe(302);
    const back = new URL(allow.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe('http://127.0.0.1:18100/cb');
    expect(back.searchParams.get('state')).toBe('st-1');
    const form = (values: Record<string, string>) =>
      fetch(google.oauthUrls.token, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(values),
      });
    const credentials = { client_id: google.clientId, client_secret: google.clientSecret };
    const exchanged = await form({
      ...credentials,
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: query.redirect_uri,
    });
    const tokens = (await exchanged.json()) as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
    };
    expect(exchanged.status).toBe(200);
    expect(tokens.expires_in).toBe(3600);
    // a code is single-use
    const again = await form({
      ...credentials,
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: query.redirect_uri,
    });
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
    const wrongSecret = await form({
      ...credentials,
      client_secret: 'nope',
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(wrongSecret.status).toBe(401);
    const refreshed = await form({
      ...credentials,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const revoked = await fetch(google.oauthUrls.revoke, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token }),
    });
    expect(revoked.status).toBe(200);
    const afterRevoke = await form({
      ...credentials,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(afterRevoke.status).toBe(400);
    expect(((await afterRevoke.json()) as { error: string }).error).toBe('invalid_grant');
    // recorded without secrets
    const recorded = google.service.requestsTo('oauth:token')[0];
    expect(JSON.stringify(recorded)).not.toContain(google.clientSecret);
    expect(recorded?.body).toMatchObject({ client_secret: '[redacted]', grant_type: 'authorization_code' });
  });
  it('redirects with access_denied on Deny, approves at once with approve=1, and refuses a foreign redirect_uri', async () => {
    const restricted = await startFakeGoogle({ redirectUris: ['http://127.0.0.1:18100/cb'] });
    try {
      const authorize = (extra: Record<string, string>) => {
        const url = new URL(restricted.oauthUrls.authorize);
        const values = {
          client_id: restricted.clientId,
          redirect_uri: 'http://127.0.0.1:18100/cb',
          response_type: 'code',
          scope: 'https://www.googleapis.com/auth/adwords',
          state: 'st-2',
          ...extra,
        };
        for (const [key, value] of Object.entries(values)) url.searchParams.set(key, value);
        return fetch(url, { redirect: 'manual' });
      };
      const page = await (await authorize({})).text();
      const deny = /id="deny" role="button" href="([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&');
      const denied = await fetch(`${restricted.url}${deny}`, { redirect: 'manual' });
      const deniedTo = new URL(denied.headers.get('location') ?? '');
      expect([deniedTo.searchParams.get('error'), deniedTo.searchParams.get('state')]).toEqual([
        'access_denied',
        'st-2',
      ]);
      expect(deniedTo.searchParams.get('code')).toBeNull();
      const approved = await authorize({ approve: '1' });
      expect(approved.status).toBe(302);
      expect(new URL(approved.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
      expect((await authorize({ redirect_uri: 'https://evil.example/cb' })).status).toBe(400);
      expect((await authorize({ client_id: 'other' })).status).toBe(401);
    } finally {
      await restricted.close();
    }
  });
});

describe('fake Google Ads API', () => {
  it('refuses a missing or expired token with UNAUTHENTICATED', async () => {
    const anonymous = await fetch(`${google.url}/v26/customers:listAccessibleCustomers`);
    expect(anonymous.status).toBe(401);
    google.oauth.expireAccessTokens();
    const expired = await call('GET', 'customers:listAccessibleCustomers');
    expect(expired.status).toBe(401);
    expect(expired.json.error.status).toBe('UNAUTHENTICATED');
    expect(expired.json.error.details[0].errors[0].errorCode).toEqual({
      authenticationError: 'OAUTH_TOKEN_EXPIRED',
    });
  });

  it('reaches a client account only through its manager (login-customer-id)', async () => {
    const listed = await call('GET', 'customers:listAccessibleCustomers');
    expect(listed.json.resourceNames).toEqual([`customers/${MANAGER}`]);
    const query = {
      query:
        'SELECT campaign.id, campaign.name, campaign.advertising_channel_type FROM campaign ORDER BY campaign.name',
    };
    const direct = await call('POST', `customers/${CLIENT}/googleAds:search`, query);
    expect(direct.status).toBe(403);
    expect(direct.json.error.details[0].errors[0].errorCode).toEqual({
      authorizationError: 'USER_PERMISSION_DENIED',
    });
    const through = await call('POST', `customers/${CLIENT}/googleAds:search`, query, viaManager);
    expect(through.status).toBe(200);
    expect(through.json.results).toEqual([
      {
        campaign: {
          resourceName: `customers/${CLIENT}/campaigns/${pmaxCampaign}`,
          id: pmaxCampaign,
          name: 'All',
          advertisingChannelType: 'PERFORMANCE_MAX',
        },
      },
      {
        campaign: {
          resourceName: `customers/${CLIENT}/campaigns/${searchCampaign}`,
          id: searchCampaign,
          name: 'Brand',
          advertisingChannelType: 'SEARCH',
        },
      },
    ]);
    const hierarchy = await call('POST', `customers/${MANAGER}/googleAds:search`, {
      query:
        'SELECT customer_client.client_customer, customer_client.level, customer_client.manager FROM customer_client',
    });
    expect(
      hierarchy.json.results.map((row: { customerClient: { level: string } }) => row.customerClient.level),
    ).toEqual(['0', '1']);
  });

  it('refuses page_size, pages with nextPageToken and serves daily metrics with int64 as strings', async () => {
    for (let day = 1; day <= 5; day += 1) {
      google.state.addDailyMetrics({
        campaignId: searchCampaign,
        date: `2026-11-0${day}`,
        clicks: day,
        costMicros: 1_500_000n * BigInt(day),
      });
    }
    google.state.pageSize = 2;
    const query =
      "SELECT campaign.id, segments.date, metrics.clicks, metrics.cost_micros FROM campaign WHERE segments.date BETWEEN '2026-11-01' AND '2026-11-04' ORDER BY segments.date";
    const refused = await call(
      'POST',
      `customers/${CLIENT}/googleAds:search`,
      { query, page_size: 10 },
      viaManager,
    );
    expect(refused.status).toBe(400);
    expect(refused.json.error.details[0].errors[0].errorCode).toEqual({
      requestError: 'PAGE_SIZE_NOT_SUPPORTED',
    });
    const first = await call('POST', `customers/${CLIENT}/googleAds:search`, { query }, viaManager);
    expect(first.json.results).toHaveLength(2);
    expect(first.json.results[0].metrics).toEqual({ clicks: '1', costMicros: '1500000' });
    const second = await call(
      'POST',
      `customers/${CLIENT}/googleAds:search`,
      { query, pageToken: first.json.nextPageToken },
      viaManager,
    );
    expect(second.json.results.map((row: { segments: { date: string } }) => row.segments.date)).toEqual([
      '2026-11-03',
      '2026-11-04',
    ]);
    expect(second.json.nextPageToken).toBeUndefined();
    const undated = await call(
      'POST',
      `customers/${CLIENT}/googleAds:search`,
      { query: 'SELECT segments.date, metrics.clicks FROM campaign' },
      viaManager,
    );
    expect(undated.json.error.details[0].errors[0].errorCode).toEqual({
      queryError: 'EXPECTED_FILTERS_ON_DATE_RANGE',
    });
    const manager = await call('POST', `customers/${MANAGER}/googleAds:search`, {
      query: 'SELECT metrics.clicks FROM customer',
    });
    expect(manager.json.error.details[0].errors[0].errorCode).toEqual({
      queryError: 'REQUESTED_METRICS_FOR_MANAGER',
    });
  });

  it('refuses a misspelt field, a missing required field and an unknown GAQL resource or field', async () => {
    const misspelt = await call(
      'POST',
      `customers/${CLIENT}/campaignCriteria:mutate`,
      { operatons: [ipOp(searchCampaign, '203.0.113.7')] },
      viaManager,
    );
    expect(misspelt.status).toBe(400);
    expect(misspelt.json.error.message).toContain('Unknown name "operatons"');
    expect(misspelt.json.error.details[0]['@type']).toBe('type.googleapis.com/google.rpc.BadRequest');
    const deep = await call(
      'POST',
      `customers/${CLIENT}/campaignCriteria:mutate`,
      {
        operations: [
          {
            create: {
              campaign: `customers/${CLIENT}/campaigns/${searchCampaign}`,
              ipBlock: { ip: '203.0.113.7' },
            },
          },
        ],
      },
      viaManager,
    );
    expect(deep.json.error.message).toContain('Unknown name "ip" at \'operations[0].create.ipBlock\'');
    const missing = await call(
      'POST',
      `customers/${CLIENT}/campaignCriteria:mutate`,
      { operations: [{ create: { negative: true, ipBlock: { ipAddress: '203.0.113.7' } } }] },
      viaManager,
    );
    expect(missing.status).toBe(400);
    expect(missing.json.error.details[0].errors[0]).toMatchObject({
      errorCode: { fieldError: 'REQUIRED' },
      location: {
        fieldPathElements: [
          { fieldName: 'operations', index: 0 },
          { fieldName: 'create' },
          { fieldName: 'campaign' },
        ],
      },
    });
    const resource = await call(
      'POST',
      `customers/${CLIENT}/googleAds:search`,
      { query: 'SELECT campaign.id FROM campaigns' },
      viaManager,
    );
    expect(resource.json.error.details[0].errors[0].errorCode).toEqual({
      queryError: 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE',
    });
    const field = await call(
      'POST',
      `customers/${CLIENT}/googleAds:search`,
      { query: 'SELECT campaign.channel_type FROM campaign' },
      viaManager,
    );
    expect(field.json.error.details[0].errors[0].errorCode).toEqual({ queryError: 'UNRECOGNIZED_FIELD' });
  });

  it('applies a partial failure per operation, with the failed index in the field path', async () => {
    const answer = await call(
      'POST',
      `customers/${CLIENT}/campaignCriteria:mutate`,
      {
        operations: [
          ipOp(searchCampaign, '203.0.113.7'),
          ipOp(searchCampaign, '203.0.113.999'),
          ipOp(pmaxCampaign, '203.0.113.8'),
          ipOp(searchCampaign, '198.51.100.0/24'),
        ],
        partialFailure: true,
      },
      viaManager,
    );
    expect(answer.status).toBe(200);
    expect(answer.json.results[1]).toEqual({});
    expect(answer.json.results[2]).toEqual({});
    expect(answer.json.results[0].resourceName).toMatch(
      new RegExp(`^customers/${CLIENT}/campaignCriteria/${searchCampaign}~\\d+$`),
    );
    const errors = answer.json.partialFailureError.details[0].errors;
    expect(errors.map((error: { errorCode: unknown }) => error.errorCode)).toEqual([
      { criterionError: 'INVALID_IP_ADDRESS' },
      { operationAccessDeniedError: 'OPERATION_NOT_PERMITTED_FOR_CAMPAIGN_TYPE' },
    ]);
    expect(errors[0].location.fieldPathElements[0]).toEqual({ fieldName: 'operations', index: 1 });
    expect(errors[1].location.fieldPathElements[0]).toEqual({ fieldName: 'operations', index: 2 });
    expect(google.state.campaignIpBlocks(searchCampaign).sort()).toEqual(['198.51.100.0/24', '203.0.113.7']);
    // without partialFailure one bad operation fails the whole request and nothing changes
    const atomic = await call(
      'POST',
      `customers/${CLIENT}/campaignCriteria:mutate`,
      { operations: [ipOp(searchCampaign, '203.0.113.20'), ipOp(searchCampaign, 'not-an-ip')] },
      viaManager,
    );
    expect(atomic.status).toBe(400);
    expect(google.state.campaignIpBlocks(searchCampaign)).toHaveLength(2);
  });

  it('refuses the 501st IP block of a campaign and of an account (ResourceCountLimitExceeded)', async () => {
    google.state.seedCampaignIpBlocks(
      searchCampaign,
      Array.from({ length: 499 }, (_, index) => `10.1.${index >> 8}.${index & 255}`),
    );
    const answer = await call(
      'POST',
      `customers/${CLIENT}/campaignCriteria:mutate`,
      {
        operations: [ipOp(searchCampaign, '203.0.113.1'), ipOp(searchCampaign, '203.0.113.2')],
        partialFailure: true,
      },
      viaManager,
    );
    expect(answer.json.results[0].resourceName).toBeDefined();
    expect(answer.json.partialFailureError.details[0].errors[0]).toMatchObject({
      errorCode: { resourceCountLimitExceededError: 'CAMPAIGN_LIMIT' },
      location: {
        fieldPathElements: [
          { fieldName: 'operations', index: 1 },
          { fieldName: 'create' },
          { fieldName: 'ip_block' },
        ],
      },
      details: { resourceCountDetails: { limit: 500, existingCount: 500 } },
    });
    const account = Array.from({ length: 501 }, (_, index) => ({
      create: { ipBlock: { ipAddress: `10.2.${index >> 8}.${index & 255}` } },
    }));
    const accountAnswer = await call(
      'POST',
      `customers/${CLIENT}/customerNegativeCriteria:mutate`,
      { operations: account, partialFailure: true },
      viaManager,
    );
    expect(accountAnswer.json.partialFailureError.details[0].errors).toHaveLength(1);
    expect(accountAnswer.json.partialFailureError.details[0].errors[0].errorCode).toEqual({
      resourceCountLimitExceededError: 'ACCOUNT_LIMIT',
    });
    expect(google.state.accountIpBlocks(CLIENT)).toHaveLength(500);
  });

  it('validateOnly checks and changes nothing; the tracking template is set with an update mask', async () => {
    const dry = await call(
      'POST',
      `customers/${CLIENT}/campaignCriteria:mutate`,
      { operations: [ipOp(searchCampaign, '203.0.113.7')], validateOnly: true },
      viaManager,
    );
    expect(dry.status).toBe(200);
    expect(google.state.campaignIpBlocks(searchCampaign)).toEqual([]);
    const noMask = await call(
      'POST',
      `customers/${CLIENT}:mutate`,
      {
        operation: {
          update: { resourceName: `customers/${CLIENT}`, trackingUrlTemplate: '{lpurl}?c={campaignid}' },
        },
      },
      viaManager,
    );
    expect(noMask.json.error.details[0].errors[0].errorCode).toEqual({
      fieldMaskError: 'FIELD_MASK_MISSING',
    });
    const set = await call(
      'POST',
      `customers/${CLIENT}:mutate`,
      {
        operation: {
          update: { resourceName: `customers/${CLIENT}`, trackingUrlTemplate: '{lpurl}?c={campaignid}' },
          updateMask: 'trackingUrlTemplate',
        },
      },
      viaManager,
    );
    expect(set.json).toEqual({ result: { resourceName: `customers/${CLIENT}` } });
    expect(google.state.customers.get(CLIENT)?.trackingUrlTemplate).toBe('{lpurl}?c={campaignid}');
  });

  it('answers an injected quota error with 429 RESOURCE_EXHAUSTED and its retry delay, then serves again', async () => {
    google.injectQuotaError('googleAds:search', 17);
    const body = { query: 'SELECT customer.id FROM customer' };
    const limited = await call('POST', `customers/${MANAGER}/googleAds:search`, body);
    expect(limited.status).toBe(429);
    expect(limited.json.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(limited.json.error.details[0].errors[0].details.quotaErrorDetails.retryDelay).toBe('17s');
    const served = await call('POST', `customers/${MANAGER}/googleAds:search`, body);
    expect(served.json.results).toEqual([
      { customer: { resourceName: `customers/${MANAGER}`, id: MANAGER } },
    ]);
    expect(google.service.requestsTo('googleAds:search')[0]?.headers.authorization).toBe('[redacted]');
  });
});
