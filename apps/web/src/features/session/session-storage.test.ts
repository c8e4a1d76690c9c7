import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  isSensorIntegratedRemembered,
  readActiveRelationshipId,
  readDefaultDimension,
  readGhost,
  readPaymentUrl,
  readPlanType,
  rememberSensorIntegrated,
  SESSION_KEYS,
  storeAccountFacts,
  storeActiveRelationshipId,
  storeGhost,
  storePaymentUrl,
  storeToken,
} from './session-storage';

afterEach(() => sessionStorage.clear());

describe('session storage (spec 01 §3)', () => {
  it('keeps every item under the "opt-" prefix', () => {
    for (const key of Object.values(SESSION_KEYS)) expect(key.startsWith('opt-')).toBe(true);
  });

  it('stores the token, relationship and ghost items in localStorage and the plan in sessionStorage', () => {
    storeToken('tok');
    storeActiveRelationshipId(42);
    storeGhost('Support');
    storeAccountFacts({ vas: false, planType: 'pro' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(readActiveRelationshipId()).toBe(42);
    expect(readGhost()).toEqual({ ghost: true, role: 'Support' });
    expect(sessionStorage.getItem(STORAGE_KEYS.planType)).toBe('pro');
    expect(readPlanType()).toBe('pro');
  });

  it('sets the default dimension from the MVAS flag', () => {
    storeAccountFacts({ vas: true, planType: 'custom' });
    expect(localStorage.getItem(SESSION_KEYS.vas)).toBe('true');
    expect(readDefaultDimension()).toBe('campaign');
    storeAccountFacts({ vas: false, planType: 'custom' });
    expect(readDefaultDimension()).toBe('trafficType');
  });

  it('remembers the sensor only once it is integrated', () => {
    rememberSensorIntegrated(false);
    expect(isSensorIntegratedRemembered()).toBe(false);
    rememberSensorIntegrated(true);
    rememberSensorIntegrated(false);
    expect(isSensorIntegratedRemembered()).toBe(true);
  });

  it('logout clears the session items but keeps the payment link for /account-inactive', () => {
    storeToken('tok');
    storeActiveRelationshipId(42);
    storeGhost('Support');
    storeAccountFacts({ vas: true, planType: 'lite' });
    rememberSensorIntegrated(true);
    storePaymentUrl('https://pay.example/1');
    clearSession();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(readActiveRelationshipId()).toBeNull();
    expect(readGhost()).toEqual({ ghost: false, role: null });
    expect(readPlanType()).toBeNull();
    expect(isSensorIntegratedRemembered()).toBe(false);
    expect(localStorage.getItem(SESSION_KEYS.vas)).toBeNull();
    expect(readPaymentUrl()).toBe('https://pay.example/1');
  });

  it('ignores a malformed stored relationship id', () => {
    localStorage.setItem(STORAGE_KEYS.activeRelationshipId, 'abc');
    expect(readActiveRelationshipId()).toBeNull();
  });
});
