import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExclusionEntry, ExclusionLogLine, NeverExcludeEntry } from '@veracity/contracts/google-ads';
import { THREAT_REASONS } from '@veracity/contracts/threat-reasons';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_PERMISSIONS } from '../account/test-api';
import { fieldError, meFixture, mockApi, ok, renderRoutes } from '../session/session-test-support';
import { EXCLUSION_LOG_PAGE_SIZE } from './ExclusionLogCard';
import { linkedStateFixture, signIn } from './google-ads-test-support';
import { NEVER_EXCLUDE_MESSAGES } from './never-exclude';

const SETTINGS = '/integrations/google-ads/account-settings';

function entry(overrides: Partial<ExclusionEntry>): ExclusionEntry {
  return {
    id: 1,
    customerId: '1234567890',
    campaignId: '111',
    campaignType: 'SEARCH',
    cidr: '203.0.113.7',
    type: 'DYNAMIC',
    state: 'active',
    addedAt: '2026-11-20T10:00:00Z',
    expiresAt: '2026-12-20T10:00:00Z',
    lastInvalidAt: '2026-11-20T09:00:00Z',
    invalidSessions: 3,
    threats: { 'network:datacenter': 3 },
    ...overrides,
  };
}

const LIST: NeverExcludeEntry[] = [
  { id: 1, cidr: '198.51.100.0/24', note: 'Head office', source: 'list' },
  { id: 2, cidr: '192.0.2.10', note: 'Login access', source: 'access' },
];

function answers(overrides: Record<string, unknown> = {}) {
  const empty = ok([]);
  return {
    'GET /me': ok(meFixture({ planType: 'pro' })),
    'GET /me/permissions': ok(ACCOUNT_PERMISSIONS),
    'GET /me/settings': ok({ user: { timezone: 'UTC' }, account: { timezone: 'UTC' } }),
    'GET /integrations/google-ads': ok(linkedStateFixture()),
    'GET /integrations/google-ads/never-exclude': ok(LIST),
    'GET /integrations/google-ads/exclusions': empty,
    'GET /integrations/google-ads/exclusion-log': empty,
    ...overrides,
  } as Parameters<typeof mockApi>[0];
}

beforeEach(() => {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

describe('Google Ads account settings: the never-exclude list', () => {
  it('refuses what is not one IPv4 or IPv6 address or range, and duplicates, without calling the server', async () => {
    const api = mockApi(answers());
    renderRoutes(SETTINGS);
    const field = await screen.findByTestId('never-exclude-cidr');
    for (const [value, message] of [
      ['', NEVER_EXCLUDE_MESSAGES.required],
      ['10.0.0.300', NEVER_EXCLUDE_MESSAGES.invalid],
      ['10.0.0.0/33', NEVER_EXCLUDE_MESSAGES.invalid],
      ['2001:db8::/129', NEVER_EXCLUDE_MESSAGES.invalid],
      ['2001:db8:::1', NEVER_EXCLUDE_MESSAGES.invalid],
      ['198.51.100.0/24', NEVER_EXCLUDE_MESSAGES.duplicate],
    ] as const) {
      await userEvent.clear(field);
      if (value) await userEvent.type(field, value);
      await userEvent.click(screen.getByTestId('never-exclude-add'));
      expect(fieldError('never-exclude-cidr')).toBe(message);
    }
    expect(api.called('POST /integrations/google-ads/never-exclude')).toHaveLength(0);
  });

  it('adds an IPv6 range with its note', async () => {
    const api = mockApi(
      answers({
        'POST /integrations/google-ads/never-exclude': (body: unknown) =>
          ok({ id: 3, source: 'list', ...(body as object) }),
      }),
    );
    renderRoutes(SETTINGS);
    await userEvent.type(await screen.findByTestId('never-exclude-cidr'), ' 2001:DB8::/48 ');
    await userEvent.type(screen.getByTestId('never-exclude-note'), 'Partner VPN');
    await userEvent.click(screen.getByTestId('never-exclude-add'));
    await waitFor(() => expect(api.called('POST /integrations/google-ads/never-exclude')).toHaveLength(1));
    expect(api.called('POST /integrations/google-ads/never-exclude')[0]?.body).toEqual({
      cidr: '2001:DB8::/48',
      note: 'Partner VPN',
    });
    expect((await screen.findByTestId('notification')).textContent).toContain(
      '2001:DB8::/48 is never excluded',
    );
  });

  it('keeps the access settings’ IPs read-only and deletes an entry after a confirmation', async () => {
    const api = mockApi(answers({ 'DELETE /integrations/google-ads/never-exclude/1': { status: 204 } }));
    renderRoutes(SETTINGS);
    const access = await screen.findByTestId('never-exclude-row-2');
    expect(access.textContent).toContain('From access settings');
    expect(within(access).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByTestId('never-exclude-delete-1'));
    expect(api.called('DELETE /integrations/google-ads/never-exclude/1')).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('never-exclude-delete-confirm'));
    await waitFor(() =>
      expect(api.called('DELETE /integrations/google-ads/never-exclude/1')).toHaveLength(1),
    );
  });
});

describe('Google Ads account settings: protection, caps, sync and the log', () => {
  it('saves the protection mode and rotation window, refusing a window out of range', async () => {
    const api = mockApi(
      answers({
        'PATCH /integrations/google-ads/settings': (body: unknown) =>
          ok(linkedStateFixture({ settings: { ...linkedStateFixture().settings, ...(body as object) } })),
      }),
    );
    renderRoutes(SETTINGS);
    const rotation = await screen.findByTestId('rotation-days');
    await userEvent.clear(rotation);
    await userEvent.type(rotation, '0');
    await userEvent.click(screen.getByTestId('protection-save'));
    expect(fieldError('rotation-days')).toContain('from 1 to 540');
    await userEvent.clear(rotation);
    await userEvent.type(rotation, '14');
    await userEvent.click(screen.getByRole('radio', { name: /Dry run/ }));
    await userEvent.click(screen.getByTestId('protection-save'));
    await waitFor(() => expect(api.called('PATCH /integrations/google-ads/settings')).toHaveLength(1));
    expect(api.called('PATCH /integrations/google-ads/settings')[0]?.body).toEqual({
      protectionMode: 'dry_run',
      rotationDays: 14,
    });
  });

  it('counts the caps in use per campaign and per account from the exclusions', async () => {
    const search = [
      entry({ id: 1 }),
      entry({ id: 2, cidr: '203.0.113.8' }),
      entry({ id: 3, state: 'removed' }),
      entry({ id: 4, campaignId: null, campaignType: null, type: 'ACCOUNT_REGULAR' }),
    ];
    mockApi(
      answers({
        'GET /integrations/google-ads/exclusions': (_body: unknown) => ok(search),
      }),
    );
    renderRoutes(SETTINGS);
    const rows = await screen.findAllByTestId('caps-row');
    // Every section answers the same list here: each entry still counts once.
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/123-456-7890Brand search2 \/ 500/),
      expect.stringMatching(/123-456-7890Account level1 \/ 500/),
    ]);
  });

  it('shows the last sync and its error', async () => {
    mockApi(
      answers({
        'GET /integrations/google-ads': ok(
          linkedStateFixture({
            lastSyncAt: '2026-11-26T08:00:00Z',
            lastSyncError: 'Quota exceeded, retrying later',
          }),
        ),
      }),
    );
    renderRoutes(SETTINGS);
    expect((await screen.findByTestId('last-sync-error')).textContent).toContain('Quota exceeded');
    expect(screen.getByTestId('last-sync').textContent).toContain('26 Nov 2026');
  });

  it('lists the latest adds and removals with their reasons, tracked values as text', async () => {
    const line: ExclusionLogLine = {
      at: '2026-11-27T07:00:00Z',
      action: 'add',
      mode: 'protection',
      outcome: 'applied',
      customerId: '1234567890',
      campaignId: '111',
      cidr: '203.0.113.7',
      type: 'DYNAMIC',
      reason: '<img src=x onerror=alert(1)> 3 invalid sessions',
      threats: { 'network:datacenter': 2, 'automation:webdriver': 3 },
      error: null,
    };
    mockApi(answers({ 'GET /integrations/google-ads/exclusion-log': ok([line]) }));
    renderRoutes(SETTINGS);
    const row = await screen.findByTestId('exclusion-log-row');
    expect(row.textContent).toContain('Added');
    expect(row.textContent).toContain('<img src=x onerror=alert(1)> 3 invalid sessions');
    // The threats by their labels, most first.
    expect(row.textContent).toContain(
      `${THREAT_REASONS['automation:webdriver'].label} (3), ${THREAT_REASONS['network:datacenter'].label} (2)`,
    );
    expect(row.querySelector('img')).toBeNull();
  });

  it('shows a long log a page at a time', async () => {
    const lines: ExclusionLogLine[] = Array.from({ length: EXCLUSION_LOG_PAGE_SIZE + 5 }, (_, index) => ({
      at: '2026-11-27T07:00:00Z',
      action: 'add',
      mode: 'protection',
      outcome: 'applied',
      customerId: '1234567890',
      campaignId: '111',
      cidr: `203.0.113.${index + 1}`,
      type: 'DYNAMIC',
      reason: 'invalid on the campaign: 1 invalid session from 1 IP',
      threats: { 'network:datacenter': 1 },
      error: null,
    }));
    mockApi(answers({ 'GET /integrations/google-ads/exclusion-log': ok(lines) }));
    renderRoutes(SETTINGS);
    expect(await screen.findAllByTestId('exclusion-log-row')).toHaveLength(EXCLUSION_LOG_PAGE_SIZE);
    expect(screen.getByTestId('exclusion-log-page').textContent).toBe(
      `1–${EXCLUSION_LOG_PAGE_SIZE} of ${EXCLUSION_LOG_PAGE_SIZE + 5}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByTestId('exclusion-log-row')).toHaveLength(5);
    expect(screen.getAllByTestId('exclusion-log-row')[0]?.textContent).toContain(
      `203.0.113.${EXCLUSION_LOG_PAGE_SIZE + 1}`,
    );
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Google Ads account settings: Sync now', () => {
  const SYNC = 'POST /integrations/google-ads/sync';

  it('runs the sync, busy while it runs, then says what it did and reloads the state and the lists', async () => {
    let finish: (value: ReturnType<typeof ok>) => void = () => undefined;
    const api = mockApi(
      answers({
        [SYNC]: () =>
          new Promise((resolve) => {
            finish = resolve;
          }),
      }),
    );
    renderRoutes(SETTINGS);
    const button = await screen.findByTestId('sync-now');
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    await waitFor(() => expect(api.called('GET /integrations/google-ads/exclusion-log')).toHaveLength(1));
    const exclusionReads = api.called('GET /integrations/google-ads/exclusions').length;
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByTestId('sync-progress').textContent).toBe('Syncing with Google…');
    // A second click while it runs sends nothing more.
    await userEvent.click(button);
    expect(api.called(SYNC)).toHaveLength(1);
    finish(
      ok({
        ...linkedStateFixture({ lastSyncAt: '2026-11-27T09:30:00Z' }),
        sync: { mode: 'protection', added: 3, removed: 1, failed: 1, held: 2 },
      }),
    );
    const outcome = await screen.findByTestId('sync-outcome');
    expect(outcome.textContent).toBe(
      'Sync done: 3 exclusions pushed to Google, 1 removed. Google refused 1 change; the next sync retries. 2 IPs held back: the lists are full.',
    );
    expect(outcome.getAttribute('role')).toBe('status');
    expect(screen.queryByTestId('notification')).toBeNull();
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(screen.getByTestId('sync-progress').textContent).toBe('');
    expect(screen.getByTestId('last-sync').textContent).toContain('27 Nov 2026');
    await waitFor(() => expect(api.called('GET /integrations/google-ads/exclusion-log')).toHaveLength(2));
    expect(api.called('GET /integrations/google-ads/exclusions').length).toBeGreaterThan(exclusionReads);
  });

  it('says in the words of the mode that detection and dry run change nothing in Google Ads', async () => {
    let mode: 'detection' | 'dry_run' = 'detection';
    mockApi(
      answers({
        [SYNC]: () =>
          ok({ ...linkedStateFixture(), sync: { mode, added: 1, removed: 0, failed: 0, held: 0 } }),
      }),
    );
    renderRoutes(SETTINGS);
    const button = await screen.findByTestId('sync-now');
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    await userEvent.click(button);
    expect((await screen.findByTestId('sync-outcome')).textContent).toBe(
      'Detection only: 1 exclusion would be added and 0 removed; nothing was sent to Google.',
    );
    mode = 'dry_run';
    await userEvent.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('sync-outcome').textContent).toBe(
        'Dry run done: Google accepted 1 exclusion to add and 0 to remove; nothing was changed in Google Ads.',
      ),
    );
  });

  it('shows why the sync could not run: a refused grant, and Google’s quota', async () => {
    let refusal = { status: 409, body: 'GOOGLE_ADS_RECONNECT' };
    const api = mockApi(answers({ [SYNC]: () => refusal }));
    renderRoutes(SETTINGS);
    const button = await screen.findByTestId('sync-now');
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    await userEvent.click(button);
    const outcome = await screen.findByTestId('sync-outcome');
    expect(outcome.getAttribute('role')).toBe('alert');
    expect(outcome.textContent).toContain('reconnect with Google');
    // The state is read again: a refused grant shows as "reconnect" there.
    await waitFor(() => expect(api.called('GET /integrations/google-ads').length).toBeGreaterThan(1));
    refusal = { status: 429, body: 'GOOGLE_ADS_QUOTA' };
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('sync-outcome').textContent).toContain('quota'));
  });

  it('is unavailable, saying why, to the demo, to a user without the permission, and before an account is protected', async () => {
    const cases = [
      {
        me: meFixture({ planType: 'pro', isDemo: true }),
        permissions: ACCOUNT_PERMISSIONS,
        state: linkedStateFixture(),
        reason: 'demo account',
      },
      {
        me: meFixture({ planType: 'pro' }),
        permissions: [],
        state: linkedStateFixture(),
        reason: 'account_manage_integrations',
      },
      {
        me: meFixture({ planType: 'pro' }),
        permissions: ACCOUNT_PERMISSIONS,
        state: linkedStateFixture({ areAllAccountsInactive: true }),
        reason: 'Choose the accounts to protect first',
      },
    ];
    for (const { me, permissions, state, reason } of cases) {
      const api = mockApi(
        answers({
          'GET /me': ok(me),
          'GET /me/permissions': ok(permissions),
          'GET /integrations/google-ads': ok(state),
        }),
      );
      renderRoutes(SETTINGS);
      const button = await screen.findByTestId('sync-now');
      await waitFor(() => expect(button.getAttribute('data-disabled-reason')).toContain(reason));
      await userEvent.click(button);
      expect(api.called(SYNC)).toHaveLength(0);
      cleanup();
    }
  });
});
