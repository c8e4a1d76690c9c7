import { VIEW_IDS } from '@veracity/contracts/views';
import { describe, expect, it } from 'vitest';
import { NAVIGATION_ITEMS, navigationGroups } from './navigation-items';

describe('navigationGroups', () => {
  it('renders only items whose route exists, in section order', () => {
    const groups = navigationGroups(NAVIGATION_ITEMS, new Set(['/account/plans', '/intelligence/analytics']));
    expect(groups).toEqual([
      { section: 'Intelligence', items: [expect.objectContaining({ label: 'Analytics' })] },
      { section: 'Account', items: [expect.objectContaining({ label: 'Plans' })] },
    ]);
  });

  it('shows nothing when no private route exists yet', () => {
    expect(navigationGroups(NAVIGATION_ITEMS, new Set())).toEqual([]);
  });

  it('names a known view id and a unique path for every item', () => {
    const paths = NAVIGATION_ITEMS.map((item) => item.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const item of NAVIGATION_ITEMS) expect(VIEW_IDS).toContain(item.view);
  });

  it('lists the four sections when every route exists', () => {
    expect(navigationGroups(NAVIGATION_ITEMS, 'all').map((group) => group.section)).toEqual([
      'Intelligence',
      'Setup',
      'Integrations',
      'Account',
    ]);
  });
});
