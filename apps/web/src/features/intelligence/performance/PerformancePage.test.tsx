import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANNEL_CARDS, SAVINGS_INFO } from '@veracity/contracts/home';
import type { Performance } from '@veracity/contracts/performance';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, namedRange, saveSectionRange, todayIn } from '../../../lib/date-ranges';
import { type MockResponse, meFixture, mockApi, ok, renderRoutes } from '../../session/session-test-support';

const ZONE = 'Pacific/Kiritimati';
const DAYS = ['2026-03-08', '2026-03-09'];

const day = (date: string, visits: number, invalidVisits: number, savings: number) => ({
  day: date,
  visits,
  invalidVisits,
  savings,
});

const performance: Performance = {
  currency: 'EUR',
  days: DAYS,
  totals: { visits: 300, invalidVisits: 30, percentInvalidTraffic: 10, savings: 12.5, exclusionsPushed: 4 },
  exclusions: [
    { day: DAYS[0] ?? '', pushed: 3 },
    { day: DAYS[1] ?? '', pushed: 1 },
  ],
  channels: [
    {
      type: 'google',
      visits: 200,
      invalidVisits: 20,
      percentInvalidTraffic: 10,
      savings: 10,
      series: [day(DAYS[0] ?? '', 100, 15, 7.5), day(DAYS[1] ?? '', 100, 5, 2.5)],
    },
    {
      type: 'facebook',
      visits: 100,
      invalidVisits: 10,
      percentInvalidTraffic: 10,
      savings: 2.5,
      series: [day(DAYS[0] ?? '', 50, 5, 1.25), day(DAYS[1] ?? '', 50, 5, 1.25)],
    },
  ],
  campaigns: [
    {
      campaignId: '111',
      name: 'Brand search',
      visits: 200,
      invalidVisits: 20,
      percentInvalidTraffic: 10,
      savings: 10,
      series: [day(DAYS[0] ?? '', 100, 15, 7.5), day(DAYS[1] ?? '', 100, 5, 2.5)],
    },
  ],
  protection: [
    {
      campaignId: '111',
      name: 'Brand search',
      exclusionsPushed: 4,
      protectionStart: '2026-03-01T00:00:00.000Z',
      protectionStartSource: 'first_exclusion',
      before: { visits: 100, invalidVisits: 40, percentInvalidTraffic: 40 },
      after: { visits: 100, invalidVisits: 10, percentInvalidTraffic: 10 },
      change: -30,
    },
  ],
};

const settings = {
  user: { firstName: 'Ana', jobTitle: null, timezone: 'Europe/Madrid' },
  account: { companyName: 'Acme', timezone: ZONE, currency: 'EUR', defaultCpc: {} },
  invitedUser: false,
};

const channels = {
  channels: CHANNEL_CARDS.map((type) => ({
    type,
    invalidVisits: type === 'google' ? 900 : 0,
    percentInvalidTraffic: type === 'google' ? 15 : null,
    evolution: null,
    totalVisits: type === 'google' ? 6000 : 0,
  })),
};

type Answers = Record<string, MockResponse>;

function answers(planType: 'pro' | 'lite' | 'free_trial' = 'pro', overrides: Answers = {}): Answers {
  return {
    'GET /me': ok(meFixture({ planType })),
    'GET /me/permissions': ok([]),
    'GET /me/settings': ok(settings),
    'GET /performance/figures': ok(performance),
    'GET /home/channels': ok(channels),
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.activeRelationshipId, '42');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

async function performanceCall(api: ReturnType<typeof mockApi>) {
  await waitFor(() => expect(api.called('GET /performance/figures').length).toBeGreaterThan(0));
  return api.called('GET /performance/figures').at(-1)?.query;
}

describe('the performance page', () => {
  it('asks for Last 7 days by default: 7 days ago to yesterday in the account’s zone', async () => {
    const api = mockApi(answers());
    renderRoutes('/intelligence/performance');
    const query = await performanceCall(api);
    const today = todayIn(ZONE);
    expect(query?.get('from')).toBe(addDays(today, -7));
    expect(query?.get('to')).toBe(addDays(today, -1));
    expect((await screen.findByRole('button', { name: 'Date range' })).textContent).toContain('Last 7 days');
    // The figures of the Performance tab.
    expect((await screen.findByTestId('performance-invalid')).textContent).toBe('30');
    expect(screen.getByTestId('performance-exclusions').textContent).toBe('4');
    const protectedRow = screen.getByTestId('performance-protected-111');
    expect(within(protectedRow).getByText('40,00%')).toBeTruthy();
    expect(within(protectedRow).getByText('-30,00 pp')).toBeTruthy();
  });

  it('uses the range saved for the performance section, apart from the intelligence one', async () => {
    const today = todayIn(ZONE);
    saveSectionRange('performance', namedRange('last30Days', today));
    saveSectionRange('intelligence', namedRange('yesterday', today));
    const api = mockApi(answers());
    renderRoutes('/intelligence/performance');
    const query = await performanceCall(api);
    expect(query?.get('from')).toBe(addDays(today, -30));
    expect(query?.get('to')).toBe(addDays(today, -1));
  });

  it('opens the savings tab from the address and puts the tab chosen in the address', async () => {
    mockApi(answers());
    renderRoutes('/intelligence/performance?tab=savings');
    const tab = await screen.findByRole('tab', { name: 'Savings' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByTestId('performance-savings-total')).textContent).toBe('€12,50');
    expect(screen.getByTestId('performance-savings-info').textContent).toBe(SAVINGS_INFO);
    expect(screen.getByTestId('savings-campaign-111').textContent).toContain('Brand search');

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Performance' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/intelligence/performance'));
    // Arrow keys move between the tabs (Radix tabs).
    screen.getByRole('tab', { name: 'Performance' }).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/intelligence/performance?tab=savings'),
    );
  });

  it('shows a lite plan what performance gives, with its own overview figures, and calls no data', async () => {
    const api = mockApi(answers('lite'));
    renderRoutes('/intelligence/performance');
    const upsell = await screen.findByTestId('upsell-performance');
    expect(within(upsell).getByTestId('upsell-performance-upgrade').getAttribute('href')).toBe(
      '/account/plans',
    );
    expect(await screen.findByTestId('performance-preview')).toBeTruthy();
    expect(screen.getByText('Google')).toBeTruthy();
    expect(api.called('GET /performance/figures')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Performance' })).toBeTruthy();
  });
});

describe('the overview’s savings widget', () => {
  const overview = (planType: 'pro' | 'lite') =>
    answers(planType, {
      'GET /home/savings': ok({
        currency: 'EUR',
        globalWidgets: { savings: 12.5, invalidPaidVisits: 30, paidVisits: 300 },
        channels: [{ type: 'google', invalidVisits: 20, costPerClick: 0.5, savings: 10 }],
        series: [],
      }),
    });

  it('links to the savings tab when the plan has performance', async () => {
    mockApi(overview('pro'));
    renderRoutes('/intelligence/overview');
    const link = await screen.findByTestId('savings-see-more');
    expect(link.getAttribute('href')).toBe('/intelligence/performance?tab=savings');
    await userEvent.setup().click(link);
    expect(await screen.findByTestId('performance-page')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Savings' }).getAttribute('aria-selected')).toBe('true');
  });

  it('has no link for a plan without performance', async () => {
    mockApi(overview('lite'));
    renderRoutes('/intelligence/overview');
    await waitFor(() => expect(screen.getByTestId('savings').getAttribute('data-state')).toBe('ready'));
    expect(screen.queryByTestId('savings-see-more')).toBeNull();
  });
});
