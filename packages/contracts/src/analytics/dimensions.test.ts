import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AccountFeature } from '../plans.js';
import { CUSTOM_VAR_NAMES } from '../s2s.js';
import {
  DIMENSION_IDS,
  DIMENSIONS,
  type DimensionGroup,
  defaultDimension,
  dimensionsAllowed,
  dimensionsInGroup,
  zDimensionId,
} from './dimensions.js';

const SPEC_GROUPS: Record<DimensionGroup, string[]> = {
  traffic: ['offer', 'campaign', 'trafficSource', 'subPublisher'],
  time: ['day', 'hour', 'month'],
  device: ['device', 'os', 'browser'],
  target: ['country', 'isp'],
  website: ['opt_domain', 'referer'],
  google: [
    'googleCampaignType',
    'googleCampaignId',
    'googleCampaignName',
    'googlePlacement',
    'googleKeyword',
    'googleAccountId',
    'googleAccountName',
  ],
  segmentation: ['trafficType', 'utm_source', 'utm_campaign', 'utm_medium', 'utm_content', 'utm_term'],
  custom: [...CUSTOM_VAR_NAMES],
  security: ['hitSecurityLevel', 'hitStatus'],
};

const firewallAndGoogle: AccountFeature[] = [
  { name: 'sensor_firewall', value: true },
  { name: 'google_ppc', value: true },
];

describe('dimensions', () => {
  it('has every spec dimension in its group and nothing else', () => {
    for (const [group, ids] of Object.entries(SPEC_GROUPS) as [DimensionGroup, string[]][]) {
      expect(dimensionsInGroup(group)).toEqual(ids);
    }
    expect(DIMENSION_IDS).toHaveLength(Object.values(SPEC_GROUPS).flat().length);
    expect(DIMENSIONS.hitSecurityLevel.label).toBe('Visit Analysis level');
    expect(DIMENSIONS.hitStatus.label).toBe('Visit Status');
    expect(zDimensionId.safeParse('var21').success).toBe(false);
  });

  it('reads the stored event columns', () => {
    expect(DIMENSIONS.campaign.column).toBe('campaign_id');
    expect(DIMENSIONS.device.column).toBe('device_type');
    expect(DIMENSIONS.os.column).toBe('os_name');
    expect(DIMENSIONS.utm_campaign.column).toBe('utm_campaign');
    expect(DIMENSIONS.opt_domain.column).toBe('domain');
    expect(DIMENSIONS.referer.column).toBe('referrer');
    expect(DIMENSIONS.hitSecurityLevel.column).toBe('risk_level');
    expect(DIMENSIONS.var17.column).toBe('var17');
    for (const id of ['googleCampaignName', 'googleAccountName', 'googleCampaignType'] as const) {
      expect(DIMENSIONS[id].source).toBe('googleCampaigns');
    }
  });

  it('names only columns the hits table stores', () => {
    const catalogue = readFileSync(
      new URL('../../../../apps/server/src/storage/events/event-columns.ts', import.meta.url),
      'utf8',
    );
    const hitColumns = catalogue.slice(
      catalogue.indexOf('export const hitTable'),
      catalogue.indexOf('export const sessionTable'),
    );
    const stored = new Set([...hitColumns.matchAll(/column\('([a-z_0-9]+)'/g)].map((match) => match[1]));
    for (const id of DIMENSION_IDS) {
      const column = DIMENSIONS[id].column;
      if (DIMENSIONS[id].group === 'custom') expect(column).toBe(id);
      else expect(stored, `${id} -> ${column}`).toContain(column);
    }
  });

  it('gives the free plan day and trafficType only', () => {
    expect(dimensionsAllowed('free_trial', firewallAndGoogle, 20)).toEqual(['day', 'trafficType']);
  });

  it('offers custom variables var1..var{allowedVars}', () => {
    const custom = (allowedVars: number) =>
      dimensionsAllowed('pro', [], allowedVars).filter((id) => DIMENSIONS[id].group === 'custom');
    expect(custom(4)).toEqual(['var1', 'var2', 'var3', 'var4']);
    expect(custom(0)).toEqual([]);
    expect(custom(25)).toHaveLength(20);
    expect(dimensionsAllowed('pro', [])).toContain('var4');
    expect(dimensionsAllowed('pro', [])).not.toContain('var5');
  });

  it('gates Google dimensions on the Google feature and Traffic and hitStatus on the firewall', () => {
    const lite = dimensionsAllowed('lite', []);
    expect(lite).not.toContain('googleKeyword');
    expect(lite).not.toContain('campaign');
    expect(lite).not.toContain('hitStatus');
    expect(lite).toContain('hitSecurityLevel');
    expect(dimensionsAllowed('pro', [])).toContain('googleKeyword');
    const custom = dimensionsAllowed('custom', firewallAndGoogle);
    expect(custom).toEqual(expect.arrayContaining(['campaign', 'offer', 'hitStatus', 'googleAccountName']));
    expect(dimensionsAllowed('custom', [{ name: 'google_ppc', value: false }])).not.toContain(
      'googleCampaignId',
    );
  });

  it('opens on day for free, campaign for vas accounts, otherwise trafficType', () => {
    expect(defaultDimension({ planType: 'free_trial', vas: true })).toBe('day');
    expect(defaultDimension({ planType: 'pro', vas: true })).toBe('campaign');
    expect(defaultDimension({ planType: 'lite', vas: false })).toBe('trafficType');
  });
});
