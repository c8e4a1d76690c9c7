import type { ViewId } from '@veracity/contracts/views';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { describeApiError } from '../../lib/api-errors';
import { decideGuard, FORCE_SELECTION_PARAM, type GuardDecision } from './guard';
import { useMe, usePermissions } from './session.api';
import {
  isSensorIntegratedRemembered,
  readActiveRelationshipId,
  readToken,
  rememberSensorIntegrated,
  storePlanType,
} from './session-storage';

function hasView(handle: unknown): handle is { view: ViewId } {
  return typeof handle === 'object' && handle !== null && 'view' in handle && typeof handle.view === 'string';
}

/** The view id of the deepest matched route that names one. */
export function useRouteView(): ViewId | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (hasView(handle)) return handle.view;
  }
  return undefined;
}

function hasUpsell(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'upsell' in handle && handle.upsell === true;
}

/** Whether the deepest matched route with a view shows an upsell when the view is hidden. */
export function useRouteUpsell(): boolean {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (hasView(handle)) return hasUpsell(handle);
  }
  return false;
}

/**
 * Runs the route guard (spec 01 §4) for the current location: reads the stored session, loads the
 * user and permissions when a token exists, and keeps the plan type and sensor flag in storage.
 * A failed load that is not a 401 is thrown to the route's error screen.
 */
export function useGuard(): GuardDecision {
  const { pathname, search } = useLocation();
  const view = useRouteView();
  const upsell = useRouteUpsell();
  const token = readToken();
  const me = useMe(token !== null);
  const permissions = usePermissions(token !== null);

  useEffect(() => {
    if (!me.data) return;
    storePlanType(me.data.planType);
    rememberSensorIntegrated(me.data.sensorIntegrated);
  }, [me.data]);

  // A 401 is handled by the query cache (logout, then the root); the page is leaving.
  for (const query of [me, permissions]) {
    if (token && query.isError) {
      if (describeApiError(query.error).kind === 'logout') return { kind: 'loading' };
      throw query.error;
    }
  }

  return decideGuard({
    token,
    activeRelationshipId: readActiveRelationshipId(),
    forceSelection: new URLSearchParams(search).has(FORCE_SELECTION_PARAM),
    me: me.data,
    permissionsLoaded: permissions.data !== undefined,
    view,
    upsell,
    pathname,
    sensorIntegratedRemembered: isSensorIntegratedRemembered(),
    now: new Date(),
  });
}
