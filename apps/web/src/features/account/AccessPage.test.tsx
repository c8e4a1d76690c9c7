import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessPage } from './AccessPage';
import { IP_MESSAGES } from './ip-entries';
import { LOGIN_ACCESS_MESSAGES } from './LoginAccessCard';
import { callsTo, expectBlocked, meFixture, mockApi, notificationText, renderScreen } from './test-api';

afterEach(() => vi.unstubAllGlobals());

const loginAccess = {
  enabled: true,
  entries: [{ value: '203.0.113.0/24', note: 'Office', createdAt: '2025-01-10T00:00:00Z' }],
};

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /account/access-login-settings': loginAccess,
    ...extra,
  });
}

describe('AccessPage', () => {
  it('shows the login restriction and its addresses, and no traffic list (they live on IP settings)', async () => {
    api();
    renderScreen(<AccessPage />);
    expect(((await screen.findByTestId('login-ip-value-0')) as HTMLInputElement).value).toBe(
      '203.0.113.0/24',
    );
    expect((screen.getByTestId('login-ip-note-0') as HTMLInputElement).value).toBe('Office');
    expect(screen.getByText(LOGIN_ACCESS_MESSAGES.explanation)).toBeTruthy();
    expect(
      screen
        .getByRole('switch', { name: 'Restrict sign-ins to listed IP addresses' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.queryByTestId('ip-whitelist-card')).toBeNull();
    expect(screen.queryByTestId('ip-blacklist-card')).toBeNull();
  });

  it('refuses addresses that are not IPs or ranges, and duplicates', async () => {
    const calls = api();
    renderScreen(<AccessPage />);
    await screen.findByTestId('login-ip-value-0');
    await userEvent.click(screen.getByTestId('login-ip-add'));
    await userEvent.type(screen.getByTestId('login-ip-value-1'), '300.1.1.1');
    await userEvent.click(screen.getByTestId('login-ip-add'));
    await userEvent.type(screen.getByTestId('login-ip-value-2'), '203.0.113.0/24');
    await userEvent.click(screen.getByTestId('login-access-save'));
    expect(screen.getByText(IP_MESSAGES.invalid)).toBeTruthy();
    expect(screen.getByText(IP_MESSAGES.duplicate)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/account/access-login-settings')).toHaveLength(0);
  });

  it('saves the restriction with its addresses', async () => {
    const calls = api({
      'PUT /account/access-login-settings': () => ({ status: 200, body: loginAccess }),
    });
    renderScreen(<AccessPage />);
    await screen.findByTestId('login-ip-value-0');
    await userEvent.click(screen.getByTestId('login-ip-add'));
    await userEvent.type(screen.getByTestId('login-ip-value-1'), '2001:db8::/32');
    await userEvent.click(screen.getByTestId('login-access-save'));
    expect(await notificationText()).toContain('Login access settings saved');
    expect(callsTo(calls, 'PUT', '/account/access-login-settings')[0]?.body).toEqual({
      enabled: true,
      entries: [
        { value: '203.0.113.0/24', note: 'Office' },
        { value: '2001:db8::/32', note: null },
      ],
    });
  });

  it('does not turn the restriction on without an address', async () => {
    const calls = api({ 'GET /account/access-login-settings': { enabled: false, entries: [] } });
    renderScreen(<AccessPage />);
    await userEvent.click(
      await screen.findByRole('switch', { name: 'Restrict sign-ins to listed IP addresses' }),
    );
    expect(screen.getByTestId('login-access-no-entries').textContent).toBe(LOGIN_ACCESS_MESSAGES.noEntries);
    await userEvent.click(screen.getByTestId('login-access-save'));
    expect(callsTo(calls, 'PUT', '/account/access-login-settings')).toHaveLength(0);
  });

  it('locks the login list without the IP permission, naming it', async () => {
    const calls = api({ 'GET /me/permissions': [] });
    renderScreen(<AccessPage />);
    const reason = 'You need the “Manage IP lists” permission (account_manage_ip_whitelist) to do this.';
    expect((await screen.findByTestId('login-access-no-permission')).textContent).toContain(reason);
    expect(callsTo(calls, 'GET', '/account/access-login-settings')).toHaveLength(0);
    expect(callsTo(calls, 'GET', '/me/ip-whitelist')).toHaveLength(0);
  });

  it('shows the permission error when the server refuses the change', async () => {
    api({ 'PUT /account/access-login-settings': () => ({ status: 403 }) });
    renderScreen(<AccessPage />);
    await screen.findByTestId('login-ip-value-0');
    await userEvent.click(screen.getByTestId('login-access-save'));
    expect(await notificationText()).toContain('Permission Error while editing');
  });

  it('disables the changes of a demo account', async () => {
    api({ 'GET /me': meFixture({ isDemo: true }) });
    renderScreen(<AccessPage />);
    await screen.findByTestId('login-ip-value-0');
    await expectBlocked('login-access-save', 'This action is disabled for the demo account');
  });
});
