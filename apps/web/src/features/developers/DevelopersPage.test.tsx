import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from '@veracity/contracts/account';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  expectBlocked,
  meFixture,
  mockApi,
  notificationText,
  renderScreen,
} from '../account/test-api';
import { API_KEY_MESSAGES } from './CreateApiKeyModal';
import { DevelopersPage } from './DevelopersPage';

afterEach(() => vi.unstubAllGlobals());

const keys: ApiKey[] = [
  { id: 3, name: 'Reporting server', prefix: 'vk_3f9a', createdAt: '2025-02-01T00:00:00Z', lastUsedAt: null },
];

describe('DevelopersPage', () => {
  it('lists the keys by name and prefix only', async () => {
    mockApi({ 'GET /me/keys': keys });
    renderScreen(<DevelopersPage />);
    const row = await screen.findByTestId('api-key-row-3');
    expect(row.textContent).toContain('Reporting server');
    expect(row.textContent).toContain('vk_3f9a…');
    expect(row.textContent).toContain('Never');
  });

  it('says what to do when there is no key', async () => {
    mockApi({ 'GET /me/keys': [] });
    renderScreen(<DevelopersPage />);
    expect((await screen.findByTestId('api-keys-empty')).textContent).toContain('No API keys yet');
  });

  it('shows a new key once, with a copy button and a warning, then never again', async () => {
    const secret = 'vk_9b1c.0123456789abcdef0123456789abcdef';
    const calls = mockApi({
      'GET /me/keys': keys,
      'POST /me/keys': () => ({
        status: 201,
        body: {
          id: 4,
          name: 'CRM sync',
          prefix: 'vk_9b1c',
          createdAt: '2025-03-01T00:00:00Z',
          lastUsedAt: null,
          key: secret,
        },
      }),
    });
    renderScreen(<DevelopersPage />);
    await screen.findByTestId('api-key-row-3');
    await userEvent.click(screen.getAllByTestId('api-keys-create')[0] as HTMLElement);
    await userEvent.click(await screen.findByTestId('api-key-create-submit'));
    expect(screen.getByText('Required')).toBeTruthy();
    await userEvent.type(screen.getByTestId('api-key-name'), 'CRM sync');
    await userEvent.click(screen.getByTestId('api-key-create-submit'));

    expect((await screen.findByTestId('api-key-secret')).textContent).toBe(secret);
    expect(screen.getByTestId('api-key-warning').textContent).toBe(API_KEY_MESSAGES.shownOnce);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/me/keys')[0]?.body).toEqual({ name: 'CRM sync' });
    await waitFor(() => expect(callsTo(calls, 'GET', '/me/keys')).toHaveLength(2));

    await userEvent.click(screen.getByTestId('api-key-done'));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret')).toBeNull());
    expect(document.body.textContent).not.toContain(secret);
    await userEvent.click(screen.getAllByTestId('api-keys-create')[0] as HTMLElement);
    expect(await screen.findByTestId('api-key-name')).toBeTruthy();
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
  });

  it('deletes a key after a confirmation, naming it in the body', async () => {
    const calls = mockApi({ 'GET /me/keys': keys, 'DELETE /me/keys': () => ({ status: 204 }) });
    renderScreen(<DevelopersPage />);
    await userEvent.click(await screen.findByTestId('api-key-delete-3'));
    expect(callsTo(calls, 'DELETE', '/me/keys')).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('api-key-delete-confirm'));
    expect(await notificationText()).toContain('API key deleted');
    expect(callsTo(calls, 'DELETE', '/me/keys')[0]?.body).toEqual({ key: 3 });
  });

  it('explains the missing right instead of the keys without the integrations permission', async () => {
    const calls = mockApi({ 'GET /me/permissions': ['account_manage_labels'], 'GET /me/keys': keys });
    renderScreen(<DevelopersPage />);
    const reason = 'You need the “Manage integrations” permission (account_manage_integrations) to do this.';
    expect((await screen.findByTestId('api-keys-no-permission')).textContent).toContain(reason);
    expect(callsTo(calls, 'GET', '/me/keys')).toHaveLength(0);
    await expectBlocked('api-keys-create', reason);
  });

  it('disables key changes for a demo account', async () => {
    mockApi({ 'GET /me': meFixture({ isDemo: true }), 'GET /me/keys': keys });
    renderScreen(<DevelopersPage />);
    await screen.findByTestId('api-key-row-3');
    await expectBlocked('api-key-delete-3', 'This action is disabled for the demo account');
  });

  it('shows the demo text when the server refuses with 418', async () => {
    mockApi({ 'GET /me/keys': keys, 'POST /me/keys': () => ({ status: 418, body: 'DEMO_ACCOUNT' }) });
    renderScreen(<DevelopersPage />);
    await screen.findByTestId('api-key-row-3');
    await userEvent.click(screen.getAllByTestId('api-keys-create')[0] as HTMLElement);
    await userEvent.type(await screen.findByTestId('api-key-name'), 'CRM sync');
    await userEvent.click(screen.getByTestId('api-key-create-submit'));
    expect(await notificationText()).toContain('This action is disabled for the demo account');
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
  });
});
