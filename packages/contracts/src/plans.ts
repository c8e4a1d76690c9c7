import { z } from 'zod';
import type { ViewId } from './views.js';
import { VIEW_IDS } from './views.js';

/**
 * Plans, feature flags, permissions and the gating rule (spec 01 §1, §3, §6). The server computes the
 * views a user may open with `visibleViews` and returns them with GET /api/me, so the dashboard and
 * the server always agree; the server enforces the same answer on every route.
 */
export const PLAN_TYPES = ['free_trial', 'lite', 'pro', 'max', 'demo', 'custom'] as const;
export const zPlanType = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof zPlanType>;

/** free_trial, lite, pro and max are self-service (spec 01 §1); demo and custom are flag driven. */
export const SELF_SERVICE_PLANS: readonly PlanType[] = ['free_trial', 'lite', 'pro', 'max'];
export function isSelfServicePlan(plan: PlanType): boolean {
  return SELF_SERVICE_PLANS.includes(plan);
}

/** Plans a visitor can sign up for, and the checkout defaults (spec 01 §4, §9). */
export const SIGNUP_PLANS = ['free_trial', 'lite', 'pro', 'max'] as const;
export const CHECKOUT_DEFAULTS = {
  plan: 'lite',
  currency: 'EUR',
  frequency: 'monthly',
  numVisitsAddons: 0,
} as const;
export const TRIAL_DAYS = 14;

export const FEATURE_FLAGS = [
  'home',
  'performance',
  'reports',
  'alerts',
  'google_ppc',
  'shopping',
  'pmax',
  'gads_global_intelligence',
  'facebook_ads',
  'microsoft_ads',
  'tiktok_ads',
  'sensor_js',
  'sensor_firewall',
  'sensor_s2s',
  'hubspot',
  'benchmark',
  'ai_assistant',
] as const;
export const zFeatureFlag = z.enum(FEATURE_FLAGS);
export type FeatureFlag = z.infer<typeof zFeatureFlag>;

export const zAccountFeature = z.object({ name: z.string().min(1).max(60), value: z.boolean() });
export type AccountFeature = z.infer<typeof zAccountFeature>;

export const PERMISSION_KEYS = [
  'account_manage_users',
  'account_manage_labels',
  'account_manage_settings',
  'account_manage_ip_whitelist',
  'account_manage_integrations',
  'account_changelog',
  'campaign_create',
  'campaign_view',
  'campaign_edit',
  'campaign_edit_security',
  'campaign_pause',
  'offer_create',
  'offer_view',
  'offer_edit',
  'offer_edit_targeting',
  'offer_pause',
  'traffic_source_create',
  'traffic_source_view',
  'traffic_source_edit',
  'log_export_reports',
] as const;
export const zPermissionKey = z.enum(PERMISSION_KEYS);
export type PermissionKey = z.infer<typeof zPermissionKey>;

/** A user is an admin of a relationship when holding this permission (spec 01 §6). */
export const ADMIN_PERMISSION: PermissionKey = 'account_manage_users';

/** Views every signed-in user of any plan may open: account management and the setup path. */
const ALWAYS_VISIBLE: readonly ViewId[] = [
  'integration',
  'role',
  'users',
  'settings',
  'labels',
  'access',
  'plans',
  'developers_settings',
];

const FIREWALL_VIEWS: readonly ViewId[] = [
  'firewall_campaigns',
  'firewall_offers',
  'firewall_traffic_sources',
  // Postback security (issue 40): who may post conversions back to the firewall.
  'postback',
];
const CHANNEL_PAGE_VIEWS: readonly ViewId[] = [
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
];

/** Self-service plan gating (spec 01 §6). */
const PLAN_VIEWS: Record<'free_trial' | 'lite' | 'pro' | 'max', (view: ViewId) => boolean> = {
  free_trial: (view) => ['home', 'analytics', 'sensor_js'].includes(view),
  lite: (view) => ['home', 'analytics', 'sensor_js', 'alerts'].includes(view),
  pro: (view) => view !== 'reports' && !FIREWALL_VIEWS.includes(view),
  max: (view) => !FIREWALL_VIEWS.includes(view),
};

/** The feature flag a view belongs to, for flag-driven accounts; views without one are always shown. */
export const VIEW_FEATURE: Partial<Record<ViewId, FeatureFlag>> = {
  home: 'home',
  performance: 'performance',
  benchmark: 'benchmark',
  reports: 'reports',
  forensics: 'reports',
  conversions: 'reports',
  alerts: 'alerts',
  google_ppc: 'google_ppc',
  search_display: 'google_ppc',
  account_settings: 'google_ppc',
  audiences: 'google_ppc',
  shopping: 'shopping',
  pmax: 'pmax',
  gads_global_intelligence: 'gads_global_intelligence',
  facebook_ads: 'facebook_ads',
  microsoft_main: 'microsoft_ads',
  tiktok_ads: 'tiktok_ads',
  hubspot: 'hubspot',
  sensor_js: 'sensor_js',
  firewall_campaigns: 'sensor_firewall',
  firewall_offers: 'sensor_firewall',
  firewall_traffic_sources: 'sensor_firewall',
  firewall_s2s: 'sensor_s2s',
  postback: 'sensor_firewall',
};

/** Flags a flag-driven account must hold explicitly (spec 01 §6: benchmark, S2S and firewall). */
const OPT_IN_FLAGS: readonly FeatureFlag[] = ['benchmark', 'sensor_s2s', 'sensor_firewall'];

function flagValue(features: readonly AccountFeature[], flag: FeatureFlag): boolean | undefined {
  return features.find((feature) => feature.name === flag)?.value;
}

/**
 * Whether a view is visible for a plan and its feature flags.
 * - Self-service plans follow the plan table; channel pages are hidden on free and lite.
 * - Flag-driven accounts (demo, custom) see a view unless its flag is set to false; benchmark, S2S and
 *   firewall views need their flag set to true.
 */
export function isViewVisible(view: ViewId, plan: PlanType, features: readonly AccountFeature[]): boolean {
  if (ALWAYS_VISIBLE.includes(view)) return true;
  if (plan === 'free_trial' || plan === 'lite' || plan === 'pro' || plan === 'max') {
    if ((plan === 'free_trial' || plan === 'lite') && CHANNEL_PAGE_VIEWS.includes(view)) return false;
    return PLAN_VIEWS[plan](view);
  }
  const flag = VIEW_FEATURE[view];
  if (!flag) return true;
  const value = flagValue(features, flag);
  return OPT_IN_FLAGS.includes(flag) ? value === true : value !== false;
}

export function visibleViews(plan: PlanType, features: readonly AccountFeature[]): ViewId[] {
  return VIEW_IDS.filter((view) => isViewVisible(view, plan, features));
}

/** Whether any view of a feature is visible, e.g. alerts on Lite and up or with the flag. */
export function hasFeature(flag: FeatureFlag, plan: PlanType, features: readonly AccountFeature[]): boolean {
  const views = (Object.entries(VIEW_FEATURE) as [ViewId, FeatureFlag][]).filter(([, f]) => f === flag);
  return views.some(([view]) => isViewVisible(view, plan, features));
}
