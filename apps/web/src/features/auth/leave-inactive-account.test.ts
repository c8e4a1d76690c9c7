import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { isInactiveAccount } from '../../providers';
import { readPaymentUrl, storeActiveRelationshipId, storeToken } from '../session/session-storage';
import { mockApi, ok, relationshipFixture } from '../session/session-test-support';
import { forgetLeaving, isLeavingAccount, leaveInactiveAccount } from './use-select-relationship';

afterEach(() => {
  forgetLeaving();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('leaving an account that became inactive while open', () => {
  it('knows the refusal of an inactive account from other 403s', () => {
    const refusal = (body: unknown) =>
      new ApiError({ status: 403, body, method: 'GET', url: '/api/overview', failure: 'http' });
    expect(isInactiveAccount(refusal('NO_ACTIVE_ACCOUNT'))).toBe(true);
    expect(isInactiveAccount(refusal('You do not have permission to do this'))).toBe(false);
  });

  it('stores the open account payment link, logs out and goes to /account-inactive', async () => {
    storeToken('account-token');
    storeActiveRelationshipId(2);
    mockApi({
      'GET /me/relationships': ok([
        relationshipFixture({ id: 1, active: true }),
        relationshipFixture({ id: 2, active: false, paymentUrl: 'http://localhost/api/billing/pay?token=x' }),
      ]),
    });
    const leave = vi.fn();
    await leaveInactiveAccount(leave);
    expect(leave).toHaveBeenCalledWith('/account-inactive');
    expect(readPaymentUrl()).toBe('http://localhost/api/billing/pay?token=x');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // Leaving: other calls failing meanwhile change nothing.
    expect(isLeavingAccount()).toBe(true);
    await leaveInactiveAccount(leave);
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('goes to /account-missing when the account has no payment link', async () => {
    storeToken('account-token');
    storeActiveRelationshipId(2);
    mockApi({
      'GET /me/relationships': ok([relationshipFixture({ id: 2, active: false, paymentUrl: null })]),
    });
    const leave = vi.fn();
    await leaveInactiveAccount(leave);
    expect(leave).toHaveBeenCalledWith('/account-missing');
  });
});
