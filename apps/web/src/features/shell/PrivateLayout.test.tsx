import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meFixture, mockApi, ok, renderRoutes } from '../session/session-test-support';
import { PrivateLayout } from './PrivateLayout';

function signIn(relationshipId: number | null = 42) {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  if (relationshipId !== null)
    localStorage.setItem(STORAGE_KEYS.activeRelationshipId, String(relationshipId));
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the route guard of private screens (spec 01 §4)', () => {
  it('(1) sends a visitor without a token to the login, keeping the query, without calling the API', async () => {
    const api = mockApi({});
    renderRoutes('/intelligence/analytics?from=2026-01-01');
    expect(await screen.findByTestId('auth-login')).toBeTruthy();
    expect(location()).toBe('/auth/login?from=2026-01-01');
    expect(api.calls).toEqual([]);
  });

  it('(2) shows a spinner while the user and permissions load, with the stored token', async () => {
    signIn();
    let release: () => void = () => undefined;
    const api = mockApi({
      'GET /me': () =>
        new Promise((resolve) => {
          release = () => resolve(ok(meFixture()));
        }),
      'GET /me/permissions': ok([]),
    });
    renderRoutes('/intelligence/analytics');
    expect(await screen.findByTestId('guard-loading')).toBeTruthy();
    await waitFor(() => expect(api.called('GET /me')).toHaveLength(1));
    expect(api.called('GET /me/permissions')).toHaveLength(1);
    expect(api.calls[0]?.authorization).toBe('Bearer tok');
    release();
    expect(await screen.findByTestId('analytics-page')).toBeTruthy();
  });

  it('(3) sends a user without an active relationship to /role', async () => {
    signIn(null);
    mockApi({
      'GET /me': ok(meFixture({ relationshipId: null, planType: null, companyName: null })),
      'GET /me/permissions': ok([]),
      'GET /me/relationships': ok([]),
    });
    renderRoutes('/intelligence/analytics');
    expect(await screen.findByTestId('role')).toBeTruthy();
    expect(location()).toBe('/role');
  });

  it('(3) forceSelection ignores the stored relationship', async () => {
    signIn();
    mockApi({
      'GET /me': ok(meFixture()),
      'GET /me/permissions': ok([]),
      'GET /me/relationships': ok([]),
    });
    renderRoutes('/intelligence/analytics?forceSelection=true');
    expect(await screen.findByTestId('role')).toBeTruthy();
    expect(location()).toBe('/role?forceSelection=true');
  });

  it('(4) sends a self-service user to the base route when the plan hides the view', async () => {
    signIn();
    mockApi({ 'GET /me': ok(meFixture({ planType: 'free_trial' })), 'GET /me/permissions': ok([]) });
    const gated = [
      {
        path: '/',
        children: [
          {
            element: <PrivateLayout availablePaths={new Set<string>()} />,
            children: [
              { path: 'intelligence/overview', element: <p>overview</p>, handle: { view: 'home' } },
              { path: 'intelligence/reports/alerts', element: <p>alerts</p>, handle: { view: 'alerts' } },
            ],
          },
        ],
      },
    ];
    renderRoutes('/intelligence/reports/alerts?from=2026-01-01', gated);
    expect(await screen.findByText('overview')).toBeTruthy();
    expect(location()).toBe('/intelligence/overview?from=2026-01-01');
    expect(screen.queryByText('alerts')).toBeNull();
  });

  it('(4) sends an expired free trial to /account/plans', async () => {
    signIn();
    mockApi({
      'GET /me': ok(meFixture({ planType: 'free_trial', trialExpiresAt: '2020-01-01T00:00:00Z' })),
      'GET /me/permissions': ok([]),
    });
    renderRoutes('/intelligence/overview');
    await waitFor(() => expect(location()).toBe('/account/plans'));
  });

  it('(5) sends a flag-driven account to analytics when a flag hides the overview', async () => {
    signIn();
    mockApi({
      'GET /me': ok(meFixture({ planType: 'custom', accountFeatures: [{ name: 'home', value: false }] })),
      'GET /me/permissions': ok([]),
    });
    renderRoutes('/intelligence/overview');
    expect(await screen.findByTestId('analytics-page')).toBeTruthy();
    expect(location()).toBe('/intelligence/analytics');
  });

  it('sends a self-service user without a sensor to /setup/integration', async () => {
    signIn();
    mockApi({
      'GET /me': ok(meFixture({ planType: 'lite', sensorIntegrated: false })),
      'GET /me/permissions': ok([]),
    });
    renderRoutes('/intelligence/overview');
    expect(await screen.findByTestId('integration-page')).toBeTruthy();
    expect(screen.getByTestId('integration-status').textContent).toContain('Sensor not detected yet');
  });

  it('sends the index to the base route of the account', async () => {
    signIn();
    mockApi({ 'GET /me': ok(meFixture({ planType: 'max' })), 'GET /me/permissions': ok([]) });
    renderRoutes('/?from=2026-01-01');
    expect(await screen.findByTestId('overview-page')).toBeTruthy();
    expect(location()).toBe('/intelligence/overview?from=2026-01-01');
    expect(screen.getByTestId('key-figures')).toBeTruthy();
  });

  it('logs out on a 401 from /me and leaves for the root', async () => {
    signIn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({ 'GET /me': { status: 401, body: 'Unauthorized' }, 'GET /me/permissions': ok([]) });
    renderRoutes('/intelligence/analytics');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.activeRelationshipId)).toBeNull();
  });

  it('shows the company, the user menu and the support badge inside the shell', async () => {
    signIn();
    localStorage.setItem(STORAGE_KEYS.isGhost, 'true');
    localStorage.setItem(STORAGE_KEYS.ghostRole, 'Support');
    mockApi({ 'GET /me': ok(meFixture({ companyName: 'Acme Retail' })), 'GET /me/permissions': ok([]) });
    renderRoutes('/intelligence/analytics');
    await screen.findByTestId('analytics-page');
    const switcher = screen.getAllByTestId('account-switcher')[0] as HTMLElement;
    expect(switcher.textContent).toContain('ACME RETAIL');
    expect(switcher.getAttribute('href')).toBe('/role?forceSelection=true');
    const menu = screen.getAllByTestId('user-menu')[0] as HTMLElement;
    expect(within(menu).getByText('Ana')).toBeTruthy();
    expect(within(menu).getByTestId('support-session-badge').textContent).toBe('Support session');
    await userEvent.click(menu);
    expect(await screen.findByTestId('user-menu-logout')).toBeTruthy();
    expect(screen.getByTestId('user-menu-account')).toBeTruthy();
  });

  it('offers the support console and the outbox to the instance admin alone', async () => {
    for (const [isSupport, shown] of [
      [true, true],
      [false, false],
    ] as const) {
      signIn();
      mockApi({ 'GET /me': ok(meFixture({ isSupport })), 'GET /me/permissions': ok([]) });
      renderRoutes('/account/labels');
      await screen.findByTestId('account-labels-page');
      await userEvent.click(screen.getAllByTestId('user-menu')[0] as HTMLElement);
      await screen.findByTestId('user-menu-logout');
      expect(screen.queryByTestId('user-menu-outbox') !== null, `isSupport ${isSupport}`).toBe(shown);
      expect(screen.queryByTestId('user-menu-support') !== null).toBe(shown);
      cleanup();
    }
  });

  it('lists in the rail only the views the plan shows', async () => {
    signIn();
    mockApi({ 'GET /me': ok(meFixture({ planType: 'free_trial' })), 'GET /me/permissions': ok([]) });
    renderRoutes('/intelligence/analytics');
    await screen.findByTestId('analytics-page');
    const rail = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(rail).getByRole('link', { name: 'Analytics' })).toBeTruthy();
    expect(within(rail).getByRole('link', { name: 'Integration' })).toBeTruthy();
  });
});
