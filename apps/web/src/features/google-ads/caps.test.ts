import type { ExclusionEntry } from '@veracity/contracts/google-ads';
import { describe, expect, it } from 'vitest';
import { capsInUse } from './caps';

function entry(
  id: number,
  campaignId: string | null,
  state: ExclusionEntry['state'] = 'active',
): ExclusionEntry {
  return {
    id,
    customerId: '1234567890',
    campaignId,
    campaignType: campaignId ? 'SEARCH' : null,
    cidr: `203.0.113.${id}`,
    type: campaignId ? 'DYNAMIC' : 'ACCOUNT_REGULAR',
    state,
    addedAt: '2026-11-20T10:00:00Z',
    expiresAt: null,
    lastInvalidAt: null,
    invalidSessions: 1,
    threats: {},
  };
}

describe('capsInUse', () => {
  it('counts active and planned entries once per list, fullest first, with the campaign names', () => {
    const usage = capsInUse(
      [
        entry(1, '1'),
        entry(2, '2'),
        entry(3, '2'),
        entry(3, '2'),
        entry(4, '2', 'removed'),
        entry(5, null, 'planned'),
        entry(6, '1', 'failed'),
      ],
      [{ customerId: '1234567890', campaignId: '2', name: 'Brand', type: 'SEARCH', status: 'ENABLED' }],
    );
    expect(usage).toEqual([
      { customerId: '1234567890', campaignId: '2', campaignName: 'Brand', used: 2, cap: 500 },
      { customerId: '1234567890', campaignId: null, campaignName: null, used: 1, cap: 500 },
      { customerId: '1234567890', campaignId: '1', campaignName: null, used: 1, cap: 500 },
    ]);
  });
});
