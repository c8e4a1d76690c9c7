import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ViewId } from '@veracity/contracts/views';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../lib/page-reload';
import { AppProviders, createQueryClient } from '../../providers';
import { privateRoutes } from '../../router';
import { leaveInactiveAccount } from '../auth/use-select-relationship';
import { PLANS_MESSAGES, PlansPage } from './PlansPage';
import { PLAN_FEATURES, planAction, planIncludes, trialStatus } from './plan-catalogue';
import { callsTo, expectBlocked, meFixture, mockApi, renderScreen } from './test-api';

vi.mock('../../lib/page-reload', () => ({ reloadPage: vi.fn() }));
vi.mock('../auth/use-select-relationship', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../auth/use-select-relationship')>()),
  leaveInactiveAccount: vi.fn(async () => undefined),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(reloadPage).mockClear();
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

const STATE = {
  planType: 'lite',
  subscriptionId: 'sub_1',
  status: 'active',
  currency: 'EUR',
  frequency: 'monthly',
  numVisitsAddons: 0,
  monthlyVisits: 50_000,
  visitsThisMonth: 12_500,
  scheduledPlan: null,
  nextBillingAt: '2026-12-14T00:00:00.000Z',
  active: true,
} as const;

const TRIAL_STATE = {
  ...STATE,
  planType: 'free_trial',
  subscriptionId: null,
  status: null,
  currency: null,
  frequency: null,
  monthlyVisits: 10_000,
  visitsThisMonth: 300,
  nextBillingAt: null,
} as const;

const HOSTED_PAGE = {
  id: 'hp_9',
  type: 'checkout_existing',
  url: 'http://localhost/billing/test-mode/hp_9',
  state: 'created',
  embed: false,
  created_at: 1,
  expires_at: 2,
};

function plansApi(me: Parameters<typeof meFixture>[0], state: object = STATE, extra = {}) {
  return mockApi({ 'GET /me': meFixture(me), 'GET /billing/subscription': state, ...extra });
}

/** The built-in page ends on its outcome, which the screen reads from the frame. */
function endFramedCheckout(id: string) {
  const frame = screen.getByTestId('hosted-checkout-frame') as HTMLIFrameElement;
  const outcome = frame.contentDocument?.createElement('main');
  outcome?.setAttribute('data-checkout-state', 'succeeded');
  outcome?.setAttribute('data-hosted-page-id', id);
  if (outcome) frame.contentDocument?.append(outcome);
  frame.dispatchEvent(new Event('load'));
}

describe('PlansPage', () => {
  it('lists only features the dashboard has a screen for', async () => {
    const routed = routedViews();
    for (const feature of PLAN_FEATURES) {
      expect(
        feature.views.filter((view) => !routed.has(view)),
        `${feature.label} has no screen`,
      ).toEqual([]);
    }
    plansApi({ planType: 'lite', isAdmin: true });
    renderScreen(<PlansPage />);
    await screen.findByTestId('plan-lite');
    expect(featureLabels('lite')).toEqual(PLAN_FEATURES.map((feature) => feature.label));
    for (const absent of ['Performance', 'Firewall', 'integrations']) {
      expect(document.body.textContent).not.toContain(absent);
    }
  });

  it('prices every plan from the catalogue in the chosen term', async () => {
    plansApi({ planType: 'free_trial', isAdmin: true }, TRIAL_STATE);
    renderScreen(<PlansPage />);
    expect((await screen.findByTestId('plan-price-pro')).textContent).toBe('€149 a month');
    expect(screen.getByTestId('plan-price-max').textContent).toBe('€399 a month');
    expect(screen.getByTestId('plan-price-free_trial').textContent).toBe('Free for 14 days');
    await userEvent.click(within(screen.getByTestId('plans-frequency')).getByRole('button'));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Yearly (2 months free)' }));
    expect(screen.getByTestId('plan-price-pro').textContent).toBe('€1,490 a year');
  });

  it("shows the plan as billed: status, price, next invoice and this month's visits against the plan", async () => {
    plansApi({ planType: 'lite', isAdmin: true });
    renderScreen(<PlansPage />);
    const current = await screen.findByTestId('plans-current');
    expect(within(current).getByTestId('plans-current-plan').textContent).toBe('Lite');
    expect(within(current).getByTestId('plans-current-status').textContent).toBe('Active');
    expect(within(current).getByTestId('plans-current-price').textContent).toBe('€49 a month');
    expect(within(current).getByTestId('plans-next-invoice').textContent).toBe('14 December 2026: €49');
    expect(within(current).getByTestId('plans-usage').textContent).toContain(
      '12,500 of 50,000 visits this month',
    );
    expect((screen.getByTestId('plans-usage-bar').firstChild as HTMLElement).style.width).toBe('25%');
    expect(screen.queryByTestId('plans-usage-near')).toBeNull();
  });

  it('says so at 80% and at 100% of the visits, with no cut-off', async () => {
    plansApi({ planType: 'lite', isAdmin: true }, { ...STATE, visitsThisMonth: 41_000 });
    const first = renderScreen(<PlansPage />);
    expect((await screen.findByTestId('plans-usage-near')).textContent).toBe(PLANS_MESSAGES.visitsNear(82));
    first.unmount();
    plansApi({ planType: 'lite', isAdmin: true }, { ...STATE, visitsThisMonth: 61_000 });
    renderScreen(<PlansPage />);
    expect((await screen.findByTestId('plans-usage-over')).textContent).toBe(PLANS_MESSAGES.visitsOver);
  });

  it('upgrades from Lite through the hosted checkout, applies the paid page and reloads', async () => {
    const calls = plansApi({ planType: 'lite', isAdmin: true }, STATE, {
      'POST /billing/checkout': HOSTED_PAGE,
      'POST /billing/checkout-finish': { ...STATE, planType: 'pro' },
    });
    renderScreen(<PlansPage />);
    const lite = await screen.findByTestId('plan-lite');
    expect(lite.getAttribute('data-current')).toBe('true');
    expect(within(lite).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('plan-free_trial')).queryByRole('button')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('plan-choose-pro').getAttribute('aria-disabled')).toBeNull(),
    );
    expect(screen.getByTestId('plan-choose-pro').textContent).toBe('Upgrade to Pro');
    await userEvent.click(screen.getByTestId('plan-choose-pro'));
    await screen.findByTestId('hosted-checkout-frame');
    expect(callsTo(calls, 'POST', '/billing/checkout')[0]?.body).toEqual({
      plan: 'pro',
      currency: 'EUR',
      frequency: 'monthly',
      numVisitsAddons: 0,
    });
    endFramedCheckout('hp_9');
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(callsTo(calls, 'POST', '/billing/checkout-finish')[0]?.body).toEqual({ hostedPageId: 'hp_9' });
  });

  it('marks a downgrade as taking effect at the end of the period, and a scheduled change', async () => {
    plansApi({ planType: 'pro', isAdmin: true }, { ...STATE, planType: 'pro', scheduledPlan: 'lite' });
    renderScreen(<PlansPage />);
    const lite = await screen.findByTestId('plan-lite');
    expect(within(lite).getByTestId('plan-choose-lite').textContent).toBe('Switch to Lite');
    expect(lite.textContent).toContain(PLANS_MESSAGES.downgradeNote);
    expect(screen.getByTestId('plans-scheduled').textContent).toBe(
      'Your plan changes to Lite on 14 December 2026.',
    );
  });

  it('buys visits add-ons on the current plan', async () => {
    const calls = plansApi({ planType: 'lite', isAdmin: true }, STATE, {
      'POST /billing/checkout': HOSTED_PAGE,
    });
    renderScreen(<PlansPage />);
    const input = await screen.findByTestId('plans-addons-input');
    await userEvent.clear(input);
    await userEvent.type(input, '3');
    await userEvent.click(screen.getByTestId('plans-addons-submit'));
    await screen.findByTestId('hosted-checkout-frame');
    expect(callsTo(calls, 'POST', '/billing/checkout')[0]?.body).toMatchObject({
      plan: 'lite',
      numVisitsAddons: 3,
    });
  });

  it('applies a checkout that came back by redirect', async () => {
    const calls = plansApi({ planType: 'lite', isAdmin: true }, STATE, {
      'POST /billing/checkout-finish': { ...STATE, planType: 'pro' },
    });
    const router = createMemoryRouter([{ path: '*', element: <PlansPage /> }], {
      initialEntries: ['/account/plans?id=hp_7&state=succeeded'],
    });
    render(
      <AppProviders client={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(callsTo(calls, 'POST', '/billing/checkout-finish')).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it('lets an admin play a failed renewal in TEST MODE, then leaves the closed account', async () => {
    const calls = plansApi({ planType: 'lite', isAdmin: true }, STATE, {
      'POST /billing/test-mode/fail-renewal': { ok: true },
    });
    renderScreen(<PlansPage />);
    const button = await screen.findByTestId('plans-test-fail-renewal');
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    await userEvent.click(button);
    await waitFor(() => expect(leaveInactiveAccount).toHaveBeenCalled());
    expect(callsTo(calls, 'POST', '/billing/test-mode/fail-renewal')).toHaveLength(1);
  });

  it('says when the payment page could not be opened', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    plansApi({ planType: 'lite', isAdmin: true }, STATE, {
      'POST /billing/checkout': () => ({ status: 503, body: 'Sign-ups are currently unavailable.' }),
    });
    renderScreen(<PlansPage />);
    await waitFor(() =>
      expect(screen.getByTestId('plan-choose-pro').getAttribute('aria-disabled')).toBeNull(),
    );
    await userEvent.click(screen.getByTestId('plan-choose-pro'));
    expect((await screen.findByTestId('plans-checkout-failed')).textContent).toBe(
      PLANS_MESSAGES.checkoutFailed,
    );
  });

  it('lists what each plan includes', async () => {
    plansApi({ planType: 'pro' }, { ...STATE, planType: 'pro' });
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
    expect(included('pro', 'Scheduled reports')).toBe('false');
    expect(included('max', 'Scheduled reports')).toBe('true');
  });

  it('tells a user who is not an admin of the account to ask one', async () => {
    plansApi({ planType: 'free_trial', isAdmin: false }, TRIAL_STATE);
    renderScreen(<PlansPage />);
    await expectBlocked('plan-choose-lite', PLANS_MESSAGES.adminOnly);
  });

  it('refuses plan changes in a support session', async () => {
    plansApi({ planType: 'lite', isAdmin: true, ghost: true });
    renderScreen(<PlansPage />);
    await expectBlocked('plan-choose-pro', PLANS_MESSAGES.supportSession);
  });

  it('shows the days left of a free trial', async () => {
    const trialExpiresAt = new Date(Date.now() + 4 * DAY + 1000).toISOString();
    plansApi({ planType: 'free_trial', trialExpiresAt, isAdmin: true }, TRIAL_STATE);
    renderScreen(<PlansPage />);
    expect((await screen.findByTestId('trial-days-left')).textContent).toBe(
      'Your free trial ends in 5 days.',
    );
    expect(screen.getByTestId('plan-free_trial').getAttribute('data-current')).toBe('true');
    expect(screen.getByTestId('plan-choose-lite').textContent).toBe('Upgrade to Lite');
  });

  it('says when the free trial has expired', async () => {
    const trialExpiresAt = new Date(Date.now() - DAY).toISOString();
    plansApi({ planType: 'free_trial', trialExpiresAt }, TRIAL_STATE);
    renderScreen(<PlansPage />);
    expect((await screen.findByTestId('trial-expired')).textContent).toBe(PLANS_MESSAGES.trialExpired);
  });

  it('disables plan changes for a demo account', async () => {
    plansApi({ planType: 'lite', isDemo: true, isAdmin: true });
    renderScreen(<PlansPage />);
    await expectBlocked('plan-choose-pro', 'This action is disabled for the demo account');
  });

  it('shows no plan actions for demo and custom plans, and reads no billing for them', async () => {
    const calls = mockApi({ 'GET /me': meFixture({ planType: 'custom' }) });
    renderScreen(<PlansPage />);
    expect((await screen.findByTestId('plans-custom')).textContent).toBe(PLANS_MESSAGES.customPlan);
    expect(within(screen.getByTestId('plans-grid')).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('plan-current')).toBeNull();
    expect(callsTo(calls, 'GET', '/billing/subscription')).toHaveLength(0);
  });
});
