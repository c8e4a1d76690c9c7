import type { ExclusionEntry, ExclusionWidget, GoogleAdsState } from '@veracity/contracts/google-ads';
import { type MockResponse, meFixture, ok } from '../session/session-test-support';

/** Fixtures of the Google Ads channel pages' tests: answers shaped by the contracts. */

export const ZONE = 'Pacific/Kiritimati';

export type Answers = Record<
  string,
  MockResponse | ((body: unknown) => MockResponse | Promise<MockResponse>)
>;

export function stateFixture(overrides: Partial<GoogleAdsState> = {}): GoogleAdsState {
  return {
    connection: 'connected',
    gAdsSetupStatus: [true, true, true],
    accounts: [
      {
        customerId: '1234567890',
        name: 'Acme Search',
        managerCustomerId: null,
        isManager: false,
        currency: 'EUR',
        timeZone: 'Europe/Madrid',
        active: true,
        level: 0,
      },
    ],
    campaigns: [
      {
        customerId: '1234567890',
        campaignId: '111',
        name: 'Brand search',
        type: 'SEARCH',
        status: 'ENABLED',
      },
      {
        customerId: '1234567890',
        campaignId: '222',
        name: 'Display remarketing',
        type: 'DISPLAY',
        status: 'ENABLED',
      },
    ],
    areAllAccountsInactive: false,
    settings: {
      protectionMode: 'protection',
      rotationDays: 30,
      globalIntelligence: false,
      skipTrackingTemplate: false,
      audienceExclusion: true,
    },
    errors: { campaign: true, account: true, integration: true, audience: true },
    skipTT: false,
    trackingTemplate: '{lpurl}?gclid={gclid}',
    trackingParameters: 'gclid={gclid}',
    audience: {
      userList: 'customers/1234567890/userLists/987',
      campaignsExcluded: 2,
      campaignsNotAllowed: 1,
    },
    lastSyncAt: null,
    lastSyncError: null,
    ...overrides,
  };
}

export function widgetFixture(overrides: Partial<ExclusionWidget['totals']> = {}): ExclusionWidget {
  return {
    totals: {
      visits: 800,
      invalidVisits: 100,
      trafficVeracity: 87.5,
      exclusionEvents: 90,
      exclusionEventsInvalid: 60,
      exclusionsActive: 42,
      ...overrides,
    },
    series: [
      {
        day: '2026-03-01',
        visits: 400,
        invalidVisits: 50,
        exclusionEvents: 40,
        exclusionEventsInvalid: 30,
        exclusionsAdded: 20,
      },
      {
        day: '2026-03-02',
        visits: 400,
        invalidVisits: 50,
        exclusionEvents: 50,
        exclusionEventsInvalid: 30,
        exclusionsAdded: 22,
      },
    ],
  };
}

export function entryFixture(overrides: Partial<ExclusionEntry> = {}): ExclusionEntry {
  return {
    id: 1,
    customerId: '1234567890',
    campaignId: '111',
    campaignType: 'SEARCH',
    cidr: '203.0.113.7',
    type: 'DYNAMIC',
    state: 'active',
    addedAt: '2026-03-02T10:00:00.000Z',
    expiresAt: '2026-04-01T10:00:00.000Z',
    lastInvalidAt: '2026-03-02T09:00:00.000Z',
    invalidSessions: 14,
    threats: { 'network:datacenter': 12, 'automation:headless': 3 },
    ...overrides,
  };
}

const settings = {
  user: { firstName: 'Ana', jobTitle: null, timezone: 'Europe/Madrid' },
  account: { companyName: 'Acme', timezone: ZONE, currency: 'EUR', defaultCpc: {} },
  invitedUser: false,
};

export function channelAnswers(overrides: Answers = {}, me = meFixture({ planType: 'pro' })): Answers {
  return {
    'GET /me': ok(me),
    'GET /me/permissions': ok([]),
    'GET /me/settings': ok(settings),
    'GET /integrations/google-ads': ok(stateFixture()),
    'POST /widget/search-display/exclusions': ok(widgetFixture()),
    'POST /widget/shopping/exclusions': ok(widgetFixture()),
    'POST /widget/pmax/exclusions': ok(widgetFixture()),
    'GET /integrations/google-ads/exclusions': ok([
      entryFixture(),
      entryFixture({
        id: 2,
        campaignId: '222',
        campaignType: 'DISPLAY',
        cidr: '198.51.100.0/24',
        type: 'STATIC',
        expiresAt: null,
      }),
    ]),
    ...overrides,
  };
}
