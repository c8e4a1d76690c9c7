import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AccountFeature } from '../plans.js';
import {
  DIMENSION_IDS,
  DIMENSIONS,
  defaultDimension,
  dimensionsAllowed,
  zDimensionId,
} from './dimensions.js';

const firewallAndGoogle: AccountFeature[] = [
  { name: 'sensor_firewall', value: true },
  { name: 'google_ppc', value: true },
];

describe('dimensions', () => {
  it('refuses a dimension the catalogue does not hold', () => {
    expect(zDimensionId.safeParse('var21').success).toBe(false);
    expect(zDimensionId.safeParse('var20').success).toBe(true);
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
