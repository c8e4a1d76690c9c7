import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSUBSCRIBE_LINK_INVALID } from '@veracity/contracts/auth';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLogoutUrl } from '../session/logout';
import { mockApi, ok, renderRoutes } from '../session/session-test-support';
import { VERIFICATION_FAILED_MESSAGE } from './EmailVerificationPage';
import { loginAsRedirect } from './LoginAsPage';
import { parseLoginAs } from './login-as';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent;

describe('login-as parameters (spec 01 §2)', () => {
  it('needs t, a numeric r, g and h', () => {
    const full = new URLSearchParams('t=tok&r=42&g=Support&h=enabled_only');
    expect(parseLoginAs(full)).toEqual({
      token: 'tok',
      relationshipId: 42,
      ghostRole: 'Support',
      homeMode: 'enabled_only',
    });
    for (const missing of ['t', 'r', 'g', 'h']) {
      const params = new URLSearchParams(full);
      params.delete(missing);
      expect(parseLoginAs(params)).toBeNull();
    }
    expect(parseLoginAs(new URLSearchParams('t=tok&r=4x&g=S&h=x'))).toBeNull();
  });

  it.each([
    ['enabled_and_default_landing', '/intelligence/overview?from=2026-01-01'],
    ['enabled_only', '/intelligence/analytics?from=2026-01-01'],
    ['disabled', '/?from=2026-01-01'],
  ])('stores the ghost session and fully redirects for h=%s', async (h, target) => {
    const assign = vi.spyOn(loginAsRedirect, 'assign').mockImplementation(() => undefined);
    mockApi({});
    renderRoutes(`/auth/login-as?t=ghost-token&r=42&g=Support&h=${h}&from=2026-01-01`);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(target));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('ghost-token');
    expect(localStorage.getItem(STORAGE_KEYS.activeRelationshipId)).toBe('42');
    expect(localStorage.getItem(STORAGE_KEYS.isGhost)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.ghostRole)).toBe('Support');
  });

  it('goes to the login when a parameter is missing, without the token in the address', async () => {
    const assign = vi.spyOn(loginAsRedirect, 'assign').mockImplementation(() => undefined);
    mockApi({});
    renderRoutes('/auth/login-as?t=ghost-token&r=42&g=Support');
    expect(await screen.findByTestId('auth-login')).toBeTruthy();
    expect(location()).toBe('/auth/login');
    expect(assign).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('/email-verification', () => {
  it('logs in with the returned hash and opens /role', async () => {
    const api = mockApi({
      'POST /auth/email/verify': ok({ hash: 'verified' }),
      'GET /me/relationships': ok([]),
    });
    renderRoutes('/email-verification?email=ana%40acme.example&hash=h1');
    expect(await screen.findByTestId('role')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('verified');
    expect(api.called('POST /auth/email/verify')).toHaveLength(1);
    expect(api.called('POST /auth/email/verify')[0]?.body).toEqual({ email: 'ana@acme.example', hash: 'h1' });
  });

  it('shows the red failure message when verification fails', async () => {
    mockApi({ 'POST /auth/email/verify': { status: 401, body: 'Unauthorized' } });
    renderRoutes('/email-verification?email=ana%40acme.example&hash=h1');
    expect((await screen.findByTestId('email-verification-error')).textContent).toBe(
      VERIFICATION_FAILED_MESSAGE,
    );
    expect(screen.getByTestId('marketing-panel')).toBeTruthy();
  });
});

describe('/logout', () => {
  it('revokes the session, clears the items and opens the login', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.activeRelationshipId, '42');
    localStorage.setItem(STORAGE_KEYS.isGhost, 'true');
    localStorage.setItem(STORAGE_KEYS.ghostRole, 'Support');
    const api = mockApi({ 'POST /auth/logout': { status: 500, body: 'boom' } });
    renderRoutes('/logout');
    expect(await screen.findByTestId('auth-login')).toBeTruthy();
    expect(api.called('POST /auth/logout')[0]?.authorization).toBe('Bearer tok');
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.activeRelationshipId,
      STORAGE_KEYS.isGhost,
      STORAGE_KEYS.ghostRole,
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('sends a demo host to the main host', () => {
    expect(afterLogoutUrl({ protocol: 'https:', hostname: 'demo.veracity.example', port: '' })).toBe(
      'https://veracity.example/',
    );
    expect(afterLogoutUrl({ protocol: 'https:', hostname: 'app.veracity.example', port: '' })).toBeNull();
  });
});

describe('/performance/unsubscribe', () => {
  it('unsubscribes the query e-mail with its token and shows the success chip', async () => {
    const api = mockApi({ 'POST /performance/unsubscribe': ok({ ok: true }) });
    renderRoutes('/performance/unsubscribe?email=ana%40acme.example&token=signed-token_1');
    await userEvent.click(await screen.findByTestId('unsubscribe-submit'));
    expect((await screen.findByTestId('unsubscribe-success')).textContent).toContain('Unsubscribed');
    expect(api.called('POST /performance/unsubscribe')[0]?.body).toEqual({
      email: 'ana@acme.example',
      token: 'signed-token_1',
    });
  });

  it('says a link without a token is not valid and posts nothing', async () => {
    const api = mockApi({ 'POST /performance/unsubscribe': ok({ ok: true }) });
    renderRoutes('/performance/unsubscribe?email=ana%40acme.example');
    expect((await screen.findByTestId('unsubscribe-error')).textContent).toBe(UNSUBSCRIBE_LINK_INVALID);
    expect((screen.getByTestId('unsubscribe-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(api.called('POST /performance/unsubscribe')).toEqual([]);
  });

  it("shows the server's refusal of a tampered link", async () => {
    mockApi({ 'POST /performance/unsubscribe': { status: 403, body: UNSUBSCRIBE_LINK_INVALID } });
    renderRoutes('/performance/unsubscribe?email=ana%40acme.example&token=tampered');
    await userEvent.click(await screen.findByTestId('unsubscribe-submit'));
    expect((await screen.findByTestId('unsubscribe-error')).textContent).toBe(UNSUBSCRIBE_LINK_INVALID);
    expect(screen.queryByTestId('unsubscribe-success')).toBeNull();
  });
});

describe('status screens', () => {
  it('/blocked names the support address', async () => {
    mockApi({});
    renderRoutes('/blocked');
    expect(await screen.findByText('Your Account Has Been Blocked')).toBeTruthy();
    expect(screen.getByTestId('blocked-support-email').textContent).toBe('support@veracity.example');
  });

  it('/403-forbidden says access is paused', async () => {
    mockApi({});
    renderRoutes('/403-forbidden');
    expect((await screen.findByTestId('forbidden')).textContent).toContain(
      "Your account can't be temporarily accessed. Please try again later.",
    );
  });
});
