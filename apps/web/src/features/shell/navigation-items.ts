import type { ViewId } from '@veracity/contracts/views';

/**
 * The groups of the left rail (spec 01 §2, private screens); Google Ads has a group of its own for its
 * seven pages (spec 02 §2).
 */
export const NAVIGATION_SECTIONS = [
  'Intelligence',
  'Setup',
  'Google Ads',
  'Integrations',
  'Account',
] as const;
export type NavigationSection = (typeof NAVIGATION_SECTIONS)[number];

export interface NavigationItem {
  section: NavigationSection;
  label: string;
  path: string;
  view: ViewId;
  /**
   * Shown to a self-service plan without the view too: the screen then offers the upgrade (spec 02 §3
   * upsell flags). Only items whose route declares `upsell: true`.
   */
  upsell?: boolean;
}

/**
 * Every private screen the rail can show. The rail renders an item only once its route exists, so a
 * feature issue adds its route to router.tsx and the entry appears without touching the shell.
 */
export const NAVIGATION_ITEMS: readonly NavigationItem[] = [
  { section: 'Intelligence', label: 'Overview', path: '/intelligence/overview', view: 'home' },
  { section: 'Intelligence', label: 'Analytics', path: '/intelligence/analytics', view: 'analytics' },
  {
    section: 'Intelligence',
    label: 'Performance',
    path: '/intelligence/performance',
    view: 'performance',
    upsell: true,
  },
  { section: 'Intelligence', label: 'Benchmark', path: '/intelligence/benchmark', view: 'benchmark' },
  {
    section: 'Intelligence',
    label: 'Reports',
    path: '/intelligence/reports/list',
    view: 'reports',
    upsell: true,
  },
  {
    section: 'Intelligence',
    label: 'Session forensics',
    path: '/intelligence/reports/session-forensics',
    view: 'forensics',
  },
  {
    section: 'Intelligence',
    label: 'Conversions',
    path: '/intelligence/reports/conversions-list',
    view: 'conversions',
  },
  { section: 'Intelligence', label: 'Alerts', path: '/intelligence/reports/alerts', view: 'alerts' },
  { section: 'Setup', label: 'Sensor script', path: '/setup/sensor-js', view: 'sensor_js' },
  { section: 'Setup', label: 'Integration', path: '/setup/integration', view: 'integration' },
  {
    section: 'Setup',
    label: 'Firewall campaigns',
    path: '/setup/firewall/campaigns/list',
    view: 'firewall_campaigns',
  },
  { section: 'Setup', label: 'Offers', path: '/setup/firewall/offers/list', view: 'firewall_offers' },
  {
    section: 'Setup',
    label: 'Traffic sources',
    path: '/setup/firewall/traffic-sources/list',
    view: 'firewall_traffic_sources',
  },
  { section: 'Setup', label: 'S2S campaigns', path: '/setup/s2s/list', view: 'firewall_s2s' },
  { section: 'Setup', label: 'APK security', path: '/setup/security/apk-security', view: 'apk' },
  { section: 'Setup', label: 'IP settings', path: '/setup/security/ip-settings', view: 'ip_settings' },
  {
    section: 'Setup',
    label: 'JavaScript settings',
    path: '/setup/security/javascript-settings',
    view: 'js_settings',
  },
  {
    section: 'Setup',
    label: 'Postback security',
    path: '/setup/security/postback-security',
    view: 'postback',
  },
  {
    section: 'Setup',
    label: 'Domain security',
    path: '/setup/security/domain-security',
    view: 'domain_exclusions',
  },
  // Google Ads: the channel pages (google-ads-channel.routes.tsx) first, then the setup pages.
  {
    section: 'Google Ads',
    label: 'Search & display',
    path: '/integrations/google-ads/search-display',
    view: 'search_display',
  },
  { section: 'Google Ads', label: 'Shopping', path: '/integrations/google-ads/shopping', view: 'shopping' },
  { section: 'Google Ads', label: 'Audience', path: '/integrations/google-ads/audience', view: 'audiences' },
  { section: 'Google Ads', label: 'Performance Max', path: '/integrations/google-ads/pmax', view: 'pmax' },
  {
    section: 'Google Ads',
    label: 'Linking',
    path: '/integrations/google-ads/linking',
    view: 'google_ppc',
    upsell: true,
  },
  {
    section: 'Google Ads',
    label: 'Account settings',
    path: '/integrations/google-ads/account-settings',
    view: 'account_settings',
  },
  {
    section: 'Google Ads',
    label: 'Global intelligence',
    path: '/integrations/google-ads/global-intelligence',
    view: 'gads_global_intelligence',
    upsell: true,
  },
  {
    section: 'Integrations',
    label: 'Meta Ads',
    path: '/integrations/facebook-ads/overview',
    view: 'facebook_ads',
  },
  {
    section: 'Integrations',
    label: 'Microsoft Ads',
    path: '/integrations/microsoft-ads/overview',
    view: 'microsoft_main',
  },
  {
    section: 'Integrations',
    label: 'TikTok Ads',
    path: '/integrations/tiktok-ads/overview',
    view: 'tiktok_ads',
  },
  { section: 'Integrations', label: 'HubSpot', path: '/integrations/hubspot', view: 'hubspot' },
  { section: 'Account', label: 'Profile & users', path: '/account/user', view: 'users' },
  { section: 'Account', label: 'Labels', path: '/account/labels', view: 'labels' },
  { section: 'Account', label: 'Access & login', path: '/account/access-login-settings', view: 'access' },
  { section: 'Account', label: 'Changelog', path: '/account/changelog', view: 'settings' },
  { section: 'Account', label: 'Settings', path: '/account/settings', view: 'settings' },
  { section: 'Account', label: 'Plans', path: '/account/plans', view: 'plans' },
  { section: 'Account', label: 'Developers', path: '/developers-settings', view: 'developers_settings' },
];

export interface NavigationGroup {
  section: NavigationSection;
  items: NavigationItem[];
}

/** The items a user sees: the views the plan shows, and the upsell items a self-service plan can buy. */
export function visibleNavigationItems(
  items: readonly NavigationItem[],
  visibleViews: readonly ViewId[],
  selfService: boolean,
): NavigationItem[] {
  return items.filter((item) => visibleViews.includes(item.view) || (selfService && item.upsell === true));
}

/** The rail's groups, in section order, keeping only items whose route exists; empty groups drop out. */
export function navigationGroups(
  items: readonly NavigationItem[],
  availablePaths: ReadonlySet<string> | 'all',
): NavigationGroup[] {
  return NAVIGATION_SECTIONS.map((section) => ({
    section,
    items: items.filter(
      (item) => item.section === section && (availablePaths === 'all' || availablePaths.has(item.path)),
    ),
  })).filter((group) => group.items.length > 0);
}
