import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXCLUSION_IP_TYPE_LABELS } from '@veracity/contracts/google-ads';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayIn } from '../../lib/date-ranges';
import { mockApi, ok, renderRoutes } from '../session/session-test-support';
import { EXCLUSIONS_PAGE_SIZE } from './ExclusionsTable';
import { channelAnswers, entryFixture, stateFixture, ZONE } from './google-ads-channel-test-support';

const PATH = '/integrations/google-ads/search-display';

async function section(testId: string, state: string) {
  await waitFor(() => expect(screen.getByTestId(testId).getAttribute('data-state')).toBe(state));
  return screen.getByTestId(testId);
}

function widgetBodies(api: ReturnType<typeof mockApi>) {
  return api.called('POST /widget/search-display/exclusions').map((call) => call.body);
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

describe('the search-display page', () => {
  it('asks the widget for Last 30 days and the visible types, and shows its figures', async () => {
    const api = mockApi(channelAnswers());
    renderRoutes(PATH);
    const figures = await section('exclusion-figures', 'ready');
    const today = todayIn(ZONE);
    expect(widgetBodies(api)[0]).toEqual({
      from: addDays(today, -30),
      to: addDays(today, -1),
      campaignTypes: ['SEARCH', 'DISPLAY'],
    });
    const exclusions = api.called('GET /integrations/google-ads/exclusions');
    expect(exclusions).toHaveLength(1);
    const url = new URL(
      String(api.fetchMock.mock.calls.find(([input]) => String(input).includes('/exclusions?'))?.[0]),
      'http://x',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      section: 'search-display',
      from: addDays(today, -30),
      to: addDays(today, -1),
    });
    expect(within(figures).getByTestId('exclusion-figure-trafficVeracity').textContent).toBe(
      'Traffic veracity87,50%',
    );
    expect(within(figures).getByTestId('exclusion-figure-exclusionEvents').textContent).toBe(
      'Exclusion events90',
    );
    expect(within(figures).getByTestId('exclusion-figure-exclusionEventsInvalid').textContent).toBe(
      'Exclusion events with invalid traffic60',
    );
    expect(screen.getByRole('button', { name: /Date range/ }).textContent).toContain('Last 30 days');
    await section('exclusion-series', 'ready');
    expect(screen.queryByTestId('google-ads-not-linked')).toBeNull();
  });

  it('lists the exclusions: IP as text, campaign name, dashed account id, type meaning, threats', async () => {
    mockApi(channelAnswers());
    renderRoutes(PATH);
    const table = await section('exclusions', 'ready');
    const row = within(table).getByTestId('exclusion-row-1');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '203.0.113.7',
      'Brand search',
      '123-456-7890',
      'Dynamic',
      'Active',
      '02/03/26',
      '01/04/26',
      '14',
      'Data center or hosting network (12), Headless browser (3)',
    ]);
    const staticRow = within(table).getByTestId('exclusion-row-2');
    expect(staticRow.textContent).toContain('Never');
    await userEvent.hover(within(row).getByTestId('exclusion-type'));
    expect((await screen.findByRole('tooltip')).textContent).toContain(
      EXCLUSION_IP_TYPE_LABELS.DYNAMIC.meaning,
    );
  });

  it('renders tracked values as text, and 11-digit account ids dashed 3-3-rest', async () => {
    const hostile = '<img src=x onerror="alert(1)">';
    mockApi(
      channelAnswers({
        'GET /integrations/google-ads': ok(
          stateFixture({
            campaigns: [
              {
                customerId: '12345678901',
                campaignId: '111',
                name: hostile,
                type: 'SEARCH',
                status: 'ENABLED',
              },
            ],
          }),
        ),
        'GET /integrations/google-ads/exclusions': ok([
          entryFixture({ customerId: '12345678901', cidr: hostile }),
        ]),
      }),
    );
    renderRoutes(PATH);
    const table = await section('exclusions', 'ready');
    await waitFor(() => expect(within(table).getAllByText(hostile)).toHaveLength(2));
    expect(table.querySelector('img')).toBeNull();
    expect(within(table).getByTestId('exclusion-account').textContent).toBe('123-456-78901');
  });

  it('offers Search and Display only, keeps one chosen, and asks again with the choice', async () => {
    const api = mockApi(channelAnswers());
    renderRoutes(PATH);
    await section('exclusions', 'ready');
    const picker = screen.getByTestId('campaign-type-picker');
    expect(
      within(picker)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Search', 'Display']);
    await userEvent.click(within(picker).getByRole('button', { name: 'Display' }));
    await waitFor(() => expect(widgetBodies(api).at(-1)).toMatchObject({ campaignTypes: ['SEARCH'] }));
    expect(screen.getByTestId('location').textContent).toBe(`${PATH}?types=SEARCH`);
    // The table follows the choice: the display campaign's exclusion leaves it.
    await waitFor(() => expect(screen.queryByTestId('exclusion-row-2')).toBeNull());
    expect(screen.getByTestId('exclusion-row-1')).toBeTruthy();
    const search = within(picker).getByRole('button', { name: 'Search' });
    expect(search.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(search);
    expect(search.getAttribute('aria-pressed')).toBe('true');
    expect(
      widgetBodies(api).every((body) => (body as { campaignTypes: string[] }).campaignTypes.length > 0),
    ).toBe(true);
  });

  it('reads the types from the address, ignoring hidden ones', async () => {
    const api = mockApi(channelAnswers());
    renderRoutes(`${PATH}?types=DISPLAY,VIDEO`);
    await section('exclusion-figures', 'ready');
    expect(widgetBodies(api)[0]).toMatchObject({ campaignTypes: ['DISPLAY'] });
  });

  it('pages a long list of exclusions', async () => {
    const many = Array.from({ length: EXCLUSIONS_PAGE_SIZE + 5 }, (_, index) =>
      entryFixture({ id: index + 1, cidr: `203.0.113.${index + 1}` }),
    );
    mockApi(channelAnswers({ 'GET /integrations/google-ads/exclusions': ok(many) }));
    renderRoutes(PATH);
    const table = await section('exclusions', 'ready');
    expect(within(table).getAllByRole('row')).toHaveLength(EXCLUSIONS_PAGE_SIZE + 1);
    expect(within(table).getByTestId('exclusions-page').textContent).toBe('1–25 of 30');
    await userEvent.click(within(table).getByRole('button', { name: 'Next' }));
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByTestId('exclusion-row-30')).toBeTruthy();
    expect((within(table).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the catalogue message when the widget fails, and retries it alone', async () => {
    let fail = true;
    const api = mockApi(
      channelAnswers({
        'POST /widget/search-display/exclusions': () =>
          fail
            ? { status: 500, body: 'boom' }
            : ok({
                totals: {
                  visits: 0,
                  invalidVisits: 0,
                  trafficVeracity: null,
                  exclusionEvents: 0,
                  exclusionEventsInvalid: 0,
                  exclusionsActive: 0,
                },
                series: [],
              }),
      }),
    );
    renderRoutes(PATH);
    const failed = await section('exclusion-figures', 'error');
    expect(within(failed).getByRole('alert')).toBeTruthy();
    expect(screen.getByTestId('exclusions').getAttribute('data-state')).toBe('ready');
    fail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await section('exclusion-figures', 'empty');
    expect(api.called('GET /integrations/google-ads/exclusions')).toHaveLength(1);
  });
});
