import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANNEL_CARDS } from '@veracity/contracts/home';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayIn } from '../../lib/date-ranges';
import { meFixture, mockApi, ok, renderRoutes } from '../session/session-test-support';
import { channelAnswers, stateFixture, ZONE } from './google-ads-channel-test-support';
import { PMAX_CHART_TITLE } from './PmaxPage';

async function section(testId: string, state: string) {
  await waitFor(() => expect(screen.getByTestId(testId).getAttribute('data-state')).toBe(state));
  return screen.getByTestId(testId);
}

type Api = ReturnType<typeof mockApi>;
const lastBody = (api: Api, key: string) => api.called(key).at(-1)?.body as { from: string; to: string };

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

describe('the shopping, pmax and audience pages', () => {
  it('shopping: its own widget and exclusions, with the three figures', async () => {
    const api = mockApi(channelAnswers());
    renderRoutes('/integrations/google-ads/shopping');
    const figures = await section('exclusion-figures', 'ready');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shopping');
    expect(api.called('POST /widget/shopping/exclusions')[0]?.body).not.toHaveProperty('campaignTypes');
    expect(
      within(figures)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Traffic veracity', 'Exclusion events', 'Exclusion events with invalid traffic']);
    await section('exclusions', 'ready');
    const url = String(
      api.fetchMock.mock.calls.find(([input]) => String(input).includes('/exclusions?'))?.[0],
    );
    expect(new URL(url, 'http://x').searchParams.get('section')).toBe('shopping');
  });

  it('pmax: the exclusion counter and the graph "Exclusions & Invalid Traffic over time"', async () => {
    mockApi(channelAnswers());
    renderRoutes('/integrations/google-ads/pmax');
    const figures = await section('exclusion-figures', 'ready');
    expect(within(figures).getByTestId('exclusion-figure-exclusionsActive').textContent).toBe('Exclusions42');
    expect(within(figures).getByTestId('exclusion-figure-trafficVeracity')).toBeTruthy();
    const graph = await section('exclusion-series', 'ready');
    expect(within(graph).getByRole('heading', { level: 2 }).textContent).toBe(
      'Exclusions & Invalid Traffic over time',
    );
    expect(PMAX_CHART_TITLE).toBe('Exclusions & Invalid Traffic over time');
    // The figures drawn are readable as a table too.
    expect(within(graph).getByRole('table', { name: PMAX_CHART_TITLE })).toBeTruthy();
  });

  it('audience: the remarketing list, where it is excluded and where it cannot be', async () => {
    const api = mockApi(channelAnswers());
    renderRoutes('/integrations/google-ads/audience');
    expect((await screen.findByTestId('audience-user-list')).textContent).toBe(
      'customers/1234567890/userLists/987',
    );
    expect(screen.getByTestId('audience-campaigns-excluded').textContent).toBe('2');
    expect(screen.getByTestId('audience-campaigns-not-allowed').textContent).toBe('1');
    expect(screen.getByTestId('audience-setting').textContent).toBe('On');
    await section('exclusion-figures', 'ready');
    expect(api.called('POST /widget/search-display/exclusions')[0]?.body).toMatchObject({
      campaignTypes: expect.arrayContaining(['SEARCH', 'DISPLAY', 'SHOPPING', 'PERFORMANCE_MAX']),
    });
  });
});

describe('not linked yet', () => {
  it('shows what the page would show and a call to link, which opens the linking', async () => {
    const api = mockApi(
      channelAnswers({
        'GET /integrations/google-ads': ok(stateFixture({ connection: 'none', accounts: [], campaigns: [] })),
        'GET /integrations/google-ads/exclusions': ok([]),
      }),
    );
    const { router } = renderRoutes('/integrations/google-ads/search-display');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    const banner = await screen.findByTestId('google-ads-not-linked');
    expect(banner.textContent).toContain('Google Ads is not linked yet');
    // The figures are the sensor's, asked of the server as when linked: nothing invented.
    const figures = await section('exclusion-figures', 'ready');
    expect(within(figures).getByTestId('exclusion-figure-trafficVeracity').textContent).toContain('87,50%');
    expect(api.called('POST /widget/search-display/exclusions')).toHaveLength(1);
    const empty = await section('exclusions', 'empty');
    expect(empty.textContent).toContain('Link Google Ads');
    await userEvent.click(within(banner).getByRole('button', { name: 'Link Google Ads' }));
    // The linking page is built with the setup pages; this branch only knows where it lives.
    expect(visited[0]).toBe('/integrations/google-ads/linking');
  });

  it('asks to choose accounts when none is active, and to reconnect when Google refused the token', async () => {
    mockApi(
      channelAnswers({
        'GET /integrations/google-ads': ok(stateFixture({ areAllAccountsInactive: true })),
      }),
    );
    renderRoutes('/integrations/google-ads/pmax');
    const banner = await screen.findByTestId('google-ads-not-linked');
    expect(banner.getAttribute('data-status')).toBe('noActiveAccount');
    expect(within(banner).getByRole('button', { name: 'Choose accounts' })).toBeTruthy();
  });

  it('says so when Google no longer accepts the connection', async () => {
    mockApi(
      channelAnswers({ 'GET /integrations/google-ads': ok(stateFixture({ connection: 'reconnect' })) }),
    );
    renderRoutes('/integrations/google-ads/shopping');
    const banner = await screen.findByTestId('google-ads-not-linked');
    expect(within(banner).getByRole('button', { name: 'Reconnect' })).toBeTruthy();
  });

  it('notes that detection only pushes nothing', async () => {
    const state = stateFixture();
    mockApi(
      channelAnswers({
        'GET /integrations/google-ads': ok({
          ...state,
          settings: { ...state.settings, protectionMode: 'detection' },
        }),
      }),
    );
    renderRoutes('/integrations/google-ads/search-display');
    expect((await screen.findByTestId('google-ads-mode-note')).textContent).toContain('nothing is pushed');
    expect(screen.queryByTestId('google-ads-not-linked')).toBeNull();
  });
});

describe('date ranges of the Google Ads pages (spec 02 §4)', () => {
  it('keeps the Google Ads range across its pages and a separate one for pmax, both Last 30 days by default', async () => {
    const api = mockApi(channelAnswers());
    const { router } = renderRoutes('/integrations/google-ads/search-display');
    await section('exclusion-figures', 'ready');
    const today = todayIn(ZONE);
    await userEvent.click(screen.getByRole('button', { name: /Date range/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(lastBody(api, 'POST /widget/search-display/exclusions')).toMatchObject({
        from: addDays(today, -7),
      }),
    );
    expect(JSON.parse(sessionStorage.getItem('opt-date-range-googleAds') ?? '{}').preset).toBe('last7Days');

    await router.navigate('/integrations/google-ads/shopping');
    await screen.findByTestId('google-ads-shopping-page');
    await waitFor(() => expect(api.called('POST /widget/shopping/exclusions')).toHaveLength(1));
    expect(lastBody(api, 'POST /widget/shopping/exclusions')).toMatchObject({
      from: addDays(today, -7),
      to: addDays(today, -1),
    });

    await router.navigate('/integrations/google-ads/pmax');
    await screen.findByTestId('google-ads-pmax-page');
    await waitFor(() => expect(api.called('POST /widget/pmax/exclusions')).toHaveLength(1));
    expect(lastBody(api, 'POST /widget/pmax/exclusions')).toEqual({
      from: addDays(today, -30),
      to: addDays(today, -1),
    });
    expect(screen.getByRole('button', { name: /Date range/ }).textContent).toContain('Last 30 days');
    expect(sessionStorage.getItem('opt-date-range-pmax')).toBeNull();
  });

  it('recomputes a saved named range for today', async () => {
    sessionStorage.setItem(
      'opt-date-range-pmax',
      JSON.stringify({ preset: 'last14Days', from: '2020-01-01', to: '2020-01-14' }),
    );
    const api = mockApi(channelAnswers());
    renderRoutes('/integrations/google-ads/pmax');
    await section('exclusion-figures', 'ready');
    const today = todayIn(ZONE);
    expect(lastBody(api, 'POST /widget/pmax/exclusions')).toEqual({
      from: addDays(today, -14),
      to: addDays(today, -1),
    });
  });
});

describe('the overview’s Google card', () => {
  it('"See Channel Page" opens search-display', async () => {
    const channels = {
      channels: CHANNEL_CARDS.map((type) => ({
        type,
        invalidVisits: type === 'google' ? 900 : 0,
        percentInvalidTraffic: type === 'google' ? 15 : null,
        evolution: null,
        totalVisits: type === 'google' ? 6000 : 0,
      })),
    };
    mockApi(channelAnswers({ 'GET /home/channels': ok(channels) }, meFixture({ planType: 'pro' })));
    renderRoutes('/intelligence/overview');
    const card = await screen.findByTestId('channel-card-google');
    await userEvent.click(within(card).getByRole('button', { name: 'Options for Google' }));
    await userEvent.click(within(card).getByRole('button', { name: 'See Channel Page' }));
    await screen.findByTestId('google-ads-search-display-page');
    expect(screen.getByTestId('location').textContent).toBe('/integrations/google-ads/search-display');
  });
});
