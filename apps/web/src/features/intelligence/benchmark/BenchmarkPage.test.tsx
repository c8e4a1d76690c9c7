import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Benchmark } from '@veracity/contracts/benchmark';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockResponse, meFixture, mockApi, ok, renderRoutes } from '../../session/session-test-support';
import { rankText } from './BenchmarkChannels';
import { TOO_FEW_ACCOUNTS_TITLE } from './BenchmarkPage';
import { loadBenchmarkFilters } from './benchmark-filters';

const settings = {
  user: { firstName: 'Ana', jobTitle: null, timezone: 'Europe/Madrid' },
  account: { companyName: 'Acme', timezone: 'Europe/Madrid', currency: 'EUR', defaultCpc: {} },
  invitedUser: false,
};

const industry = { p25: 0.05, p50: 0.1, p75: 0.2, p90: 0.3, accounts: 7, days: 7 };

const compared: Benchmark = {
  vertical: 'Ecommerce',
  minAccounts: 5,
  own: { visits: 400, invalidVisits: 60, invalidShare: 0.15 },
  industry,
  percentileRank: 62.5,
  trendBucket: 'day',
  trend: [
    { date: '2026-11-20', account: 0.15, industryP25: 0.05, industryMedian: 0.1, industryP75: 0.2 },
    { date: '2026-11-21', account: 0.12, industryP25: 0.06, industryMedian: 0.11, industryP75: 0.19 },
  ],
  channels: [
    {
      trafficType: 'google',
      own: { visits: 300, invalidVisits: 50, invalidShare: 50 / 300 },
      industry,
      percentileRank: 66.7,
    },
    {
      trafficType: 'tiktok',
      own: { visits: 100, invalidVisits: 10, invalidShare: 0.1 },
      industry: null,
      percentileRank: null,
    },
  ],
};

const tooFew: Benchmark = {
  ...compared,
  industry: null,
  percentileRank: null,
  trend: compared.trend.map((point) => ({
    ...point,
    industryP25: null,
    industryMedian: null,
    industryP75: null,
  })),
  channels: compared.channels.map((channel) => ({ ...channel, industry: null, percentileRank: null })),
};

function answers(benchmark: (query: URLSearchParams) => Benchmark) {
  const api = mockApi({
    'GET /me': ok(meFixture({ planType: 'pro' })),
    'GET /me/permissions': ok([]),
    'GET /me/settings': ok(settings),
  });
  // The benchmark answers by its query: the mock's table is keyed by method and path only.
  const base = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/benchmark')) {
      base?.(input, init);
      const response: MockResponse = ok(benchmark(url.searchParams));
      return new Response(JSON.stringify(response.body), {
        status: response.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    return (base as NonNullable<typeof base>)(input, init);
  });
  return api;
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.activeRelationshipId, '42');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the benchmark page', () => {
  it('places the account among its industry in words and figures, with each channel', async () => {
    answers(() => compared);
    renderRoutes('/intelligence/benchmark');
    const headline = await screen.findByTestId('benchmark-headline');
    expect(within(headline).getByTestId('benchmark-own-share').textContent).toBe('15,00%');
    expect(within(headline).getByTestId('benchmark-industry-median').textContent).toBe('10,00%');
    expect(within(headline).getByTestId('benchmark-sentence').textContent).toBe(
      'More invalid traffic than about 63% of Ecommerce accounts (63rd percentile).',
    );
    expect(screen.getByTestId('benchmark-band-chart')).toBeTruthy();
    const tiktok = screen.getByTestId('benchmark-channel-tiktok');
    expect(tiktok.textContent).toContain('Too few accounts');
    expect(screen.getByTestId('benchmark-channel-google').textContent).toContain('16,67%');
  });

  it('keeps its filters in the session: a reload asks for and shows the same ones', async () => {
    const api = answers(() => compared);
    renderRoutes('/intelligence/benchmark');
    await screen.findByTestId('benchmark-headline');
    await userEvent.selectOptions(screen.getByTestId('benchmark-country'), 'ES');
    await userEvent.selectOptions(screen.getByTestId('benchmark-google-campaign-type'), 'PERFORMANCE_MAX');
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.benchmarkFilters) ?? '{}')).toEqual({
      country: 'ES',
      googleCampaignType: 'PERFORMANCE_MAX',
    });
    await waitFor(() =>
      expect(api.calls.some((call) => call.path === '/benchmark' && call.query.get('country') === 'ES')).toBe(
        true,
      ),
    );

    cleanup();
    const again = answers(() => compared);
    renderRoutes('/intelligence/benchmark');
    await screen.findByTestId('benchmark-headline');
    expect((screen.getByTestId('benchmark-country') as HTMLSelectElement).value).toBe('ES');
    expect((screen.getByTestId('benchmark-traffic-type') as HTMLSelectElement).value).toBe('');
    const first = again.calls.find((call) => call.path === '/benchmark');
    expect(first?.query.get('country')).toBe('ES');
    expect(first?.query.get('googleCampaignType')).toBe('PERFORMANCE_MAX');
    expect(first?.query.has('trafficType')).toBe(false);

    // Back to every value: the session forgets them.
    await userEvent.click(screen.getByTestId('benchmark-clear-filters'));
    expect(loadBenchmarkFilters()).toEqual({});
  });

  it('writes percentiles as ordinals', () => {
    expect([1, 2, 3, 11, 12, 13, 21, 22, 50, 62.5, 90.7, 100].map(rankText)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '50th',
      '63rd',
      '91st',
      '100th',
    ]);
    expect(rankText(null)).toBe('–');
  });

  it('ignores a damaged stored value rather than failing', () => {
    sessionStorage.setItem(STORAGE_KEYS.benchmarkFilters, '{"country":"Spain"');
    expect(loadBenchmarkFilters()).toEqual({});
    sessionStorage.setItem(STORAGE_KEYS.benchmarkFilters, '{"trafficType":"carrier-pigeon","country":"ES"}');
    expect(loadBenchmarkFilters()).toEqual({});
  });

  it('explains the 5-account rule where a cell has too few accounts, still showing the account’s own share', async () => {
    answers(() => tooFew);
    renderRoutes('/intelligence/benchmark');
    const empty = await screen.findByTestId('benchmark-empty');
    expect(empty.textContent).toContain(TOO_FEW_ACCOUNTS_TITLE);
    expect(empty.textContent).toContain('at least 5 Ecommerce accounts');
    expect(screen.getByTestId('benchmark-own-share').textContent).toBe('15,00%');
    expect(screen.queryByTestId('benchmark-band-chart')).toBeNull();
    expect(screen.queryByTestId('benchmark-trend-chart')).toBeNull();
    expect(screen.queryByTestId('benchmark-sentence')).toBeNull();
  });
});
