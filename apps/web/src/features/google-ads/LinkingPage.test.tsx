import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_PERMISSIONS } from '../account/test-api';
import { meFixture, mockApi, ok, renderRoutes } from '../session/session-test-support';
import { openConsentPage } from './consent-page';
import { HIERARCHY, linkedStateFixture, signIn, stateFixture } from './google-ads-test-support';
import { INTEGRATION_MARKER_KEYS } from './integration-marker';

vi.mock('./consent-page', () => ({ openConsentPage: vi.fn() }));

const LINKING = '/integrations/google-ads/linking';
const STATE = 'GET /integrations/google-ads';

function session(overrides: Parameters<typeof meFixture>[0] = {}) {
  return {
    'GET /me': ok(meFixture({ planType: 'pro', ...overrides })),
    'GET /me/permissions': ok(ACCOUNT_PERMISSIONS),
  };
}

function activeStep(): string {
  const menu = screen.getByRole('navigation', { name: 'Google Ads linking steps' });
  return menu.querySelector('[aria-current="step"]')?.textContent ?? '';
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(openConsentPage).mockReset();
  sessionStorage.clear();
  localStorage.clear();
});

describe('Google Ads linking: the google stepper', () => {
  it('opens at the first step not ready, and Next waits until that step is ready', async () => {
    mockApi({ ...session(), [STATE]: ok(stateFixture()) });
    renderRoutes(LINKING);
    expect(await screen.findByTestId('google-step-connect')).toBeTruthy();
    expect(activeStep()).toContain('1. Connect with Google');
    expect(screen.queryByRole('button', { name: /\(ready\)/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByTestId('google-unlink')).toBeNull();
  });

  it('marks the steps the state says are ready and opens at the accounts step', async () => {
    mockApi({
      ...session(),
      [STATE]: ok(
        stateFixture({ connection: 'connected', gAdsSetupStatus: [true, false, false], accounts: HIERARCHY }),
      ),
    });
    renderRoutes(LINKING);
    expect(await screen.findByTestId('google-step-accounts')).toBeTruthy();
    expect(activeStep()).toContain('2. Choose accounts to protect');
    expect(screen.getByRole('button', { name: /1\. Connect with Google \(ready\)/ })).toBeTruthy();
    expect(screen.getByTestId('google-all-inactive').textContent).toContain('No account is protected');
  });

  it('connects: asks for the consent address, keeps the marker at the accounts step and leaves for Google', async () => {
    const api = mockApi({
      ...session(),
      [STATE]: ok(stateFixture()),
      'POST /integrations/google-ads/connect': ok({
        url: 'https://accounts.example/o/oauth2/auth?state=abc',
      }),
    });
    renderRoutes(LINKING);
    await userEvent.click(await screen.findByTestId('google-connect'));
    await waitFor(() =>
      expect(openConsentPage).toHaveBeenCalledWith('https://accounts.example/o/oauth2/auth?state=abc'),
    );
    expect(api.called('POST /integrations/google-ads/connect')[0]?.body).toEqual({ returnPath: LINKING });
    expect(JSON.parse(sessionStorage.getItem(INTEGRATION_MARKER_KEYS.current) ?? '{}')).toEqual({
      integration: 'google',
      step: 1,
    });
  });

  it('back from Google: resumes at the marker’s step, says it connected and drops the parameter', async () => {
    sessionStorage.setItem(
      INTEGRATION_MARKER_KEYS.current,
      JSON.stringify({ integration: 'google', step: 1 }),
    );
    mockApi({
      ...session(),
      [STATE]: ok(
        stateFixture({ connection: 'connected', gAdsSetupStatus: [true, false, false], accounts: HIERARCHY }),
      ),
    });
    renderRoutes(`${LINKING}?googleAds=connected`);
    expect((await screen.findByTestId('notification')).textContent).toContain('Google Ads connected');
    expect(await screen.findByTestId('google-step-accounts')).toBeTruthy();
    expect(activeStep()).toContain('2. Choose accounts to protect');
    await waitFor(() => expect(location()).toBe(LINKING));
  });

  it('back from Google after a refusal: says so', async () => {
    mockApi({ ...session(), [STATE]: ok(stateFixture()) });
    renderRoutes(`${LINKING}?googleAds=error&reason=access_denied`);
    expect((await screen.findByTestId('notification')).textContent).toContain('access was not granted');
    expect(await screen.findByTestId('google-step-connect')).toBeTruthy();
    expect(activeStep()).toContain('1. Connect with Google');
  });

  it('says before any click that this server has no Google OAuth client, and what its operator sets', async () => {
    const api = mockApi({ ...session(), [STATE]: ok(stateFixture({ configured: false })) });
    renderRoutes(LINKING);
    const note = await screen.findByTestId('google-not-configured');
    expect(note.textContent).toContain('not set up on this Veracity server');
    expect(note.textContent).toContain('GOOGLE_ADS_CLIENT_ID');
    expect(note.textContent).toContain('GOOGLE_ADS_CLIENT_SECRET');
    expect(screen.queryByTestId('google-connect')).toBeNull();
    expect(api.called('POST /integrations/google-ads/connect')).toHaveLength(0);
  });

  it('asks to reconnect when Google refused the stored token', async () => {
    mockApi({
      ...session(),
      [STATE]: ok(linkedStateFixture({ connection: 'reconnect', gAdsSetupStatus: [false, true, true] })),
    });
    renderRoutes(LINKING);
    expect((await screen.findByTestId('google-reconnect')).textContent).toContain('Exclusions are paused');
    expect(screen.getByTestId('google-connect').textContent).toBe('Reconnect with Google');
  });
});

describe('Google Ads linking: choosing the accounts to protect', () => {
  it('indents the hierarchy, dashes the ids, keeps managers unselectable and saves the chosen accounts', async () => {
    const api = mockApi({
      ...session(),
      [STATE]: ok(
        stateFixture({ connection: 'connected', gAdsSetupStatus: [true, false, false], accounts: HIERARCHY }),
      ),
      'PUT /integrations/google-ads/accounts': (body) =>
        ok(
          linkedStateFixture({
            accounts: HIERARCHY.map((account) => ({
              ...account,
              active: (body as { customerIds: string[] }).customerIds.includes(account.customerId),
            })),
          }),
        ),
    });
    renderRoutes(LINKING);
    const list = await screen.findByTestId('google-accounts');
    const manager = within(list).getByTestId('google-account-1112223333');
    expect(within(manager).queryByRole('checkbox')).toBeNull();
    expect(manager.textContent).toContain('111-222-3333');
    expect(manager.textContent).toContain('Manager account');
    const brand = within(list).getByTestId('google-account-98765432101');
    expect(brand.textContent).toContain('987-654-32101');
    expect(brand.style.getPropertyValue('--level')).toBe('1');
    expect(manager.style.getPropertyValue('--level')).toBe('0');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Acme Brand' }));
    expect(screen.getByTestId('google-accounts-count').textContent).toBe('1 account chosen');
    await userEvent.click(screen.getByTestId('google-accounts-save'));
    await waitFor(() => expect(api.called('PUT /integrations/google-ads/accounts')).toHaveLength(1));
    expect(api.called('PUT /integrations/google-ads/accounts')[0]?.body).toEqual({
      customerIds: ['98765432101'],
    });
    expect((await screen.findByTestId('notification')).textContent).toContain('1 account is protected');
    await waitFor(() => expect(screen.queryByTestId('google-all-inactive')).toBeNull());
    expect(screen.getByRole('button', { name: /2\. Choose accounts to protect \(ready\)/ })).toBeTruthy();
  });

  it('reloads the hierarchy from Google with Refresh', async () => {
    const api = mockApi({
      ...session(),
      [STATE]: ok(
        stateFixture({ connection: 'connected', gAdsSetupStatus: [true, false, false], accounts: [] }),
      ),
      'POST /integrations/google-ads/refresh': ok(
        stateFixture({ connection: 'connected', gAdsSetupStatus: [true, false, false], accounts: HIERARCHY }),
      ),
    });
    renderRoutes(LINKING);
    expect(await screen.findByTestId('google-accounts-empty')).toBeTruthy();
    await userEvent.click(screen.getByTestId('google-accounts-refresh'));
    expect(await screen.findByTestId('google-accounts')).toBeTruthy();
    expect(api.called('POST /integrations/google-ads/refresh')).toHaveLength(1);
  });

  it('shows the demo account’s refusal (418) as the catalogue says', async () => {
    mockApi({
      ...session(),
      [STATE]: ok(
        stateFixture({ connection: 'connected', gAdsSetupStatus: [true, false, false], accounts: HIERARCHY }),
      ),
      'PUT /integrations/google-ads/accounts': { status: 418, body: 'demo' },
    });
    renderRoutes(LINKING);
    await userEvent.click(await screen.findByTestId('google-accounts-save'));
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'This action is disabled for the demo account',
    );
  });

  it('locks the writes for a user without the integrations permission, saying why', async () => {
    mockApi({
      'GET /me': ok(meFixture({ planType: 'pro' })),
      'GET /me/permissions': ok([]),
      [STATE]: ok(stateFixture()),
    });
    renderRoutes(LINKING);
    await waitFor(() =>
      expect(screen.getByTestId('google-connect').getAttribute('data-disabled-reason')).toContain(
        'account_manage_integrations',
      ),
    );
  });
});

describe('Google Ads linking: protection mode, tracking template, finish and unlink', () => {
  it('saves the mode, offers the parameters of one’s own template with copy buttons, and keeps it', async () => {
    const api = mockApi({
      ...session(),
      [STATE]: ok(linkedStateFixture({ gAdsSetupStatus: [true, true, false] })),
      'PATCH /integrations/google-ads/settings': (body) =>
        ok(linkedStateFixture({ settings: { ...linkedStateFixture().settings, ...(body as object) } })),
      'POST /integrations/google-ads/tracking-template': (body) =>
        ok(linkedStateFixture({ skipTT: !(body as { apply: boolean }).apply })),
    });
    renderRoutes(LINKING);
    expect(await screen.findByTestId('google-step-protection')).toBeTruthy();
    expect(screen.getByTestId('google-finish').getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(screen.getByRole('radio', { name: /Protection/ }));
    await waitFor(() =>
      expect(api.called('PATCH /integrations/google-ads/settings')[0]?.body).toEqual({
        protectionMode: 'protection',
      }),
    );
    expect(screen.getByTestId('google-template-text').textContent).toContain('{lpurl}?vy_cid={campaignid}');
    await userEvent.click(screen.getByRole('radio', { name: /Keep my own tracking template/ }));
    const parameters = screen.getByTestId('google-tracking-parameters');
    expect(within(parameters).getAllByRole('button', { name: 'Copy' })).toHaveLength(5);
    expect(parameters.textContent).toContain('vy_kw={keyword}');
    await userEvent.click(screen.getByTestId('google-template-save'));
    await waitFor(() =>
      expect(api.called('POST /integrations/google-ads/tracking-template')[0]?.body).toEqual({
        apply: false,
      }),
    );
  });

  it('finishing records integrationCompleted, clears the marker and opens the account settings', async () => {
    sessionStorage.setItem(
      INTEGRATION_MARKER_KEYS.current,
      JSON.stringify({ integration: 'google', step: 2 }),
    );
    mockApi({
      ...session(),
      [STATE]: ok(linkedStateFixture()),
      'GET /me/settings': ok({ user: { timezone: 'UTC' }, account: { timezone: 'UTC' } }),
    });
    renderRoutes(LINKING);
    await userEvent.click(await screen.findByTestId('google-finish'));
    await waitFor(() => expect(location()).toBe('/integrations/google-ads/account-settings'));
    expect(sessionStorage.getItem(INTEGRATION_MARKER_KEYS.current)).toBeNull();
    expect(sessionStorage.getItem(INTEGRATION_MARKER_KEYS.completed)).toBe('google');
  });

  it('unlinks after a confirmation', async () => {
    let linked = true;
    const api = mockApi({
      ...session(),
      [STATE]: () => ok(linked ? linkedStateFixture() : stateFixture()),
      'DELETE /integrations/google-ads': () => {
        linked = false;
        return { status: 204 };
      },
    });
    renderRoutes(LINKING);
    await userEvent.click(await screen.findByTestId('google-unlink'));
    expect(api.called('DELETE /integrations/google-ads')).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('google-unlink-confirm'));
    await waitFor(() => expect(api.called('DELETE /integrations/google-ads')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('google-unlink')).toBeNull());
    expect(await screen.findByTestId('google-step-connect')).toBeTruthy();
  });
});
