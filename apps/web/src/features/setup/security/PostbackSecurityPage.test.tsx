import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostbackSecurity } from '@veracity/contracts/postback-security';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_PERMISSIONS, callsTo, expectBlocked, mockApi, renderScreen } from '../../account/test-api';
import { missingPermissionText } from '../../session/use-write-access';
import { rotationText, SECRET_MESSAGES } from './PostbackSecretCard';
import { PostbackSecurityPage } from './PostbackSecurityPage';
import { SOURCES_MESSAGES } from './PostbackSourcesCard';

afterEach(() => vi.unstubAllGlobals());

const settings: PostbackSecurity = {
  sources: ['198.51.100.0/24'],
  requireSigned: false,
  secret: { kind: 'derived', createdAt: null, fingerprint: 'ab12-cd34-ef56', previous: null },
  algorithm: 'HMAC-SHA256',
};

const rotated: PostbackSecurity = {
  ...settings,
  secret: {
    kind: 'generated',
    createdAt: '2026-11-29T10:00:00.000Z',
    fingerprint: '9f8e-7d6c-5b4a',
    previous: { fingerprint: 'ab12-cd34-ef56', expiresAt: '2026-12-06T10:00:00.000Z' },
  },
};

describe('PostbackSecurityPage', () => {
  it('shows the sources, which secret is in use by its fingerprint, and how to sign', async () => {
    mockApi({ 'GET /security/postback': settings });
    renderScreen(<PostbackSecurityPage />);
    expect(((await screen.findByTestId('postback-sources')) as HTMLTextAreaElement).value).toBe(
      '198.51.100.0/24',
    );
    expect(screen.getByTestId('postback-secret-fingerprint').textContent).toBe('ab12-cd34-ef56');
    expect(screen.getByTestId('postback-secret-kind').textContent).toBe(SECRET_MESSAGES.derived);
    expect(screen.getByTestId('postback-secret-previous').textContent).toBe('None');
    // The canonical query: sorted by name, the sensor key of the account included.
    expect(screen.getByTestId('postback-signing-canonical').textContent).toContain(
      'clickid=CLICK_ID&k=vs_test-sensor-key-1&payout=12.50&status=approved',
    );
  });

  it('says which pasted lines are wrong and saves nothing until they are fixed', async () => {
    const calls = mockApi({
      'GET /security/postback': { ...settings, sources: [] },
      'PUT /security/postback': (body: unknown) => ({
        status: 200,
        body: { ...settings, ...(body as object) },
      }),
    });
    renderScreen(<PostbackSecurityPage />);
    const field = await screen.findByTestId('postback-sources');
    expect(screen.getByTestId('postback-sources-count').textContent).toBe(SOURCES_MESSAGES.empty);
    await userEvent.type(
      field,
      '203.0.113.0/24, 2001:db8::/32{enter}not a host!{enter}https://tracker.example/pb',
    );
    await userEvent.click(screen.getByTestId('postback-sources-save'));
    const errors = await screen.findByTestId('postback-source-errors');
    expect(errors.textContent).toContain('Line 2');
    expect(errors.textContent).toContain('not');
    expect(errors.textContent).toContain('Not an IP address, range, domain or URL');
    expect(callsTo(calls, 'PUT', '/security/postback')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '203.0.113.0/24, 2001:db8::/32{enter}{enter}https://tracker.example/pb');
    expect(screen.getByTestId('postback-sources-count').textContent).toBe('3 sources');
    await userEvent.click(screen.getByRole('switch', { name: SOURCES_MESSAGES.requireSigned }));
    await userEvent.click(screen.getByTestId('postback-sources-save'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/security/postback')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/security/postback')[0]?.body).toEqual({
      sources: ['203.0.113.0/24', '2001:db8::/32', 'https://tracker.example/pb'],
      requireSigned: true,
    });
  });

  it('rotates after a confirmation naming the overlap, and shows the new secret once', async () => {
    const secret = 'aGVsbG8tdGhpcy1pcy10aGUtbmV3LXNlY3JldC0xMjM0';
    let current = settings;
    const calls = mockApi({
      'GET /security/postback': () => ({ status: 200, body: current }),
      'POST /security/postback/rotate-secret': () => {
        current = rotated;
        return { status: 200, body: { secret, settings: rotated } };
      },
    });
    renderScreen(<PostbackSecurityPage />);
    await screen.findByTestId('postback-secret-fingerprint');
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await userEvent.click(screen.getByTestId('postback-secret-rotate'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(rotationText(168));
    expect(callsTo(calls, 'POST', '/security/postback/rotate-secret')).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId('postback-secret-rotate-confirm'));

    expect((await screen.findByTestId('postback-secret-value')).textContent).toBe(secret);
    expect(screen.getByTestId('postback-secret-warning').textContent).toBe(SECRET_MESSAGES.shownOnce);
    expect(
      within(screen.getByTestId('postback-secret-revealed')).getByRole('button', { name: 'Copy' }),
    ).toBeTruthy();
    expect(callsTo(calls, 'POST', '/security/postback/rotate-secret')[0]?.body).toEqual({
      overlapHours: 168,
    });
    await waitFor(() =>
      expect(screen.getByTestId('postback-secret-fingerprint').textContent).toBe('9f8e-7d6c-5b4a'),
    );
    expect(screen.getByTestId('postback-secret-previous').textContent).toContain('ab12-cd34-ef56');

    await userEvent.click(screen.getByTestId('postback-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('postback-secret-value')).toBeNull());
    expect(document.body.textContent).not.toContain(secret);
  });

  it('lets someone without the settings permission read but not change', async () => {
    mockApi({
      'GET /security/postback': settings,
      'GET /me/permissions': ACCOUNT_PERMISSIONS.filter((key) => key !== 'account_manage_settings'),
    });
    renderScreen(<PostbackSecurityPage />);
    await screen.findByTestId('postback-secret-fingerprint');
    const reason = missingPermissionText('account_manage_settings');
    await expectBlocked('postback-sources-save', reason);
    await expectBlocked('postback-secret-rotate', reason);
  });

  it('offers a retry when the settings do not load', async () => {
    mockApi({ 'GET /security/postback': () => ({ status: 500, body: 'Server error' }) });
    renderScreen(<PostbackSecurityPage />);
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeTruthy();
  });
});
