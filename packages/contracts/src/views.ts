import { z } from 'zod';

/**
 * View identifiers used for gating (spec 01 §2, spec 02 §2). Each private route of the dashboard
 * names its view; the server checks the same ids before it serves a view's data.
 */
export const VIEW_IDS = [
  'home',
  'analytics',
  'performance',
  'benchmark',
  'reports',
  'forensics',
  'conversions',
  'alerts',
  'google_ppc',
  'search_display',
  'shopping',
  'pmax',
  'account_settings',
  'gads_global_intelligence',
  'audiences',
  'facebook_ads',
  'microsoft_main',
  'tiktok_ads',
  'hubspot',
  'sensor_js',
  'integration',
  'firewall_campaigns',
  'firewall_offers',
  'firewall_traffic_sources',
  'firewall_s2s',
  'apk',
  'ip_settings',
  'js_settings',
  'postback',
  'domain_exclusions',
  'role',
  'users',
  'settings',
  'labels',
  'access',
  'plans',
  'developers_settings',
] as const;

export const zViewId = z.enum(VIEW_IDS);
export type ViewId = z.infer<typeof zViewId>;
