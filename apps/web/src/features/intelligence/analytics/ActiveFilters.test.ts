import { describe, expect, it } from 'vitest';
import { termsOf } from '../../../lib/terms';
import { describeFilter } from './ActiveFilters';

describe('the "Filtered by" summary of the filters (spec 02 §2)', () => {
  it('names known values and reads "{id}: Not found" for a value the list lacks', () => {
    expect(
      describeFilter({ column: 'trafficType', type: 'equals', values: ['nosuch', 'google'] }).values,
    ).toBe('nosuch: Not found, Google');
    expect(describeFilter({ column: 'country', type: 'notEquals', values: ['ZZ', 'ES'] }).values).toBe(
      'ZZ: Not found, Spain',
    );
    expect(describeFilter({ column: 'deviceType', type: 'equals', values: ['Toaster'] }).values).toBe(
      'Toaster: Not found',
    );
  });

  it("names the account's ids from their names once known, and a missing one reads Not found", () => {
    const names = { campaign: new Map([['11', 'Spring sale']]) };
    expect(describeFilter({ column: 'campaignId', type: 'equals', values: [11, 99] }, names).values).toBe(
      'Spring sale, 99: Not found',
    );
    // Before the names arrive, the id is shown as such.
    expect(describeFilter({ column: 'campaignId', type: 'equals', values: [11] }).values).toBe('#11');
  });

  it('shows free-text values as typed', () => {
    expect(describeFilter({ column: 'isp', type: 'equals', values: ['Orange'] }).values).toBe('Orange');
  });

  it("names the column in the account's words", () => {
    const terms = termsOf({ trafficSource: 'Publisher', campaign: 'Flow' });
    expect(describeFilter({ column: 'trafficSourceId', type: 'equals', values: [3] }, {}, terms).label).toBe(
      'Publisher',
    );
    expect(describeFilter({ column: 'campaignId', type: 'notEquals', values: [3] }, {}, terms).label).toBe(
      'Flow',
    );
    expect(describeFilter({ column: 'campaignId', type: 'equals', values: [3] }).label).toBe('Campaign');
  });
});
