import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppSecurity } from '@veracity/contracts/app-security';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, expectBlocked, mockApi, notificationText, renderScreen } from '../../account/test-api';
import { missingPermissionText } from '../../session/use-write-access';
import { APK_MESSAGES, ApkSecurityPage } from './ApkSecurityPage';
import { parseAppList } from './app-lists';

afterEach(() => vi.unstubAllGlobals());

const settings: AppSecurity = {
  allowed: ['com.example.news'],
  blocked: [],
  seen: [
    { package: 'com.example.game', hits: 12, lastSeenAt: '2026-11-28T10:00:00.000Z' },
    { package: 'com.example.news', hits: 3, lastSeenAt: '2026-11-27T10:00:00.000Z' },
  ],
};

/** Replaces a textarea's text at once, as a paste does. */
function paste(testId: string, text: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value: text } });
}

describe('parseAppList', () => {
  it('reads one package a line, lower case, each once, and names each bad line', () => {
    const parsed = parseAppList(
      'com.example.news\n\nCom.Example.Game, com.example.*\nXMLHttpRequest\ncom.example.news',
    );
    expect(parsed.entries).toEqual(['com.example.news', 'com.example.game', 'com.example.*']);
    expect(parsed.errors.map(({ line, text }) => ({ line, text }))).toEqual([
      { line: 4, text: 'XMLHttpRequest' },
      { line: 5, text: 'com.example.news' },
    ]);
  });
});

describe('ApkSecurityPage', () => {
  it('explains how in-app traffic is recognised and shows the lists and the apps seen', async () => {
    mockApi({ 'GET /security/apps': settings });
    renderScreen(<ApkSecurityPage />);
    expect(screen.getByTestId('apk-explanation').textContent).toContain('X-Requested-With');
    expect(((await screen.findByTestId('apk-allowed-input')) as HTMLTextAreaElement).value).toBe(
      'com.example.news',
    );
    expect(screen.getByTestId('apk-seen-row-0').textContent).toContain('com.example.game');
    expect(screen.getByTestId('apk-seen-row-0').textContent).toContain('12');
    expect(screen.getByTestId('apk-seen-row-1').textContent).toContain('Allowed');
  });

  it('says so when no in-app traffic has been seen', async () => {
    mockApi({ 'GET /security/apps': { ...settings, seen: [] } });
    renderScreen(<ApkSecurityPage />);
    expect((await screen.findByTestId('apk-seen-empty')).textContent).toContain('No in-app traffic yet');
  });

  it('marks each bad pasted line and saves nothing until they are fixed', async () => {
    const calls = mockApi({
      'GET /security/apps': settings,
      'PUT /security/apps': (body: unknown) => ({
        status: 200,
        body: { ...(body as object), seen: settings.seen },
      }),
    });
    renderScreen(<ApkSecurityPage />);
    await screen.findByTestId('apk-blocked-input');
    paste('apk-blocked-input', 'com.example.game\nnot a package\ncom.example.news');
    const errors = screen.getByTestId('apk-blocked-errors').textContent ?? '';
    expect(errors).toContain('Line 2: not');
    expect(errors).toContain('Line 2: package');
    expect(screen.getByTestId('apk-allowed-errors').textContent).toContain('Line 1: com.example.news');
    await userEvent.click(screen.getByTestId('apk-save'));
    expect(screen.getByTestId('apk-fix-lines').textContent).toBe(APK_MESSAGES.fixLines);
    expect(callsTo(calls, 'PUT', '/security/apps')).toEqual([]);

    paste('apk-blocked-input', 'com.example.game\nCom.Example.Spam.*');
    expect(screen.getByTestId('apk-blocked-errors').textContent).toBe('');
    await userEvent.click(screen.getByTestId('apk-save'));
    expect(await notificationText()).toContain(APK_MESSAGES.saved);
    expect(callsTo(calls, 'PUT', '/security/apps')[0]?.body).toEqual({
      allowed: ['com.example.news'],
      blocked: ['com.example.game', 'com.example.spam.*'],
    });
  });

  it('blocks an app seen in the traffic with one click, taking it off the allowed list', async () => {
    const calls = mockApi({
      'GET /security/apps': settings,
      'PUT /security/apps': (body: unknown) => ({
        status: 200,
        body: { ...(body as object), seen: settings.seen },
      }),
    });
    renderScreen(<ApkSecurityPage />);
    await userEvent.click(await screen.findByTestId('apk-block-1'));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/security/apps')[0]?.body).toEqual({
        allowed: [],
        blocked: ['com.example.news'],
      }),
    );
  });

  it('shows tracked package names as text, never as markup', async () => {
    mockApi({
      'GET /security/apps': {
        ...settings,
        seen: [{ package: '<img src=x onerror=alert(1)>', hits: 1, lastSeenAt: '2026-11-28T10:00:00.000Z' }],
      },
    });
    renderScreen(<ApkSecurityPage />);
    const row = await screen.findByTestId('apk-seen-row-0');
    expect(row.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(row.querySelector('img')).toBeNull();
  });

  it('locks the lists for a member without account_manage_settings', async () => {
    const calls = mockApi({ 'GET /security/apps': settings, 'GET /me/permissions': [] });
    renderScreen(<ApkSecurityPage />);
    await expectBlocked('apk-save', missingPermissionText('account_manage_settings'));
    await expectBlocked('apk-block-0', missingPermissionText('account_manage_settings'));
    expect(callsTo(calls, 'PUT', '/security/apps')).toEqual([]);
  });

  it('offers a retry when the lists cannot be loaded', async () => {
    mockApi({ 'GET /security/apps': () => ({ status: 500, body: { message: 'down' } }) });
    renderScreen(<ApkSecurityPage />);
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeTruthy();
  });
});
