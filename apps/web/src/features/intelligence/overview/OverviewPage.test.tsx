import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANNEL_CARDS, SAVINGS_INFO } from '@veracity/contracts/home';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayIn } from '../../../lib/date-ranges';
import { type MockResponse, meFixture, mockApi, ok, renderRoutes } from '../../session/session-test-support';
import { SAVINGS_BASIS } from './SavingsSection';

const ZONE = 'Pacific/Kiritimati';

const period = (legitimateVisits: number, invalidVisits: number, savings: number) => ({
  legitimateVisits,
  invalidVisits,
  totalVisits: legitimateVisits + invalidVisits + 100,
  savings,
});

const keyFigures = {
  selectedPeriod: period(9000, 1500, 120.5),
  previousPeriod: period(8000, 1000, 100),
  currency: 'EUR',
  errors: ['No cost per click is set for TikTok: its invalid visits are not counted in savings'],
};

const channels = {
  channels: CHANNEL_CARDS.map((type) => ({
    type,
    invalidVisits: type === 'google' ? 900 : type === 'facebook' ? 300 : 0,
    percentInvalidTraffic: type === 'google' ? 15 : type === 'facebook' ? 5 : null,
    evolution: type === 'google' ? 50 : null,
    totalVisits: type === 'google' ? 6000 : type === 'facebook' ? 6000 : 0,
  })),
};

const trends = {
  trends: [
    {
      type: 'google',
      percentInvalidTraffic: 15,
      previousPercentInvalidTraffic: 10,
      change: 5,
      totalVisits: 6000,
    },
  ],
};

const watchlist = {
  items: [{ threat: 'network:datacenter', invalidVisits: 800, previousInvalidVisits: 400 }],
};

const savings = {
  currency: 'EUR',
  globalWidgets: { savings: 120.5, invalidPaidVisits: 1200, paidVisits: 12000 },
  channels: [
    { type: 'google', invalidVisits: 900, costPerClick: 0.1, savings: 90 },
    { type: 'facebook', invalidVisits: 300, costPerClick: 0.1, savings: 30.5 },
    { type: 'tiktok', invalidVisits: 0, costPerClick: null, savings: 0 },
  ],
  series: [],
};

const settings = {
  user: { firstName: 'Ana', jobTitle: null, timezone: 'Europe/Madrid' },
  account: { companyName: 'Acme', timezone: ZONE, currency: 'EUR', defaultCpc: {} },
  invitedUser: false,
};

type Answers = Record<string, MockResponse | ((body: unknown) => MockResponse | Promise<MockResponse>)>;

function answers(overrides: Answers = {}, me = meFixture({ planType: 'pro' })): Answers {
  return {
    'GET /me': ok(me),
    'GET /me/permissions': ok([]),
    'GET /me/settings': ok(settings),
    'GET /home/key-figures': ok(keyFigures),
    'GET /home/channels': ok(channels),
    'GET /home/trends': ok(trends),
    'GET /home/watchlist': ok(watchlist),
    'GET /home/savings': ok(savings),
    ...overrides,
  };
}

async function section(testId: string, state: string) {
  await waitFor(() => expect(screen.getByTestId(testId).getAttribute('data-state')).toBe(state));
  return screen.getByTestId(testId);
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

describe('the overview page', () => {
  it('asks every widget for the intelligence range: Last 6 days & Today in the account’s zone', async () => {
    const api = mockApi(answers());
    renderRoutes('/intelligence/overview');
    await section('key-figures', 'ready');
    const today = todayIn(ZONE);
    for (const endpoint of ['key-figures', 'channels', 'trends', 'watchlist', 'savings']) {
      const call = api.calls.find((c) => c.path === `/home/${endpoint}`);
      expect(call, endpoint).toBeTruthy();
    }
    const url = new URL(
      String(api.fetchMock.mock.calls.find(([input]) => String(input).includes('/home/key-figures'))?.[0]),
      'http://x',
    );
    expect(url.searchParams.get('from')).toBe(addDays(today, -6));
    expect(url.searchParams.get('to')).toBe(today);
  });

  it('shows key figures against the previous period, in the spec locale, with their errors', async () => {
    mockApi(answers());
    renderRoutes('/intelligence/overview');
    const figures = await section('key-figures', 'ready');
    const invalid = within(figures).getByTestId('key-figure-invalidVisits');
    expect(invalid.textContent).toContain('Invalid visits');
    expect(invalid.textContent).toContain('1.500');
    expect(invalid.textContent).toContain('+50,00%');
    expect(within(invalid).getByTestId('key-figure-change').className).toContain('worse');
    const legitimate = within(figures).getByTestId('key-figure-legitimateVisits');
    expect(within(legitimate).getByTestId('key-figure-change').className).toContain('better');
    expect(within(figures).getByTestId('key-figure-savings').textContent).toContain('€120,50');
    const notice = within(figures).getByTestId('key-figure-errors');
    expect(notice.textContent).toBe(
      'No cost per click is set for TikTok: its invalid visits are not counted in savings Set costs per click',
    );
    expect(within(notice).getByRole('link', { name: 'Set costs per click' }).getAttribute('href')).toMatch(
      /^\/account\/settings/,
    );
  });

  it('shows the channel cards in the spec’s order, the pie, trends, watchlist and savings', async () => {
    mockApi(answers());
    renderRoutes('/intelligence/overview');
    const cards = await section('channel-cards', 'ready');
    const order = within(cards)
      .getAllByRole('article')
      .map((card) => card.getAttribute('data-testid'));
    expect(order).toEqual(CHANNEL_CARDS.map((type) => `channel-card-${type}`));
    expect(within(cards).getByRole('button', { name: 'Scroll right' })).toBeTruthy();
    const pie = await section('invalid-by-channel', 'ready');
    expect((await within(pie).findByTestId('pie-centre')).textContent).toBe('1.200Invalid visits');
    expect((await section('trends', 'ready')).textContent).toContain('+5,00 pp');
    const threats = await section('watchlist', 'ready');
    expect(threats.textContent).toContain('Data center or hosting network');
    expect(threats.textContent).toContain('+100,00%');
    const saved = await section('savings', 'ready');
    expect(within(saved).getByTestId('savings-total').textContent).toBe('€120,50');
    expect(within(saved).getByTestId('savings-info').textContent).toBe(SAVINGS_INFO);
    // Meta's 300 invalid visits were priced differently (30.50 in all): an average, not "300 × 0.10".
    expect(within(saved).getByTestId('savings-facebook').textContent).toContain(
      '300 invalid · €0,10 a click on average€30,50',
    );
    expect(within(saved).getByTestId('savings-basis').textContent).toBe(SAVINGS_BASIS);
    expect(within(saved).queryByTestId('savings-tiktok')).toBeNull();
  });

  it('shows skeletons while each section loads, on its own', async () => {
    let release: () => void = () => undefined;
    mockApi(
      answers({
        'GET /home/watchlist': () =>
          new Promise((resolve) => {
            release = () => resolve(ok(watchlist));
          }),
      }),
    );
    renderRoutes('/intelligence/overview');
    await section('key-figures', 'ready');
    expect(screen.getByTestId('watchlist').getAttribute('data-state')).toBe('loading');
    expect(screen.getByTestId('watchlist-loading')).toBeTruthy();
    release();
    await section('watchlist', 'ready');
  });

  it('shows "Error retrieving data" on a 504 and retries the section alone', async () => {
    let fail = true;
    const api = mockApi(
      answers({
        'GET /home/trends': () => (fail ? { status: 504, body: 'Gateway Timeout' } : ok(trends)),
      }),
    );
    renderRoutes('/intelligence/overview');
    const failed = await section('trends', 'error');
    expect(within(failed).getByRole('alert').textContent).toContain('Error retrieving data');
    expect(screen.getByTestId('key-figures').getAttribute('data-state')).toBe('ready');
    fail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await section('trends', 'ready');
    expect(api.called('GET /home/trends')).toHaveLength(2);
    expect(api.called('GET /home/key-figures')).toHaveLength(1);
  });

  it('shows the catalogue message on a 500', async () => {
    mockApi(answers({ 'GET /home/savings': { status: 500, body: 'boom' } }));
    renderRoutes('/intelligence/overview');
    const failed = await section('savings', 'error');
    expect(failed.textContent).toContain('An error occurred on our servers. Please reload the page.');
  });

  it('shows an empty state in each section of a period without traffic', async () => {
    mockApi(
      answers({
        'GET /home/key-figures': ok({
          ...keyFigures,
          selectedPeriod: period(0, 0, 0),
          previousPeriod: period(0, 0, 0),
        }),
        'GET /home/channels': ok({
          channels: channels.channels.map((c) => ({ ...c, invalidVisits: 0, totalVisits: 0 })),
        }),
        'GET /home/trends': ok({ trends: [] }),
        'GET /home/watchlist': ok({ items: [] }),
        'GET /home/savings': ok({
          ...savings,
          globalWidgets: { savings: 0, invalidPaidVisits: 0, paidVisits: 0 },
        }),
      }),
    );
    renderRoutes('/intelligence/overview');
    for (const id of ['channel-cards', 'invalid-by-channel', 'trends', 'watchlist', 'savings']) {
      expect((await section(id, 'empty')).textContent).not.toBe('');
    }
  });

  it('keeps a chosen range for the section and asks again for it', async () => {
    const api = mockApi(answers());
    renderRoutes('/intelligence/overview');
    await section('key-figures', 'ready');
    await userEvent.click(screen.getByRole('button', { name: /Date range/ }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Yesterday' }));
    const yesterday = addDays(todayIn(ZONE), -1);
    await waitFor(() =>
      expect(
        api.fetchMock.mock.calls.some(([input]) =>
          String(input).includes(`/home/channels?from=${yesterday}&to=${yesterday}`),
        ),
      ).toBe(true),
    );
    expect(JSON.parse(sessionStorage.getItem('opt-date-range-intelligence') ?? '{}').preset).toBe(
      'yesterday',
    );
  });

  it('opens the home alert form on the overview with the channel draft, its dimensions fixed', async () => {
    const api = mockApi(
      answers({
        'GET /analytics/filter-options': ok({
          options: [{ id: 'google', name: 'Google' }],
          truncated: false,
        }),
        'GET /me/permissions': ok(['account_manage_settings']),
        'POST /alerts': (body: unknown) =>
          ok(
            {
              ...(body as object),
              id: 5,
              createdAt: 'x',
              updatedAt: 'x',
              lastEvaluatedAt: null,
              type: 'click',
            },
            201,
          ),
      }),
    );
    renderRoutes('/intelligence/overview');
    const card = await screen.findByTestId('channel-card-google');
    await userEvent.click(within(card).getByRole('button', { name: 'Options for Google' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Create Alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Alert' });
    expect(screen.getByTestId('location').textContent).toBe('/intelligence/overview');
    expect((within(dialog).getByTestId('alert-name') as HTMLInputElement).value).toBe(
      'Google invalid traffic',
    );
    expect((within(dialog).getByTestId('alert-threshold') as HTMLInputElement).value).toBe('3');
    expect((within(dialog).getByTestId('alert-min-events') as HTMLInputElement).value).toBe('500');
    expect(within(dialog).queryByTestId('alert-add-dimension')).toBeNull();
    await waitFor(() => expect(within(dialog).getByTestId('alert-value-0').textContent).toContain('Google'));
    await userEvent.click(within(dialog).getByTestId('alert-save'));
    expect((await screen.findByTestId('notification')).textContent).toContain('Alert created successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.called('POST /alerts')[0]?.body).toEqual({
      name: 'Google invalid traffic',
      type: 'click',
      dimensions: ['trafficType'],
      values: { trafficType: ['google'] },
      threshold: 3,
      minEvents: 500,
      frequency: 'daily',
    });
  });
});
