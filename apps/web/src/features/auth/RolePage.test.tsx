import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MVAS_VERTICAL } from '@veracity/contracts/account';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '../session/session-storage';
import { meFixture, mockApi, ok, relationshipFixture, renderRoutes } from '../session/session-test-support';

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'user-token');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const location = () => screen.getByTestId('location').textContent;
const acme = relationshipFixture({ id: 42, companyName: 'Acme Retail' });
const north = relationshipFixture({ id: 43, companyName: 'Northwind Media', planType: 'custom' });

describe('/role', () => {
  it('lists the companies upper-cased in the 160 px list', async () => {
    mockApi({ 'GET /me/relationships': ok([acme, north]) });
    renderRoutes('/role');
    expect((await screen.findByTestId('role-item-42')).textContent).toContain('ACME RETAIL');
    expect(screen.getByTestId('role-item-43').textContent).toContain('NORTHWIND MEDIA');
    expect(screen.getByTestId('role-list').className).toContain('list');
  });

  it('goes to the login without a token', async () => {
    localStorage.clear();
    mockApi({});
    renderRoutes('/role');
    expect(await screen.findByTestId('auth-login')).toBeTruthy();
  });

  it('selects an active account: stores its token, id and facts, then opens the base route', async () => {
    const api = mockApi({
      'GET /me/relationships': ok([acme, { ...north, vertical: MVAS_VERTICAL }]),
      'GET /auth/account/43': ok({ status: 'OK', token: { hash: 'account-token' } }),
      'GET /me': ok(meFixture({ relationshipId: 43, planType: 'custom' })),
      'GET /me/permissions': ok([]),
    });
    renderRoutes('/role?forceSelection=true&from=2026-01-01');
    await userEvent.click(await screen.findByTestId('role-item-43'));
    expect(await screen.findByTestId('analytics-page')).toBeTruthy();
    expect(location()).toBe('/intelligence/analytics?from=2026-01-01');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('account-token');
    expect(localStorage.getItem(STORAGE_KEYS.activeRelationshipId)).toBe('43');
    expect(localStorage.getItem(SESSION_KEYS.vas)).toBe('true');
    expect(localStorage.getItem(SESSION_KEYS.defaultDimension)).toBe('campaign');
    expect(sessionStorage.getItem(STORAGE_KEYS.planType)).toBe('custom');
    expect(api.called('GET /auth/account/43')[0]?.authorization).toBe('Bearer user-token');
    expect(api.called('GET /me')[0]?.authorization).toBe('Bearer account-token');
  });

  it('auto-selects a single account and sets trafficType as the default dimension', async () => {
    mockApi({
      'GET /me/relationships': ok([acme]),
      'GET /auth/account/42': ok({ status: 'OK', token: { hash: 'account-token' } }),
      'GET /me': ok(meFixture({ planType: 'pro' })),
      'GET /me/permissions': ok([]),
    });
    renderRoutes('/role');
    expect(await screen.findByTestId('role-pending')).toBeTruthy();
    expect(await screen.findByTestId('overview-page')).toBeTruthy();
    expect(localStorage.getItem(SESSION_KEYS.defaultDimension)).toBe('trafficType');
  });

  it('an inactive account with a payment link stores it, logs out and shows /account-inactive', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const api = mockApi({
      'GET /me/relationships': ok([acme, { ...north, active: false, paymentUrl: 'https://pay.example/p1' }]),
      'POST /auth/logout': ok({ ok: true }),
    });
    renderRoutes('/role');
    await userEvent.click(await screen.findByTestId('role-item-43'));
    expect(await screen.findByTestId('account-inactive')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(api.called('POST /auth/logout')).toHaveLength(1);
    expect(screen.getByText('YOUR ACCOUNT IS INACTIVE')).toBeTruthy();
    expect(
      screen.getByText('Access to your account has been blocked in line with our Terms & Conditions.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Please, update the pending payments in order to regain access to your account.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByTestId('account-inactive-reactivate'));
    expect(open).toHaveBeenCalledWith('https://pay.example/p1', '_blank', 'noopener,noreferrer');
  });

  it('an inactive account without a payment link logs out and shows /account-missing', async () => {
    mockApi({ 'GET /me/relationships': ok([acme, { ...north, active: false }]) });
    renderRoutes('/role');
    await userEvent.click(await screen.findByTestId('role-item-43'));
    expect(await screen.findByTestId('account-missing')).toBeTruthy();
    expect(screen.getByText('The access to this account is currently not available.')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('VALIDATION_REQUIRED logs out and shows the unrecognised-IP notice', async () => {
    mockApi({
      'GET /me/relationships': ok([acme, north]),
      'GET /auth/account/42': ok({ status: 'VALIDATION_REQUIRED' }),
    });
    renderRoutes('/role');
    await userEvent.click(await screen.findByTestId('role-item-42'));
    expect(await screen.findByTestId('auth-email-verification-pending')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.activeRelationshipId)).toBeNull();
  });

  it('any other failure logs out and goes to the index, which opens the login', async () => {
    mockApi({
      'GET /me/relationships': ok([acme, north]),
      'GET /auth/account/42': { status: 500, body: 'boom' },
    });
    renderRoutes('/role');
    await userEvent.click(await screen.findByTestId('role-item-42'));
    expect(await screen.findByTestId('auth-login')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('offers another try when the accounts cannot be loaded', async () => {
    const api = mockApi({ 'GET /me/relationships': { status: 500, body: 'boom' } });
    renderRoutes('/role');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.called('GET /me/relationships')).toHaveLength(2));
  });
});
