import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_PERMISSIONS } from '../../features/account/test-api';
import { signIn } from '../../features/google-ads/google-ads-test-support';
import { meFixture, mockApi, ok, renderRoutes } from '../../features/session/session-test-support';

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

const location = () => screen.getByTestId('location').textContent;

describe('the upsell in place of a hidden view (spec 02 §3 upsell flags)', () => {
  it('shows a Lite plan what Google Ads would give and how to upgrade, without calling the integration', async () => {
    const api = mockApi({
      'GET /me': ok(meFixture({ planType: 'lite' })),
      'GET /me/permissions': ok(ACCOUNT_PERMISSIONS),
    });
    renderRoutes('/integrations/google-ads/linking');
    const upsell = await screen.findByTestId('upsell-google_ppc');
    expect(location()).toBe('/integrations/google-ads/linking');
    expect(upsell.textContent).toContain('Google Ads protection');
    expect(upsell.textContent).toContain('Included in Pro');
    const upgrade = screen.getByTestId('upsell-google_ppc-upgrade');
    expect(upgrade.textContent).toBe('Upgrade to Pro');
    expect(upgrade.getAttribute('href')).toBe('/account/plans');
    expect(api.called('GET /integrations/google-ads')).toHaveLength(0);
    // The rail offers the Google Ads pages a Lite plan can buy.
    expect(screen.getByTestId('nav-section-google ads').textContent).toContain('Linking');
  });

  it('upsells global intelligence to a free trial', async () => {
    mockApi({
      'GET /me': ok(meFixture({ planType: 'free_trial', trialExpiresAt: '2999-01-01T00:00:00Z' })),
      'GET /me/permissions': ok(ACCOUNT_PERMISSIONS),
    });
    renderRoutes('/integrations/google-ads/global-intelligence');
    expect((await screen.findByTestId('upsell-gads_global_intelligence')).textContent).toContain(
      'Global intelligence',
    );
  });

  it('still sends a custom account without the flag to its base route', async () => {
    mockApi({
      'GET /me': ok(
        meFixture({ planType: 'custom', accountFeatures: [{ name: 'google_ppc', value: false }] }),
      ),
      'GET /me/permissions': ok(ACCOUNT_PERMISSIONS),
    });
    renderRoutes('/integrations/google-ads/linking');
    await vi.waitFor(() => expect(location()).not.toBe('/integrations/google-ads/linking'));
    expect(screen.queryByTestId('upsell-google_ppc')).toBeNull();
  });

  it('lets a Pro plan open the page itself', async () => {
    mockApi({
      'GET /me': ok(meFixture({ planType: 'pro' })),
      'GET /me/permissions': ok(ACCOUNT_PERMISSIONS),
    });
    renderRoutes('/integrations/google-ads/linking');
    expect(await screen.findByTestId('google-linking-page')).toBeTruthy();
    expect(screen.queryByTestId('upsell-page')).toBeNull();
  });
});
