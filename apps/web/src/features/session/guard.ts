import type { Me } from '@veracity/contracts/account';
import { isSelfServicePlan } from '@veracity/contracts/plans';
import type { ViewId } from '@veracity/contracts/views';
import { baseRoute, INTEGRATION_PATH, PLANS_PATH } from './base-route';

export const ROLE_PATH = '/role';
export const LOGIN_PATH = '/auth/login';
export const FORCE_SELECTION_PARAM = 'forceSelection';

export interface GuardInput {
  token: string | null;
  /** The stored active relationship; ignored when the query asks for forceSelection. */
  activeRelationshipId: number | null;
  forceSelection: boolean;
  me: Me | undefined;
  permissionsLoaded: boolean;
  /** The view id of the screen being opened; screens without one are not gated by view. */
  view: ViewId | undefined;
  /**
   * The screen shows an upsell in place of a hidden view (spec 02 §3 upsell flags): a self-service
   * plan without the view opens it rather than being redirected.
   */
  upsell?: boolean;
  pathname: string;
  sensorIntegratedRemembered: boolean;
  now: Date;
}

export type GuardDecision =
  | { kind: 'redirect'; to: string; reason: GuardReason }
  | { kind: 'loading' }
  | { kind: 'allow'; me: Me };

export type GuardReason =
  | 'no-token'
  | 'no-relationship'
  | 'view-hidden'
  | 'trial-expired'
  | 'sensor-not-integrated';

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isTrialExpired(me: Me, now: Date): boolean {
  if (me.planType !== 'free_trial' || !me.trialExpiresAt) return false;
  const expires = Date.parse(me.trialExpiresAt);
  return Number.isFinite(expires) && expires < now.getTime();
}

/**
 * The route guard of private screens, in the order of spec 01 §4:
 * (1) no stored token: login; (2) user or permissions not loaded: wait; (3) no active relationship:
 * the role selector; (4) self-service plans: a hidden view goes to the base route (unless the screen shows
 * its upsell), an expired free trial to the plans page; (5) other plans: a hidden view goes to the base route. Self-service users
 * whose sensor is not integrated are then sent to the integration page (not from the sensor snippet
 * and S2S campaign pages, nor /account/* nor the developer settings, where the API key for a
 * server-to-server integration is made, nor the support console).
 */
export function decideGuard(input: GuardInput): GuardDecision {
  const { me, pathname, view } = input;
  if (!input.token) return { kind: 'redirect', to: LOGIN_PATH, reason: 'no-token' };
  if (!me || !input.permissionsLoaded) return { kind: 'loading' };

  const active = input.forceSelection ? null : input.activeRelationshipId;
  if (active === null || me.relationshipId === null || me.relationshipId !== active || !me.planType) {
    return { kind: 'redirect', to: ROLE_PATH, reason: 'no-relationship' };
  }

  const base = baseRoute(me);
  const upsold = input.upsell === true && isSelfServicePlan(me.planType);
  const viewHidden = view !== undefined && !me.visibleViews.includes(view) && !upsold;
  if (viewHidden && pathname !== base) return { kind: 'redirect', to: base, reason: 'view-hidden' };

  if (isSelfServicePlan(me.planType)) {
    if (isTrialExpired(me, input.now) && !isUnder(pathname, PLANS_PATH)) {
      return { kind: 'redirect', to: PLANS_PATH, reason: 'trial-expired' };
    }
    const integrated = me.sensorIntegrated || input.sensorIntegratedRemembered;
    // The sensor snippet and S2S campaigns are how a sensor gets integrated: they stay reachable.
    const setupPaths = [
      INTEGRATION_PATH,
      '/setup/sensor-js',
      '/setup/s2s',
      '/account',
      '/developers-settings',
      '/support',
    ];
    if (!integrated && !setupPaths.some((prefix) => isUnder(pathname, prefix))) {
      return { kind: 'redirect', to: INTEGRATION_PATH, reason: 'sensor-not-integrated' };
    }
  }
  return { kind: 'allow', me };
}
