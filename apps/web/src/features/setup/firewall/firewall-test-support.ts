import type { FirewallCampaign, Offer, TrafficSource } from '@veracity/contracts/firewall';
import { DEFAULT_SECURITY_SETTINGS, EMPTY_TARGETING } from '@veracity/contracts/firewall';
import type { PermissionKey } from '@veracity/contracts/plans';
import { vi } from 'vitest';
import { ACCOUNT_PERMISSIONS } from '../../account/test-api';

/** Fixtures of the firewall screens' tests: a source, an offer and a campaign joining them. */

export const FIREWALL_PERMISSIONS: PermissionKey[] = [
  ...ACCOUNT_PERMISSIONS,
  'campaign_view',
  'campaign_create',
  'campaign_edit',
  'campaign_edit_security',
  'campaign_pause',
  'offer_view',
  'offer_create',
  'offer_edit',
  'offer_edit_targeting',
  'offer_pause',
  'traffic_source_view',
  'traffic_source_create',
  'traffic_source_edit',
];

export const pushNet: TrafficSource = {
  id: 11,
  name: 'PushNet',
  active: true,
  hidden: false,
  postbackUrl: 'https://pushnet.example/pb?cid={external_id}&sum={payout}',
  allowedPostbackAddresses: ['198.51.100.0/24'],
  labelIds: [],
};

export const oldSource: TrafficSource = {
  ...pushNet,
  id: 12,
  name: 'Old network',
  hidden: true,
  postbackUrl: null,
  allowedPostbackAddresses: [],
};

export const vpnOffer: Offer = {
  id: 21,
  name: 'VPN trial',
  active: true,
  hidden: false,
  landingUrl: 'https://offers.example/vpn?click={clickid}',
  targeting: { ...EMPTY_TARGETING, countries: ['ES', 'FR'], devices: ['Phone'] },
  labelIds: [],
};

export const hiddenOffer: Offer = { ...vpnOffer, id: 22, name: 'Retired offer', hidden: true };

export const springCampaign: FirewallCampaign = {
  id: 31,
  name: 'Spring push',
  active: true,
  hidden: false,
  googleAccountId: null,
  googleCampaignId: null,
  googleCampaignType: null,
  offerId: vpnOffer.id,
  trafficSourceId: pushNet.id,
  security: DEFAULT_SECURITY_SETTINGS,
  labelIds: [],
};

/** A widget-stats answer: today's figures per id of the list's dimension. */
export function todayAnswer(dimension: string, rows: [number, Record<string, number | null>][]) {
  return {
    dimensions: [dimension],
    metrics: ['hits', 'highRiskHitsPercent', 'allowedHits', 'pausedHits', 'blockedHits'],
    rows: rows.map(([id, metrics]) => ({ values: [id], metrics })),
    totals: {},
    truncated: false,
  };
}

/** Holds PATCH answers until release() so the optimistic state can be seen. */
export function holdPatches(): () => void {
  const answer = globalThis.fetch;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PATCH') await gate;
    return answer(input, init);
  });
  return release;
}

/** Captures downloads: jsdom has no object URLs, so the test provides them. */
export function captureDownloads(): { name: string }[] {
  const saved: { name: string }[] = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:csv' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download });
  });
  return saved;
}
