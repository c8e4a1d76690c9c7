import { visibleViews } from '@veracity/contracts/plans';
import { VIEW_IDS, type ViewId } from '@veracity/contracts/views';
import { describe, expect, it } from 'vitest';
import { PRIVATE_PATHS } from '../../router';
import { NAVIGATION_ITEMS, navigationGroups, visibleNavigationItems } from './navigation-items';

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

  it('lists the five sections when every route exists', () => {
    expect(navigationGroups(NAVIGATION_ITEMS, 'all').map((group) => group.section)).toEqual([
      'Intelligence',
      'Setup',
      'Google Ads',
      'Integrations',
      'Account',
    ]);
  });

  it('shows a self-service plan the items that offer an upgrade (Performance, Reports, Google Ads), and only those', () => {
    const lite = visibleNavigationItems(NAVIGATION_ITEMS, ['home'], true).map((item) => item.label);
    expect(lite).toEqual(['Overview', 'Performance', 'Reports', 'Linking', 'Global intelligence']);
    // A flag-driven account cannot buy a feature itself: hidden views stay out of its rail.
    expect(visibleNavigationItems(NAVIGATION_ITEMS, ['home'], false).map((item) => item.label)).toEqual([
      'Overview',
    ]);
  });
});

describe('the firewall screens in the rail', () => {
  const FIREWALL = ['Firewall campaigns', 'Offers', 'Traffic sources'];
  const setupLabels = (views: readonly ViewId[]) =>
    navigationGroups(visibleNavigationItems(NAVIGATION_ITEMS, views, false), PRIVATE_PATHS)
      .find((group) => group.section === 'Setup')
      ?.items.map((item) => item.label) ?? [];

  it('lists them, routed, for an account with the firewall flag', () => {
    expect(setupLabels(visibleViews('custom', [{ name: 'sensor_firewall', value: true }]))).toEqual(
      expect.arrayContaining(FIREWALL),
    );
  });

  it('leaves them out without the flag and on the self-service plans', () => {
    for (const views of [visibleViews('custom', []), visibleViews('max', []), visibleViews('pro', [])]) {
      expect(setupLabels(views).filter((label) => FIREWALL.includes(label))).toEqual([]);
    }
  });
});
