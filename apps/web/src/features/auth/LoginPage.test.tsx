import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldError, mockApi, ok, renderRoutes } from '../session/session-test-support';
import { ACCOUNT_CREATED_MESSAGE, INVITATION_NOTICE } from './LoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent;
const submit = () => screen.getByTestId('login-submit') as HTMLButtonElement;

async function fillIn(email: string, password: string) {
  if (email) await userEvent.type(screen.getByTestId('login-email'), email);
  if (password) await userEvent.type(screen.getByTestId('login-password'), password);
}

describe('/auth/login', () => {
  it('shows the marketing panel, the forgot-password and contact links', async () => {
    mockApi({});
    renderRoutes('/auth/login');
    const panel = await screen.findByTestId('marketing-panel');
    expect(panel.textContent).toContain('While you were away');
    expect(panel.textContent).toContain('Veracity has been auditing your traffic');
    expect(panel.textContent).toContain('and preventing ad fraud for you');
    expect(screen.getByTestId('login-forgot-link').getAttribute('href')).toBe('/auth/remember');
    expect(screen.getByTestId('login-contact-link').getAttribute('href')).toContain('mailto:');
  });

  it('shows Required and Invalid only once a field is touched, and keeps submit disabled while invalid', async () => {
    mockApi({});
    renderRoutes('/auth/login');
    await screen.findByTestId('auth-login');
    expect(submit().disabled).toBe(true);
    expect(fieldError('login-email')).toBeNull();
    await userEvent.click(screen.getByTestId('login-email'));
    await userEvent.tab();
    expect(fieldError('login-email')).toBe('Required');
    expect(fieldError('login-password')).toBeNull();
    await userEvent.type(screen.getByTestId('login-email'), 'ana@acme');
    expect(fieldError('login-email')).toBe('Invalid');
    await userEvent.click(screen.getByTestId('login-password'));
    await userEvent.tab();
    expect(fieldError('login-password')).toBe('Required');
    await userEvent.type(screen.getByTestId('login-email'), '.example');
    await userEvent.type(screen.getByTestId('login-password'), 'secret');
    expect(submit().disabled).toBe(false);
  });

  it('stores the hash as the token and opens /role', async () => {
    const api = mockApi({ 'POST /auth/login': ok({ hash: 'h1' }), 'GET /me/relationships': ok([]) });
    renderRoutes('/auth/login?verified=true&from=2026-01-01');
    await fillIn('ana@acme.example', 'secret');
    await userEvent.click(submit());
    expect(await screen.findByTestId('role')).toBeTruthy();
    expect(location()).toBe('/role?from=2026-01-01');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('h1');
    expect(api.called('POST /auth/login')[0]?.body).toEqual({
      email: 'ana@acme.example',
      password: 'secret',
    });
  });

  it('says "E-Mail or password not valid" on a 401', async () => {
    mockApi({ 'POST /auth/login': { status: 401, body: 'Unauthorized' } });
    renderRoutes('/auth/login');
    await fillIn('ana@acme.example', 'wrong');
    await userEvent.click(submit());
    expect((await screen.findByTestId('login-error')).textContent).toBe('E-Mail or password not valid');
  });

  it.each([
    ['NO_ACTIVE_ACCOUNT', 'account-inactive'],
    ['NO_ACCOUNT', 'account-missing'],
    ['SOMETHING_ELSE', 'forbidden'],
  ])('follows a 403 %s to its screen', async (body, testId) => {
    mockApi({ 'POST /auth/login': { status: 403, body } });
    renderRoutes('/auth/login');
    await fillIn('ana@acme.example', 'secret');
    await userEvent.click(submit());
    expect(await screen.findByTestId(testId)).toBeTruthy();
  });

  it('sends a 450 to the trial verification notice and shows the 429 text', async () => {
    mockApi({ 'POST /auth/login': { status: 429, body: 'Too many' } });
    renderRoutes('/auth/login');
    await fillIn('ana@acme.example', 'secret');
    await userEvent.click(submit());
    expect((await screen.findByTestId('login-error')).textContent).toContain('Too many requests');
    mockApi({ 'POST /auth/login': { status: 450, body: 'EMAIL_NOT_VERIFIED' } });
    await userEvent.click(submit());
    expect(await screen.findByTestId('auth-trial-email-verification-pending')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Please verify your email');
  });

  it('accepts an invitation to an existing login by logging in from its link', async () => {
    const api = mockApi({ 'POST /auth/login': ok({ hash: 'h2' }), 'GET /me/relationships': ok([]) });
    renderRoutes('/auth/login?invitation=tok1');
    expect((await screen.findByTestId('login-invitation')).textContent).toBe(INVITATION_NOTICE);
    await fillIn('ana@acme.example', 'secret');
    await userEvent.click(submit());
    expect(await screen.findByTestId('role')).toBeTruthy();
    expect(location()).toBe('/role');
    expect(api.called('POST /auth/login')[0]?.body).toEqual({
      email: 'ana@acme.example',
      password: 'secret',
      invitation: 'tok1',
    });
  });

  it('says when the invitation cannot be used', async () => {
    mockApi({ 'POST /auth/login': { status: 400, body: 'Your invitation is invalid or has expired' } });
    renderRoutes('/auth/login?invitation=used');
    await fillIn('ana@acme.example', 'secret');
    await userEvent.click(submit());
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Your invitation is invalid or has expired',
    );
  });

  it('accepts the invitation at once for a person already logged in, then opens the account list', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'signed-in-token-000000000');
    const api = mockApi({
      'POST /me/invitations/accept': ok({
        id: 9,
        companyName: 'Initech',
        active: true,
        paymentUrl: null,
        vertical: null,
        planType: 'pro',
        accountFeatures: [],
      }),
      'GET /me/relationships': ok([]),
    });
    renderRoutes('/auth/login?invitation=tok2');
    await waitFor(() =>
      expect(screen.getByTestId('notification').textContent).toContain('You joined Initech.'),
    );
    expect(api.called('POST /me/invitations/accept')[0]?.body).toEqual({ token: 'tok2' });
    await waitFor(() => expect(location()).toBe('/role?forceSelection=true'));
  });

  it('announces a created account when verified=true', async () => {
    mockApi({});
    renderRoutes('/auth/login?verified=true');
    await waitFor(() =>
      expect(screen.getByTestId('notification').textContent).toContain(ACCOUNT_CREATED_MESSAGE),
    );
    expect(screen.getByTestId('notification').getAttribute('data-level')).toBe('success');
  });
});
