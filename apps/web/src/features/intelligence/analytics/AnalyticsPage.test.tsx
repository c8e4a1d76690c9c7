import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@veracity/contracts/account';
import type { AnalyticsSessions, AnalyticsTree, WidgetStats } from '@veracity/contracts/analytics/query';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEarlyRequest } from '../../../lib/early-requests';
import { AppProviders, createQueryClient } from '../../../providers';
import { type MockResponse, meFixture, mockApi, ok } from '../../session/session-test-support';
import { AnalyticsPage } from './AnalyticsPage';
import { prefetchAnalytics } from './analytics-prefetch';

const TODAY = new Date('2026-03-05T10:00:00Z');

const settings = {
  user: { firstName: 'Ana', jobTitle: null, timezone: 'Europe/Madrid' },
  account: { companyName: 'Acme', timezone: 'Europe/Madrid', currency: 'EUR', defaultCpc: {} },
  invitedUser: false,
};

function treeAnswer(body: { dimensions: string[]; expanded?: unknown[][] }): AnalyticsTree {
  const open = (body.expanded ?? []).some((path) => JSON.stringify(path) === '["google"]');
  return {
    dimensions: body.dimensions as AnalyticsTree['dimensions'],
    metrics: ['sessions', 'hits'],
    totals: { sessions: 30, hits: 45 },
    rows: [
      {
        value: 'google',
        path: ['google'],
        metrics: { sessions: 20, hits: 30 },
        ...(open && body.dimensions.length > 1
          ? { children: [{ value: 'ES', path: ['google', 'ES'], metrics: { sessions: 20, hits: 30 } }] }
          : {}),
      },
      { value: 'direct', path: ['direct'], metrics: { sessions: 10, hits: 15 } },
    ],
    page: 1,
    pageSize: 100,
    totalRows: 2,
  };
}

/** A row's visits: a bot whose landing page carries a script payload, and a person. */
function sessionsAnswer(body: { riskLevel?: string }): AnalyticsSessions {
  const bot = {
    id: 'ses-bot-1',
    startedAt: '2026-03-05T09:00:00.000Z',
    landingUrl: 'https://shop.example.com/?q=<img src=x onerror="window.__pwned=1">',
    trafficType: 'google',
    country: 'DE',
    deviceType: 'desktop',
    browser: 'Chrome',
    hits: 2,
    riskLevel: 'high' as const,
    threats: ['automation:webdriver'],
  };
  const person = {
    ...bot,
    id: 'ses-person-1',
    landingUrl: 'https://shop.example.com/',
    riskLevel: 'low' as const,
    threats: [],
  };
  const sessions = [bot, person].filter((session) => !body.riskLevel || session.riskLevel === body.riskLevel);
  return { sessions, total: sessions.length, page: 1, pageSize: 25 };
}

const widgetStats: WidgetStats = {
  dimensions: ['day', 'trafficType'],
  metrics: ['sessions'],
  rows: [{ values: ['2026-03-05', 'google'], metrics: { sessions: 20 } }],
  totals: { sessions: 20 },
  truncated: false,
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(
  search = '',
  me: Partial<Me> = {},
  answers: Record<string, MockResponse | ((body: unknown) => MockResponse)> = {},
) {
  const api = mockApi({
    'GET /me': ok(meFixture(me)),
    'GET /me/permissions': ok(['log_export_reports']),
    'GET /me/settings': ok(settings),
    'POST /analytics/tree': (body) => ok(treeAnswer(body as { dimensions: string[] })),
    'POST /widget-stats': ok(widgetStats),
    'POST /analytics/threats': ok({
      threats: [
        {
          threat: 'network:datacenter',
          hits: { high: 7, medium: 1, low: 0, total: 8 },
          sessions: { high: 5, medium: 1, low: 0, total: 6 },
          conversions: { high: 0, medium: 0, low: 0, total: 0 },
        },
      ],
    }),
    'POST /analytics/sessions': (body) => ok(sessionsAnswer(body as { riskLevel?: string })),
    ...answers,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/intelligence/analytics',
        element: (
          <>
            <LocationProbe />
            <AnalyticsPage />
          </>
        ),
      },
    ],
    { initialEntries: [`/intelligence/analytics${search}`] },
  );
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { api, router };
}

const address = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');
const lastTreeBody = (api: ReturnType<typeof mockApi>) =>
  api.called('POST /analytics/tree').at(-1)?.body as Record<string, unknown>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/intelligence/analytics', () => {
  it('shows the rows of the tree query the first script started, and does not send its own', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    try {
      const search = '?dimensions=trafficType,country&expanded=%5B%5B%22google%22%5D%5D';
      const early = mockApi({
        'GET /me': ok(meFixture()),
        'GET /me/settings': ok(settings),
        'POST /analytics/tree': (body) => ok(treeAnswer(body as { dimensions: string[] })),
      });
      startEarlyRequest('/api/me', 'tok-1');
      startEarlyRequest('/api/me/settings', 'tok-1');
      await prefetchAnalytics(search);
      expect(early.called('POST /analytics/tree')).toHaveLength(1);

      const { api } = renderPage(search);
      expect(await screen.findByText('Spain')).toBeTruthy();
      expect(api.called('POST /analytics/tree')).toHaveLength(0);
      expect(api.called('GET /me')).toHaveLength(0);
      // Later queries go to the server as usual.
      await userEvent.click(screen.getByRole('button', { name: 'Collapse Google' }));
      await waitFor(() => expect(api.called('POST /analytics/tree')).toHaveLength(1));
    } finally {
      localStorage.removeItem(STORAGE_KEYS.token);
    }
  });

  it('queries the tree with the default dimension, metrics, sort and range of the account', async () => {
    const { api } = renderPage();
    expect(await screen.findByText('Google')).toBeTruthy();
    expect(lastTreeBody(api)).toMatchObject({
      dimensions: ['trafficType'],
      from: '2026-02-27',
      to: '2026-03-05',
      sort: [{ key: 'sessions', direction: 'desc' }],
      page: 1,
      expanded: [],
      filters: [],
      matchType: 'all',
    });
    expect(screen.getByTestId('analytics-totals').textContent).toContain('45');
  });

  it('opens with campaign for the MVAS vertical, traffic type without the firewall', async () => {
    const { api } = renderPage('', { vertical: 'MVAS', planType: 'pro' });
    await waitFor(() => expect(lastTreeBody(api)?.dimensions).toEqual(['trafficType']));
  });

  it('keeps cost, revenue, profit and ROI hidden without the firewall, even when the address asks', async () => {
    const money = ['Cost', 'Revenue', 'Profit', 'ROI'];
    const { api } = renderPage('?metrics=sessions,cost,revenue,profit,roi', { planType: 'pro' });
    await waitFor(() => expect(lastTreeBody(api)?.metrics).toEqual(['sessions']));
    await userEvent.click(screen.getByTestId('metric-picker-trigger'));
    const panel = await screen.findByTestId('metric-picker');
    expect(within(panel).getByRole('checkbox', { name: 'Sessions' })).toBeTruthy();
    for (const name of money) expect(within(panel).queryByRole('checkbox', { name })).toBeNull();
  });

  it('offers cost, revenue, profit and ROI with the firewall', async () => {
    const { api } = renderPage('?metrics=sessions,cost,roi', {
      planType: 'custom',
      accountFeatures: [{ name: 'sensor_firewall', value: true }],
    });
    await waitFor(() => expect(lastTreeBody(api)?.metrics).toEqual(['sessions', 'cost', 'roi']));
    await userEvent.click(screen.getByTestId('metric-picker-trigger'));
    const panel = await screen.findByTestId('metric-picker');
    for (const name of ['Cost', 'Revenue', 'Profit', 'ROI']) {
      expect(within(panel).getByRole('checkbox', { name })).toBeTruthy();
    }
  });

  it("names dimensions and metrics in the account's words (term translations)", async () => {
    const { api } = renderPage(
      '?dimensions=trafficSource',
      {
        planType: 'custom',
        accountFeatures: [{ name: 'sensor_firewall', value: true }],
        translations: { trafficSource: 'Publisher', click: 'Click', conversion: 'Sale' },
      },
      { 'GET /analytics/filter-options': ok({ options: [], truncated: false }) },
    );
    await waitFor(() => expect(lastTreeBody(api)?.dimensions).toEqual(['trafficSource']));
    const table = await screen.findByTestId('analytics-table');
    expect(within(table).getByRole('columnheader', { name: /Publisher/ })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /^Clicks/ })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: /Visits|Traffic Source/ })).toBeNull();
    expect(screen.getByTestId('analytics-chart').textContent).toMatch(/ by (analysis level and )?publisher/i);

    await userEvent.click(screen.getByTestId('metric-picker-trigger'));
    const metrics = await screen.findByTestId('metric-picker');
    expect(within(metrics).getByRole('checkbox', { name: 'Invalid Clicks' })).toBeTruthy();
    expect(within(metrics).getByRole('checkbox', { name: 'Reported Sales' })).toBeTruthy();
    expect(within(metrics).queryByRole('checkbox', { name: 'Invalid Visits' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByTestId('dimension-picker-trigger'));
    const dimensions = await screen.findByTestId('dimension-picker');
    expect(within(dimensions).getByRole('checkbox', { name: 'Publisher' })).toBeTruthy();
    expect(within(dimensions).getByRole('checkbox', { name: 'Click Status' })).toBeTruthy();
    expect(within(dimensions).getByRole('checkbox', { name: 'Offer' })).toBeTruthy();
  });

  it('opens with campaign for the MVAS vertical', async () => {
    // Campaign is a firewall dimension: a flag-driven account with the firewall.
    const mvas = renderPage('', {
      vertical: 'MVAS',
      planType: 'custom',
      accountFeatures: [{ name: 'sensor_firewall', value: true }],
    });
    await waitFor(() => expect(lastTreeBody(mvas.api)?.dimensions).toEqual(['campaign']));
  });

  it('reads the state from the address: dimensions, expanded rows, threats and dates', async () => {
    const expanded = encodeURIComponent(JSON.stringify([['google']]));
    const threats = encodeURIComponent(JSON.stringify(['google', 'ES']));
    const { api } = renderPage(
      `?dimensions=trafficType,country&expanded=${expanded}&threats=${threats}&threatconv=false&from=2026-01-01&to=2026-01-31`,
    );
    expect(await screen.findByText('Spain')).toBeTruthy();
    expect(lastTreeBody(api)).toMatchObject({
      dimensions: ['trafficType', 'country'],
      expanded: [['google']],
      from: '2026-01-01',
      to: '2026-01-31',
    });
    const breakdown = await screen.findByTestId('threat-breakdown');
    expect(await within(breakdown).findByText('Data center or hosting network')).toBeTruthy();
    expect(api.called('POST /analytics/threats').at(-1)?.body).toMatchObject({
      dimensions: ['trafficType', 'country'],
      path: ['google', 'ES'],
    });
  });

  it('writes each change into the address: expanding a row, sorting, the threat breakdown', async () => {
    const { api } = renderPage('?dimensions=trafficType,country');
    await userEvent.click(await screen.findByRole('button', { name: 'Expand Google' }));
    await waitFor(() => expect(address().get('expanded')).toBe('[["google"]]'));
    await waitFor(() => expect(lastTreeBody(api).expanded).toEqual([['google']]));
    expect(await screen.findByText('Spain')).toBeTruthy();

    await userEvent.click(screen.getByTestId('sort-hits'));
    await waitFor(() => expect(address().get('columnSort')).toBe('hits:desc'));

    await userEvent.click(screen.getByRole('button', { name: 'Threats of Google' }));
    await waitFor(() => expect(address().get('threats')).toBe('["google"]'));
    await userEvent.click(await screen.findByTestId('threats-conversions'));
    await waitFor(() => expect(address().get('threatconv')).toBe('true'));
    expect(await screen.findByTestId('threats-empty')).toBeTruthy();
  });

  it('lists the visits of a row under its threats, invalid first, each linking to its forensics', async () => {
    const { api } = renderPage('?dimensions=trafficType');
    await userEvent.click(await screen.findByRole('button', { name: 'Threats of Google' }));
    const visits = await screen.findByTestId('row-visits');
    await within(visits).findByTestId('row-visit');
    expect(api.called('POST /analytics/sessions').at(-1)?.body).toMatchObject({
      dimensions: ['trafficType'],
      path: ['google'],
      riskLevel: 'high',
      page: 1,
    });
    const rows = within(visits).getAllByTestId('row-visit');
    expect(rows.map((row) => row.dataset.session)).toEqual(['ses-bot-1']);
    // The tracked landing page is text, never markup.
    expect(rows[0]?.textContent).toContain('<img src=x onerror="window.__pwned=1">');
    expect(visits.querySelector('img')).toBeNull();
    expect(rows[0]?.textContent).toContain('Invalid');
    expect(within(visits).getByTestId('row-visit-forensics').getAttribute('href')).toBe(
      '/intelligence/reports/session-forensics?id=ses-bot-1',
    );

    await userEvent.click(within(visits).getByTestId('row-visits-all'));
    await waitFor(() => expect(within(visits).getAllByTestId('row-visit')).toHaveLength(2));
    expect(api.called('POST /analytics/sessions').at(-1)?.body).not.toHaveProperty('riskLevel');
    await userEvent.click(within(visits).getByTestId('row-visits-medium'));
    expect(await within(visits).findByTestId('row-visits-empty')).toHaveProperty(
      'textContent',
      'No suspicious visits in this row in the period.',
    );
  });

  it('applying dimensions resets the expanded threat and the open rows', async () => {
    renderPage(`?dimensions=trafficType,country&expanded=${encodeURIComponent('[["google"]]')}&threats=0`);
    await screen.findByTestId('threat-breakdown');
    await userEvent.click(screen.getByTestId('dimension-picker-trigger'));
    const panel = await screen.findByTestId('dimension-picker');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Device' }));
    await userEvent.click(screen.getByTestId('dimension-picker-apply'));
    await waitFor(() => expect(address().get('dimensions')).toBe('trafficType,country,device'));
    expect(address().has('threats')).toBe(false);
    expect(address().has('expanded')).toBe(false);
  });

  it('shows the filters of the address as chips; removing all keeps the date range', async () => {
    const filters = encodeURIComponent(
      JSON.stringify([
        { column: 'trafficType', type: 'equals', values: ['google'] },
        { column: 'country', type: 'notEquals', values: ['ES'] },
      ]),
    );
    const { api } = renderPage(`?filters=${filters}&match=any&from=2026-01-01&to=2026-01-02`);
    const chips = await screen.findAllByTestId('filter-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Traffic Type is Google', 'Country is not Spain']);
    expect(screen.getByTestId('active-filters').textContent).toContain('Match any of');
    await waitFor(() => expect(lastTreeBody(api)).toMatchObject({ matchType: 'any' }));

    await userEvent.click(screen.getByRole('button', { name: 'Remove the Country filter' }));
    await waitFor(() => expect(screen.getAllByTestId('filter-chip')).toHaveLength(1));
    await userEvent.click(screen.getByTestId('clear-filters'));
    await waitFor(() => expect(screen.queryByTestId('active-filters')).toBeNull());
    expect(address().get('from')).toBe('2026-01-01');
    expect(address().get('to')).toBe('2026-01-02');
    expect(address().has('filters')).toBe(false);
  });

  it('disables filters on the free plan with the spec tooltip, and ignores filters in the address', async () => {
    const filters = encodeURIComponent(
      JSON.stringify([{ column: 'country', type: 'equals', values: ['ES'] }]),
    );
    const { api } = renderPage(`?filters=${filters}`, { planType: 'free_trial' });
    // The editor opens to explore; its controls are unavailable with the spec's tooltip.
    await userEvent.click(await screen.findByTestId('filters-toggle'));
    const all = within(await screen.findByTestId('report-filters')).getByRole('button', { name: 'All' });
    expect(all.getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(lastTreeBody(api)).toMatchObject({ dimensions: ['day'], filters: [] }));
    expect(screen.queryByTestId('filter-chip')).toBeNull();
  });

  it('says "No content" when the export has nothing', async () => {
    const { api } = renderPage('', {}, { 'POST /analytics/export': { status: 204 } });
    await screen.findByText('Google');
    await userEvent.click(screen.getByTestId('export-csv'));
    expect(await screen.findByText('No content')).toBeTruthy();
    expect(api.called('POST /analytics/export')[0]?.body).not.toHaveProperty('page');
  });

  it('shows "Error retrieving data" when the query times out at the gateway (504)', async () => {
    renderPage('', {}, { 'POST /analytics/tree': { status: 504, body: 'Gateway Timeout' } });
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('Error retrieving data');
  });

  it('says what to do when the period has no traffic', async () => {
    renderPage(
      '',
      {},
      {
        'POST /analytics/tree': ok({
          ...treeAnswer({ dimensions: ['trafficType'] }),
          rows: [],
          totalRows: 0,
        }),
      },
    );
    expect(await screen.findByTestId('analytics-empty')).toBeTruthy();
  });

  it('goes back to the previous state with the browser history', async () => {
    const { router, api } = renderPage('?dimensions=trafficType,country');
    await userEvent.click(await screen.findByRole('button', { name: 'Expand Google' }));
    await screen.findByText('Spain');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(address().has('expanded')).toBe(false));
    await waitFor(() => expect(screen.queryByText('Spain')).toBeNull());
    // The earlier answer shows at once and its query runs again.
    await waitFor(() => expect(lastTreeBody(api).expanded).toEqual([]));
    expect(
      api
        .called('POST /analytics/tree')
        .filter((call) => (call.body as { expanded: unknown[] }).expanded.length === 0),
    ).toHaveLength(2);
  });
});
