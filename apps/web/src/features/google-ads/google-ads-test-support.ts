import type { GoogleAdsAccount, GoogleAdsState } from '@veracity/contracts/google-ads';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';

/** Test support for the Google Ads screens: the integration state as the server answers it. */

export function accountFixture(overrides: Partial<GoogleAdsAccount> = {}): GoogleAdsAccount {
  return {
    customerId: '1234567890',
    name: 'Acme Shop',
    managerCustomerId: null,
    isManager: false,
    currency: 'EUR',
    timeZone: 'Europe/Madrid',
    active: false,
    level: 0,
    ...overrides,
  };
}

/** A manager reaching two client accounts, one of 11 digits; none protected yet. */
export const HIERARCHY: GoogleAdsAccount[] = [
  accountFixture({ customerId: '1112223333', name: 'Acme MCC', isManager: true, level: 0 }),
  accountFixture({ customerId: '1234567890', name: 'Acme Shop', managerCustomerId: '1112223333', level: 1 }),
  accountFixture({
    customerId: '98765432101',
    name: 'Acme Brand',
    managerCustomerId: '1112223333',
    level: 1,
  }),
];

export function stateFixture(overrides: Partial<GoogleAdsState> = {}): GoogleAdsState {
  return {
    connection: 'none',
    gAdsSetupStatus: [false, false, false],
    accounts: [],
    campaigns: [],
    areAllAccountsInactive: true,
    settings: {
      protectionMode: 'detection',
      rotationDays: 30,
      globalIntelligence: false,
      skipTrackingTemplate: false,
      audienceExclusion: true,
    },
    errors: { campaign: false, account: false, integration: false, audience: false },
    skipTT: false,
    trackingTemplate:
      '{lpurl}?vy_cid={campaignid}&vy_kw={keyword}&vy_pl={placement}&vy_nw={network}&vy_dv={device}',
    trackingParameters:
      'vy_cid={campaignid}&vy_kw={keyword}&vy_pl={placement}&vy_nw={network}&vy_dv={device}',
    audience: { userList: null, campaignsExcluded: 0, campaignsNotAllowed: 0 },
    lastSyncAt: null,
    lastSyncError: null,
    configured: true,
    ...overrides,
  };
}

/** A linked account: connected, two client accounts, Acme Shop protected. */
export function linkedStateFixture(overrides: Partial<GoogleAdsState> = {}): GoogleAdsState {
  return stateFixture({
    connection: 'connected',
    gAdsSetupStatus: [true, true, true],
    accounts: HIERARCHY.map((account) =>
      account.customerId === '1234567890' ? { ...account, active: true } : account,
    ),
    areAllAccountsInactive: false,
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
        name: 'Shopping feed',
        type: 'SHOPPING',
        status: 'ENABLED',
      },
    ],
    ...overrides,
  });
}

export function signIn(): void {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.activeRelationshipId, '42');
}
