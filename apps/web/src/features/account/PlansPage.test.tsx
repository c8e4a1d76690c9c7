import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ViewId } from '@veracity/contracts/views';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { privateRoutes } from '../../router';
import { PLANS_MESSAGES, PlansPage } from './PlansPage';
import { PLAN_FEATURES, planAction, planIncludes, trialStatus } from './plan-catalogue';
import { expectBlocked, meFixture, mockApi, renderScreen } from './test-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DAY = 86_400_000;

describe('plan catalogue', () => {
  it('follows the plan gating of spec 01 §6', () => {
    expect(planIncludes('free_trial', ['home', 'analytics', 'sensor_js'])).toBe(true);
    expect(planIncludes('free_trial', ['alerts'])).toBe(false);
    expect(planIncludes('lite', ['alerts'])).toBe(true);
    expect(planIncludes('lite', ['performance'])).toBe(false);
    expect(planIncludes('pro', ['performance', 'forensics', 'facebook_ads'])).toBe(true);
    expect(planIncludes('pro', ['reports'])).toBe(false);
    expect(planIncludes('max', ['reports'])).toBe(true);
    expect(planIncludes('max', ['firewall_campaigns'])).toBe(false);
  });

  it('offers upgrades above the current plan and never a way back to Free', () => {
    expect(planAction('lite', 'pro')).toBe('upgrade');
    expect(planAction('max', 'lite')).toBe('switch');
    expect(planAction('pro', 'pro')).toBeNull();
    expect(planAction('pro', 'free_trial')).toBeNull();
  });

  it('counts the trial days left, rounded up, and knows when it expired', () => {
    const now = new Date('2025-03-01T12:00:00Z');
    expect(trialStatus('2025-03-04T10:00:00Z', now)).toEqual({ state: 'active', daysLeft: 3 });
    expect(trialStatus('2025-03-01T13:00:00Z', now)).toEqual({ state: 'active', daysLeft: 1 });
    expect(trialStatus('2025-03-01T11:00:00Z', now)).toEqual({ state: 'expired' });
    expect(trialStatus(null, now)).toBeNull();
  });
});

/** The views the dashboard has a screen for: the private routes' view ids. */
function routedViews(routes: readonly RouteObject[] = privateRoutes): Set<ViewId> {
  const views = new Set<ViewId>();
  for (const route of routes) {
    const view = (route.handle as { view?: ViewId } | undefined)?.view;
    if (view) views.add(view);
    for (const child of routedViews(route.children ?? [])) views.add(child);
  }
  return views;
}

const featureLabels = (plan: string) =>
  within(screen.getByTestId(`plan-${plan}`))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/ \((not )?included\)$/, ''));

describe('PlansPage', () => {
  it('lists only features the dashboard has a screen for', async () => {
    const routed = routedViews();
    for (const feature of PLAN_FEATURES) {
      expect(
        feature.views.filter((view) => !routed.has(view)),
        `${feature.label} has no screen`,
      ).toEqual([]);
    }
    mockApi({ 'GET /me': meFixture({ planType: 'lite' }), 'GET /account/payment-page': { url: null } });
    renderScreen(<PlansPage />);
    await screen.findByTestId('plan-lite');
    expect(featureLabels('lite')).toEqual(PLAN_FEATURES.map((feature) => feature.label));
    for (const absent of ['Full reports', 'Performance', 'forensics', 'Firewall', 'integrations']) {
      expect(document.body.textContent).not.toContain(absent);
    }
  });

  it('offers only plans that add something the dashboard has: no Max while it adds only what is not built', async () => {
    mockApi({ 'GET /me': meFixture({ planType: 'lite' }), 'GET /account/payment-page': { url: null } });
    renderScreen(<PlansPage />);
    await screen.findByTestId('plan-lite');
    expect(screen.queryByTestId('plan-max')).toBeNull();
    expect(screen.getByTestId('plan-pro')).toBeTruthy();
  });

  it("keeps a Max account's own plan on the page", async () => {
    mockApi({ 'GET /me': meFixture({ planType: 'max' }), 'GET /account/payment-page': { url: null } });
    renderScreen(<PlansPage />);
    expect((await screen.findByTestId('plan-max')).getAttribute('data-current')).toBe('true');
  });

  it('highlights the current plan and offers upgrades through the hosted page when the account has one', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    mockApi({
      'GET /me': meFixture({ planType: 'lite' }),
      'GET /account/payment-page': { url: 'https://pay.example/p/1' },
    });
    renderScreen(<PlansPage />);
    const lite = await screen.findByTestId('plan-lite');
    expect(lite.getAttribute('data-current')).toBe('true');
    expect(within(lite).getByTestId('plan-current').textContent).toBe('Current plan');
    expect(within(lite).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('plan-free_trial')).queryByRole('button')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('plan-choose-pro').getAttribute('aria-disabled')).toBeNull(),
    );
    await userEvent.click(screen.getByTestId('plan-choose-pro'));
    expect(screen.getByTestId('plan-choose-pro').textContent).toBe('Upgrade to Pro');
    expect(open).toHaveBeenCalledWith('https://pay.example/p/1', '_blank', 'noopener,noreferrer');
  });

  it('lists what each plan includes', async () => {
    mockApi({ 'GET /me': meFixture({ planType: 'pro' }), 'GET /account/payment-page': { url: null } });
    renderScreen(<PlansPage />);
    const free = await screen.findByTestId('plan-free_trial');
    expect(within(free).getByText('Alerts').closest('li')?.getAttribute('data-included')).toBe('false');
    const included = (plan: string, label: string) =>
      within(screen.getByTestId(`plan-${plan}`))
        .getByText(label)
        .closest('li')
        ?.getAttribute('data-included');
    expect(included('lite', 'Alerts')).toBe('true');
    expect(included('lite', 'Server-to-server campaigns')).toBe('false');
    expect(included('pro', 'Server-to-server campaigns')).toBe('true');
  });

  it("gives a free trial's admin a working upgrade without online payment: a mail to support naming the account and plan", async () => {
    mockApi({
      'GET /me': meFixture({ planType: 'free_trial', isAdmin: true, companyName: 'Acme' }),
      'GET /account/payment-page': { url: null },
    });
    renderScreen(<PlansPage />);
    expect((await screen.findByTestId('plans-how-to-upgrade')).textContent).toBe(PLANS_MESSAGES.howToUpgrade);
    const upgrade = await screen.findByRole('link', { name: 'Upgrade to Lite' });
    expect(upgrade.getAttribute('aria-disabled')).toBeNull();
    const mail = new URL(upgrade.getAttribute('href') ?? '');
    expect(mail.protocol).toBe('mailto:');
    expect(mail.pathname).toBe('support@veracity.example');
    expect(mail.searchParams.get('subject')).toBe('Upgrade Acme to Lite');
    expect(mail.searchParams.get('body')).toContain('Account: Acme (42)');
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toBeTruthy();
  });

  it('tells a user who is not an admin of the account to ask one', async () => {
    mockApi({
      'GET /me': meFixture({ planType: 'free_trial', isAdmin: false }),
      'GET /account/payment-page': { url: null },
    });
    renderScreen(<PlansPage />);
    await expectBlocked('plan-choose-lite', PLANS_MESSAGES.adminOnly);
  });

  it('shows the days left of a free trial', async () => {
    const trialExpiresAt = new Date(Date.now() + 4 * DAY + 1000).toISOString();
    mockApi({
      'GET /me': meFixture({ planType: 'free_trial', trialExpiresAt }),
      'GET /account/payment-page': { url: null },
    });
    renderScreen(<PlansPage />);
    expect((await screen.findByTestId('trial-days-left')).textContent).toBe(
      'Your free trial ends in 5 days.',
    );
    expect(screen.getByTestId('plan-free_trial').getAttribute('data-current')).toBe('true');
    expect(screen.getByTestId('plan-choose-lite').textContent).toBe('Upgrade to Lite');
  });

  it('says when the free trial has expired', async () => {
    const trialExpiresAt = new Date(Date.now() - DAY).toISOString();
    mockApi({
      'GET /me': meFixture({ planType: 'free_trial', trialExpiresAt }),
      'GET /account/payment-page': { url: null },
    });
    renderScreen(<PlansPage />);
    expect((await screen.findByTestId('trial-expired')).textContent).toBe(PLANS_MESSAGES.trialExpired);
  });

  it('disables plan changes for a demo account', async () => {
    mockApi({
      'GET /me': meFixture({ planType: 'lite', isDemo: true }),
      'GET /account/payment-page': { url: 'https://pay.example/p/1' },
    });
    renderScreen(<PlansPage />);
    await expectBlocked('plan-choose-pro', 'This action is disabled for the demo account');
  });

  it('shows no plan actions for demo and custom plans', async () => {
    mockApi({
      'GET /me': meFixture({ planType: 'custom' }),
      'GET /account/payment-page': { url: 'https://pay.example' },
    });
    renderScreen(<PlansPage />);
    expect((await screen.findByTestId('plans-custom')).textContent).toBe(PLANS_MESSAGES.customPlan);
    expect(within(screen.getByTestId('plans-grid')).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('plan-current')).toBeNull();
  });
});
