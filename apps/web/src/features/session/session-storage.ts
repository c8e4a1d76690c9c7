import { STORAGE_KEYS, STORAGE_PREFIX } from '@veracity/contracts/storage-keys';
import { clearSessionToken, readSessionToken, storeSessionToken } from '../../lib/session-token';
import { shutdownSupportChat } from '../support-chat/support-chat';

/**
 * The session items the dashboard keeps in the browser (spec 01 §3), all under the "opt-" prefix.
 * The token, the active relationship and the ghost flag and role live in localStorage; the plan type
 * in sessionStorage; the sensor-integrated flag is remembered once true.
 */
export const SESSION_KEYS = {
  ...STORAGE_KEYS,
  /** The payment link of an inactive account, read by /account-inactive after the logout. */
  paymentUrl: `${STORAGE_PREFIX}paymentUrl`,
  /** Whether the active account's vertical is MVAS (spec 02 §4: "the stored vas flag"). */
  vas: `${STORAGE_PREFIX}vas`,
  /** The analytics dimension a new analytics view starts with. */
  defaultDimension: `${STORAGE_PREFIX}defaultDimension`,
} as const;

export type DefaultDimension = 'campaign' | 'trafficType';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota): the session then lasts as long as the page.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

export { readSessionToken as readToken, storeSessionToken as storeToken };

export function readActiveRelationshipId(): number | null {
  const raw = read(local, SESSION_KEYS.activeRelationshipId);
  if (raw === null || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

export function storeActiveRelationshipId(id: number): void {
  write(local, SESSION_KEYS.activeRelationshipId, String(id));
}

export interface GhostSession {
  ghost: boolean;
  role: string | null;
}

export function readGhost(): GhostSession {
  return {
    ghost: read(local, SESSION_KEYS.isGhost) === 'true',
    role: read(local, SESSION_KEYS.ghostRole),
  };
}

export function storeGhost(role: string): void {
  write(local, SESSION_KEYS.isGhost, 'true');
  write(local, SESSION_KEYS.ghostRole, role);
}

export function readPlanType(): string | null {
  return read(session, SESSION_KEYS.planType);
}

export function storePlanType(plan: string | null): void {
  write(session, SESSION_KEYS.planType, plan);
}

/** Once the sensor reported in, the account stays integrated: a later stale answer cannot undo it. */
export function rememberSensorIntegrated(integrated: boolean): void {
  if (integrated) write(local, SESSION_KEYS.sensorIntegrated, 'true');
}

export function isSensorIntegratedRemembered(): boolean {
  return read(local, SESSION_KEYS.sensorIntegrated) === 'true';
}

export function storePaymentUrl(url: string): void {
  write(local, SESSION_KEYS.paymentUrl, url);
}

export function readPaymentUrl(): string | null {
  return read(local, SESSION_KEYS.paymentUrl);
}

/** What the dashboard remembers about the account the user just selected (spec 01 §4). */
export function storeAccountFacts(facts: { vas: boolean; planType: string }): void {
  write(local, SESSION_KEYS.vas, String(facts.vas));
  write(local, SESSION_KEYS.defaultDimension, facts.vas ? 'campaign' : 'trafficType');
  write(local, SESSION_KEYS.sensorIntegrated, null);
  storePlanType(facts.planType);
}

export function readDefaultDimension(): DefaultDimension {
  return read(local, SESSION_KEYS.defaultDimension) === 'campaign' ? 'campaign' : 'trafficType';
}

/**
 * Logout (spec 01 §4): removes the token, the active relationship, the ghost flag and role, and the
 * facts of the account that was open, and shuts down the support chat. The payment link stays:
 * /account-inactive reads it after the logout that sends the user there.
 */
export function clearSession(): void {
  shutdownSupportChat();
  clearSessionToken();
  for (const key of [
    SESSION_KEYS.activeRelationshipId,
    SESSION_KEYS.isGhost,
    SESSION_KEYS.ghostRole,
    SESSION_KEYS.sensorIntegrated,
    SESSION_KEYS.vas,
    SESSION_KEYS.defaultDimension,
  ]) {
    write(local, key, null);
  }
  write(session, SESSION_KEYS.planType, null);
}
