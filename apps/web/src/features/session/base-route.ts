import {
  type AccountFeature,
  isSelfServicePlan,
  isViewVisible,
  type PlanType,
} from '@veracity/contracts/plans';
import { PAGE_MODULES } from '../../page-modules';

export const OVERVIEW_PATH = PAGE_MODULES.overview.path;
export const ANALYTICS_PATH = PAGE_MODULES.analytics.path;
export const INTEGRATION_PATH = '/setup/integration';
export const PLANS_PATH = '/account/plans';

/**
 * The account feature that makes the overview the landing page of a flag-driven account: the
 * "enabled with default landing" home mode (spec 01 §2). Without it, home is reachable but the
 * account lands on analytics.
 */
export const HOME_DEFAULT_LANDING_FEATURE = 'home_default_landing';

export interface AccountForLanding {
  planType: PlanType | null;
  accountFeatures: readonly AccountFeature[];
}

/**
 * Base route after login (spec 01 §2): the overview for self-service plans, or when the home
 * feature is visible with default landing; otherwise analytics.
 */
export function baseRoute(account: AccountForLanding | null | undefined): string {
  const plan = account?.planType;
  if (!account || !plan) return ANALYTICS_PATH;
  if (isSelfServicePlan(plan)) return OVERVIEW_PATH;
  const homeVisible = isViewVisible('home', plan, account.accountFeatures);
  const defaultLanding = account.accountFeatures.some(
    (feature) => feature.name === HOME_DEFAULT_LANDING_FEATURE && feature.value,
  );
  return homeVisible && defaultLanding ? OVERVIEW_PATH : ANALYTICS_PATH;
}

/** Login-as home modes (spec 01 §2): h decides where the full redirect lands. */
export function loginAsLanding(homeMode: string): string {
  if (homeMode === 'enabled_and_default_landing') return OVERVIEW_PATH;
  if (homeMode === 'enabled_only') return ANALYTICS_PATH;
  return '/';
}
