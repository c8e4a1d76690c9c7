import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldError, mockApi, ok, renderRoutes } from '../session/session-test-support';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent;

describe('/auth/remember', () => {
  it('asks for a valid e-mail, then shows EMAIL SENT', async () => {
    const api = mockApi({ 'POST /auth/password/forgot': ok({ ok: true }) });
    renderRoutes('/auth/remember');
    await userEvent.click(await screen.findByTestId('remember-submit'));
    expect(fieldError('remember-email')).toBe('A valid email is required');
    await userEvent.type(screen.getByTestId('remember-email'), 'ana@acme.example');
    await userEvent.click(screen.getByTestId('remember-submit'));
    expect((await screen.findByTestId('remember-sent')).textContent).toContain('EMAIL SENT');
    expect(api.called('POST /auth/password/forgot')[0]?.body).toEqual({ email: 'ana@acme.example' });
    expect(screen.getByTestId('remember-contact-link').textContent).toBe('Contact Us');
  });
});

describe('/auth/reset-password', () => {
  const path = '/auth/reset-password?email=ana%40acme.example&hash=abc';

  it('shows the spec messages for each rule', async () => {
    mockApi({});
    renderRoutes(path);
    await userEvent.click(await screen.findByTestId('reset-submit'));
    expect(fieldError('reset-new-password')).toBe('Please write your new password');
    expect(fieldError('reset-confirm-password')).toBe('Please write your confirmation password');
    await userEvent.type(screen.getByTestId('reset-new-password'), '12345');
    expect(fieldError('reset-new-password')).toBe('Password must be 6 at least characters length');
    await userEvent.type(screen.getByTestId('reset-new-password'), '6');
    await userEvent.type(screen.getByTestId('reset-confirm-password'), '123457');
    expect(fieldError('reset-new-password')).toBeNull();
    expect(fieldError('reset-confirm-password')).toBe('Passwords must match');
  });

  it('stores the returned hash and opens /role without the link parameters', async () => {
    const api = mockApi({
      'POST /auth/password/reset': ok({ hash: 'new-token' }),
      'GET /me/relationships': ok([]),
    });
    renderRoutes(path);
    await userEvent.type(await screen.findByTestId('reset-new-password'), 'secret1');
    await userEvent.type(screen.getByTestId('reset-confirm-password'), 'secret1');
    await userEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('role')).toBeTruthy();
    expect(location()).toBe('/role');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(api.called('POST /auth/password/reset')[0]?.body).toEqual({
      newPassword: 'secret1',
      email: 'ana@acme.example',
      hash: 'abc',
    });
  });

  it('says the link is incomplete without email and hash', async () => {
    mockApi({});
    renderRoutes('/auth/reset-password');
    expect((await screen.findByTestId('reset-error')).textContent).toContain('incomplete');
    expect((screen.getByTestId('reset-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('/auth/preregister', () => {
  it('needs the query token, else goes to the base route', async () => {
    mockApi({});
    renderRoutes('/auth/preregister');
    expect(await screen.findByTestId('auth-login')).toBeTruthy();
  });

  it('marks name, password and terms Required', async () => {
    mockApi({});
    renderRoutes('/auth/preregister?token=t1');
    await userEvent.click(await screen.findByTestId('preregister-submit'));
    expect(fieldError('preregister-name')).toBe('Required');
    expect(fieldError('preregister-password')).toBe('Required');
    expect(fieldError('preregister-terms')).toBe('Required');
  });

  it('accepts the invitation and opens the login with verified=true', async () => {
    const api = mockApi({ 'POST /auth/preregister': ok({ ok: true }) });
    renderRoutes('/auth/preregister?token=t1');
    await userEvent.type(await screen.findByTestId('preregister-name'), 'Ana');
    await userEvent.type(screen.getByTestId('preregister-password'), 'long-enough-1');
    await userEvent.click(screen.getByTestId('preregister-terms'));
    await userEvent.click(screen.getByTestId('preregister-submit'));
    expect(await screen.findByTestId('auth-login')).toBeTruthy();
    expect(location()).toBe('/auth/login?verified=true');
    expect(api.called('POST /auth/preregister')[0]?.body).toEqual({
      name: 'Ana',
      password: 'long-enough-1',
      terms: true,
      token: 't1',
    });
  });

  it('says the token is invalid on a 401', async () => {
    mockApi({ 'POST /auth/preregister': { status: 401, body: 'Unauthorized' } });
    renderRoutes('/auth/preregister?token=t1');
    await userEvent.type(await screen.findByTestId('preregister-name'), 'Ana');
    await userEvent.type(screen.getByTestId('preregister-password'), 'long-enough-1');
    await userEvent.click(screen.getByTestId('preregister-terms'));
    await userEvent.click(screen.getByTestId('preregister-submit'));
    expect((await screen.findByTestId('preregister-error')).textContent).toBe(
      'Your token is invalid or has expired',
    );
  });
});
