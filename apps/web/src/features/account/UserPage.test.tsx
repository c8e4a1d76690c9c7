import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountUser, Role, Settings } from '@veracity/contracts/account';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../lib/page-reload';
import { AppProviders, createQueryClient } from '../../providers';
import { callsTo, expectBlocked, meFixture, mockApi, notificationText, renderScreen } from './test-api';
import { SUPPORT_SESSION_TEXT, UserPage } from './UserPage';

vi.mock('../../lib/page-reload', () => ({ reloadPage: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const settings: Settings = {
  user: { firstName: 'Ana', jobTitle: 'Head of paid media', timezone: 'Europe/Madrid' },
  account: { companyName: 'Acme', timezone: 'Europe/Madrid', currency: 'EUR', defaultCpc: {} },
  invitedUser: false,
};

const roles: Role[] = [
  { id: 1, name: 'Admin', description: 'Everything, including users', permissions: [], builtIn: true },
  { id: 2, name: 'Analyst', description: 'Reads the traffic', permissions: [], builtIn: true },
];

const users: AccountUser[] = [
  {
    id: 7,
    email: 'ana@acme.example',
    firstName: 'Ana',
    status: 'active',
    roles: [{ id: 1, name: 'Admin' }],
    lastLoginAt: '2025-03-02T10:00:00Z',
    invitedAt: null,
  },
  {
    id: 8,
    email: 'bo@acme.example',
    firstName: 'Bo',
    status: 'pending',
    roles: [{ id: 2, name: 'Analyst' }],
    lastLoginAt: null,
    invitedAt: '2025-03-01T10:00:00Z',
  },
];

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /me/settings': settings,
    'GET /account/users': users,
    'GET /list-roles': roles,
    ...extra,
  });
}

describe('UserPage: profile', () => {
  it('shows the profile from GET /me/settings and saves the changes', async () => {
    const calls = api({ 'PUT /me/settings': () => ({ status: 200, body: settings }) });
    renderScreen(<UserPage />);
    const firstName = await screen.findByTestId('profile-first-name');
    expect((firstName as HTMLInputElement).value).toBe('Ana');
    expect(screen.getByTestId('profile-email').textContent).toBe('ana@acme.example');

    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Anabel');
    await userEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/me/settings')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/me/settings')[0]?.body).toEqual({
      user: { firstName: 'Anabel', jobTitle: 'Head of paid media', timezone: 'Europe/Madrid' },
    });
    expect(await notificationText()).toContain('Your profile was updated');
  });

  it('says what is wrong with a field once it was touched, and does not save', async () => {
    const calls = api();
    renderScreen(<UserPage />);
    const firstName = await screen.findByTestId('profile-first-name');
    await userEvent.clear(firstName);
    await userEvent.tab();
    expect(screen.getByText('Required')).toBeTruthy();
    const timezone = screen.getByTestId('profile-timezone');
    await userEvent.clear(timezone);
    await userEvent.type(timezone, 'Mars/Olympus');
    await userEvent.click(screen.getByTestId('profile-save'));
    expect(screen.getByText('Choose a time zone from the list')).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/me/settings')).toHaveLength(0);
  });

  it('disables every change for a demo account with the demo text', async () => {
    api({ 'GET /me': meFixture({ isDemo: true }) });
    renderScreen(<UserPage />);
    const save = await screen.findByTestId('profile-save');
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    expect((screen.getByTestId('profile-first-name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('password-save').getAttribute('aria-disabled')).toBe('true');
    await expectBlocked('users-invite', 'This action is disabled for the demo account');
  });
});

describe('UserPage: password', () => {
  async function fillPassword(current: string, next: string, confirm: string) {
    await userEvent.type(await screen.findByTestId('password-current'), current);
    await userEvent.type(screen.getByTestId('password-new'), next);
    await userEvent.type(screen.getByTestId('password-confirm'), confirm);
    const save = screen.getByTestId('password-save');
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBeNull());
    await userEvent.click(save);
  }

  it('checks the new password before sending it', async () => {
    const calls = api();
    renderScreen(<UserPage />);
    await fillPassword('old-secret', 'short', 'other');
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords must match')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/auth/password/change')).toHaveLength(0);
  });

  it('stores the new token from the answer and reloads the page', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'old-token');
    const calls = api({ 'POST /auth/password/change': () => ({ status: 200, body: { hash: 'new-token' } }) });
    renderScreen(<UserPage />);
    await fillPassword('old-secret', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(callsTo(calls, 'POST', '/auth/password/change')[0]?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret-1',
    });
  });

  it('says the current password does not match and keeps the token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'old-token');
    api({
      'POST /auth/password/change': () => ({
        status: 400,
        body: [{ code: 'CURRENT_PASSWORD_NOT_MATCH', field: 'currentPassword' }],
      }),
    });
    renderScreen(<UserPage />);
    await fillPassword('wrong-secret', 'new-secret-1', 'new-secret-1');
    expect(await notificationText()).toContain('The passwords do not match.');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('old-token');
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('UserPage: users', () => {
  it('lists the users with their status and roles for admins', async () => {
    api();
    renderScreen(<UserPage />);
    const row = await screen.findByTestId('user-row-8');
    expect(row.textContent).toContain('bo@acme.example');
    expect(row.textContent).toContain('Invited');
    expect(row.textContent).toContain('Analyst');
    expect(screen.getByTestId('user-row-7').textContent).toContain('(you)');
  });

  it('leaves password and users out of a support session', async () => {
    const calls = api({ 'GET /me': meFixture({ ghost: true, ghostRole: 'support' }) });
    renderScreen(<UserPage />);
    expect((await screen.findByTestId('user-support-session')).textContent).toBe(SUPPORT_SESSION_TEXT);
    expect(screen.queryByTestId('password-card')).toBeNull();
    expect(screen.queryByTestId('users-card')).toBeNull();
    expect(callsTo(calls, 'GET', '/account/users')).toHaveLength(0);
  });

  it('hides user administration from people who are not admins', async () => {
    const calls = api({ 'GET /me': meFixture({ isAdmin: false }), 'GET /me/permissions': [] });
    renderScreen(<UserPage />);
    await screen.findByTestId('profile-first-name');
    expect(screen.queryByTestId('users-card')).toBeNull();
    expect(callsTo(calls, 'GET', '/account/users')).toHaveLength(0);
  });

  it('invites a user with the chosen roles and reloads the list', async () => {
    const invited: AccountUser = { ...users[1], id: 9, email: 'cy@acme.example' } as AccountUser;
    const calls = api({ 'POST /account/invite': () => ({ status: 201, body: invited }) });
    renderScreen(<UserPage />);
    await userEvent.click(await screen.findByTestId('users-invite'));
    const form = await screen.findByTestId('invite-form');
    await userEvent.click(screen.getByTestId('invite-submit'));
    expect(within(form).getByText('Required')).toBeTruthy();
    expect(within(form).getByText('Choose at least one role')).toBeTruthy();
    await userEvent.type(screen.getByTestId('invite-email'), 'cy@acme');
    await userEvent.tab();
    expect(within(form).getByText('Invalid')).toBeTruthy();

    await userEvent.type(screen.getByTestId('invite-email'), '.example');
    await userEvent.click(screen.getByTestId('role-option-2'));
    await userEvent.click(screen.getByTestId('invite-submit'));
    expect(await notificationText()).toContain('Invitation sent to cy@acme.example');
    expect(callsTo(calls, 'POST', '/account/invite')[0]?.body).toEqual({
      email: 'cy@acme.example',
      roleIds: [2],
    });
    await waitFor(() => expect(callsTo(calls, 'GET', '/account/users')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('invite-form')).toBeNull());
  });

  it('says when the invited user already exists', async () => {
    api({
      'POST /account/invite': () => ({
        status: 409,
        body: [{ code: 'USER_ALREADY_EXISTS', field: 'email' }],
      }),
    });
    renderScreen(<UserPage />);
    await userEvent.click(await screen.findByTestId('users-invite'));
    await userEvent.type(await screen.findByTestId('invite-email'), 'bo@acme.example');
    await userEvent.click(screen.getByTestId('role-option-2'));
    await userEvent.click(screen.getByTestId('invite-submit'));
    expect(await notificationText()).toContain('The user already exists.');
    expect(screen.getByTestId('invite-form')).toBeTruthy();
  });

  it('changes roles: grants the chosen ones and revokes the ones taken away', async () => {
    const calls = api({
      'PUT /account/users/8': () => ({ status: 200, body: users[1] }),
      'DELETE /account/users/8': () => ({ status: 204 }),
    });
    renderScreen(<UserPage />);
    await userEvent.click(await screen.findByTestId('user-edit-8'));
    await userEvent.click(await screen.findByTestId('role-option-1'));
    await userEvent.click(screen.getByTestId('role-option-2'));
    await userEvent.click(screen.getByTestId('roles-save'));
    expect(await notificationText()).toContain('Roles updated');
    expect(callsTo(calls, 'PUT', '/account/users/8')[0]?.body).toEqual({ roleIds: [1] });
    expect(callsTo(calls, 'DELETE', '/account/users/8')[0]?.body).toEqual({ roleIds: [2] });
  });

  it('revokes all roles after a confirmation, never for oneself', async () => {
    const calls = api({ 'DELETE /account/users/8': () => ({ status: 204 }) });
    renderScreen(<UserPage />);
    await expectBlocked('user-revoke-7', 'You cannot revoke your own access.');
    await userEvent.click(screen.getByTestId('user-revoke-8'));
    await userEvent.click(await screen.findByTestId('revoke-confirm'));
    expect(await notificationText()).toContain('bo@acme.example no longer has access to this account');
    expect(callsTo(calls, 'DELETE', '/account/users/8')[0]?.body).toEqual({});
  });

  it('shows the permission error of a refused change', async () => {
    api({ 'DELETE /account/users/8': () => ({ status: 403 }) });
    renderScreen(<UserPage />);
    await userEvent.click(await screen.findByTestId('user-revoke-8'));
    await userEvent.click(await screen.findByTestId('revoke-confirm'));
    expect(await notificationText()).toContain('You do not have permission to do this.');
  });
});

describe('UserPage: log out everywhere', () => {
  function renderWithLogout() {
    const router = createMemoryRouter(
      [
        { path: '/account/user', element: <UserPage /> },
        { path: '/logout', element: <p data-testid="logout-route">Logging out</p> },
      ],
      { initialEntries: ['/account/user'] },
    );
    render(
      <AppProviders client={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    return router;
  }

  it('ends every session after a confirmation, then logs out here too', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'this-token');
    const calls = api({ 'POST /auth/logout-everywhere': () => ({ status: 204 }) });
    const router = renderWithLogout();
    await userEvent.click(await screen.findByTestId('logout-everywhere'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('this one included');
    expect(callsTo(calls, 'POST', '/auth/logout-everywhere')).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId('logout-everywhere-confirm'));
    await screen.findByTestId('logout-route');
    expect(callsTo(calls, 'POST', '/auth/logout-everywhere')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/logout');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('keeps the session when the confirmation is cancelled', async () => {
    const calls = api();
    renderWithLogout();
    await userEvent.click(await screen.findByTestId('logout-everywhere'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'POST', '/auth/logout-everywhere')).toHaveLength(0);
  });

  it('is not offered in a support session', async () => {
    api({ 'GET /me': meFixture({ ghost: true, ghostRole: 'Support' }) });
    renderWithLogout();
    await screen.findByTestId('user-support-session');
    expect(screen.queryByTestId('logout-everywhere')).toBeNull();
  });

  it('is locked for the demo account with the demo text', async () => {
    api({ 'GET /me': meFixture({ isDemo: true }) });
    renderWithLogout();
    await expectBlocked('logout-everywhere', 'This action is disabled for the demo account');
  });
});
