import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Settings } from '@veracity/contracts/account';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CPC_MESSAGE } from './cost-per-click';
import { SettingsPage } from './SettingsPage';
import { callsTo, expectBlocked, mockApi, notificationText, renderScreen } from './test-api';

afterEach(() => vi.unstubAllGlobals());

const settings: Settings = {
  user: { firstName: 'Ana', jobTitle: null, timezone: 'Europe/Madrid' },
  account: {
    companyName: 'Acme',
    timezone: 'Europe/Madrid',
    currency: 'EUR',
    defaultCpc: { google: 1.2, facebook: 0.8 },
  },
  invitedUser: false,
};

describe('SettingsPage', () => {
  it('shows the company, time zone, currency and default costs per click', async () => {
    mockApi({ 'GET /me/settings': settings });
    renderScreen(<SettingsPage />);
    expect(((await screen.findByTestId('settings-company-name')) as HTMLInputElement).value).toBe('Acme');
    expect((screen.getByTestId('settings-timezone') as HTMLInputElement).value).toBe('Europe/Madrid');
    expect(screen.getByTestId('settings-currency').textContent).toContain('EUR');
    expect((screen.getByTestId('settings-cpc-google') as HTMLInputElement).value).toBe('1.2');
    expect((screen.getByTestId('settings-cpc-tradedoubler') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Google Ads (EUR)')).toBeTruthy();
  });

  it('checks the costs and saves the account part only', async () => {
    const calls = mockApi({
      'GET /me/settings': settings,
      'PUT /me/settings': () => ({ status: 200, body: settings }),
    });
    renderScreen(<SettingsPage />);
    const tiktok = await screen.findByTestId('settings-cpc-tiktok');
    await userEvent.type(tiktok, '-3');
    await userEvent.tab();
    expect(screen.getByText(CPC_MESSAGE)).toBeTruthy();
    await userEvent.click(screen.getByTestId('settings-save'));
    expect(callsTo(calls, 'PUT', '/me/settings')).toHaveLength(0);

    await userEvent.clear(tiktok);
    await userEvent.type(tiktok, '0,45');
    await userEvent.clear(screen.getByTestId('settings-cpc-facebook'));
    await userEvent.click(screen.getByTestId('settings-save'));
    expect(await notificationText()).toContain('Account settings saved');
    expect(callsTo(calls, 'PUT', '/me/settings')[0]?.body).toEqual({
      account: {
        companyName: 'Acme',
        timezone: 'Europe/Madrid',
        currency: 'EUR',
        defaultCpc: { google: 1.2, tiktok: 0.45 },
      },
    });
  });

  it('requires a company name', async () => {
    mockApi({ 'GET /me/settings': settings });
    renderScreen(<SettingsPage />);
    await userEvent.clear(await screen.findByTestId('settings-company-name'));
    await userEvent.tab();
    expect(screen.getByText('Required')).toBeTruthy();
  });

  it('locks the settings without the settings permission, naming it', async () => {
    mockApi({ 'GET /me/settings': settings, 'GET /me/permissions': ['account_manage_labels'] });
    renderScreen(<SettingsPage />);
    await screen.findByTestId('settings-company-name');
    await waitFor(() =>
      expect((screen.getByTestId('settings-company-name') as HTMLInputElement).disabled).toBe(true),
    );
    await expectBlocked(
      'settings-save',
      'You need the “Manage account settings” permission (account_manage_settings) to do this.',
    );
  });

  it('asks to choose an account when none is selected', async () => {
    mockApi({ 'GET /me/settings': { ...settings, account: null } });
    renderScreen(<SettingsPage />);
    expect((await screen.findByTestId('settings-no-account')).textContent).toContain('No account selected');
  });

  it('offers to try again when the settings do not load', async () => {
    mockApi({ 'GET /me/settings': () => ({ status: 500 }) });
    renderScreen(<SettingsPage />);
    expect((await screen.findByTestId('load-error')).textContent).toContain(
      'An error occurred on our servers. Please reload the page.',
    );
  });
});
