import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLANS_MESSAGES, PlansPage } from './PlansPage';
import { planAction, planIncludes, trialStatus } from './plan-catalogue';
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

describe('PlansPage', () => {
  it('highlights the current plan and offers upgrades through the hosted checkout', async () => {
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
    expect(screen.getByTestId('plan-choose-max').textContent).toBe('Upgrade to Max');
    const pro = screen.getByTestId('plan-choose-pro');
    await waitFor(() =>
      expect(screen.getByTestId('plan-choose-pro').getAttribute('aria-disabled')).toBeNull(),
    );
    await userEvent.click(screen.getByTestId('plan-choose-pro'));
    expect(pro.textContent).toBe('Upgrade to Pro');
    expect(open).toHaveBeenCalledWith('https://pay.example/p/1', '_blank', 'noopener,noreferrer');
  });

  it('lists what each plan includes', async () => {
    mockApi({ 'GET /me': meFixture({ planType: 'pro' }), 'GET /account/payment-page': { url: null } });
    renderScreen(<PlansPage />);
    const free = await screen.findByTestId('plan-free_trial');
    expect(within(free).getByText('Alerts').closest('li')?.getAttribute('data-included')).toBe('false');
    expect(
      within(screen.getByTestId('plan-lite'))
        .getByText('Alerts')
        .closest('li')
        ?.getAttribute('data-included'),
    ).toBe('true');
    const fullReports = (plan: string) =>
      within(screen.getByTestId(`plan-${plan}`))
        .getByText('Full reports')
        .closest('li')
        ?.getAttribute('data-included');
    expect(fullReports('pro')).toBe('false');
    expect(fullReports('max')).toBe('true');
  });

  it('explains that the billing contact handles changes when there is no payment page', async () => {
    mockApi({ 'GET /me': meFixture({ planType: 'pro' }), 'GET /account/payment-page': { url: null } });
    renderScreen(<PlansPage />);
    await expectBlocked('plan-choose-max', PLANS_MESSAGES.billingContact);
    expect(document.body.textContent?.toLowerCase()).not.toContain('coming soon');
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
      'GET /me': meFixture({ planType: 'pro', isDemo: true }),
      'GET /account/payment-page': { url: 'https://pay.example/p/1' },
    });
    renderScreen(<PlansPage />);
    await expectBlocked('plan-choose-max', 'This action is disabled for the demo account');
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
