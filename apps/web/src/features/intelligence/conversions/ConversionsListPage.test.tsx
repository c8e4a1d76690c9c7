import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@veracity/contracts/account';
import type { ConversionListItem, ConversionsList } from '@veracity/contracts/conversions-list';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../providers';
import { type MockResponse, meFixture, mockApi, ok } from '../../session/session-test-support';
import { ConversionsListPage } from './ConversionsListPage';

const TODAY = new Date('2026-03-05T10:00:00Z');
const PAYLOAD = '<img src=x onerror="window.__pwned=1">';

const settings = {
  user: { firstName: 'Ana', jobTitle: null, timezone: 'Europe/Madrid' },
  account: { companyName: 'Acme', timezone: 'Europe/Madrid', currency: 'EUR', defaultCpc: {} },
  invitedUser: false,
};

const conversion = (overrides: Partial<ConversionListItem> = {}): ConversionListItem => ({
  id: 'cnv-1',
  sessionId: 'ses-1',
  ts: '2026-03-05T09:30:00.000Z',
  name: PAYLOAD,
  value: 25.5,
  currency: 'EUR',
  trafficType: 'google',
  campaign: { id: 3, name: 'Spring sale' },
  googleCampaign: null,
  riskLevel: 'high',
  threats: ['automation:webdriver'],
  status: 'paused',
  releasedAt: null,
  ...overrides,
});

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
    'POST /conversions/list': ok({
      conversions: [
        conversion(),
        conversion({
          id: 'cnv-2',
          sessionId: null,
          name: 'lead',
          riskLevel: 'low',
          threats: [],
          status: 'reported',
          value: null,
        }),
      ],
      total: 2,
      page: 1,
      pageSize: 50,
    } satisfies ConversionsList),
    ...answers,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/intelligence/reports/conversions-list',
        element: (
          <>
            <LocationProbe />
            <ConversionsListPage />
          </>
        ),
      },
    ],
    { initialEntries: [`/intelligence/reports/conversions-list${search}`] },
  );
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return api;
}

const address = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');
const FIREWALL: Partial<Me> = {
  planType: 'custom',
  accountFeatures: [{ name: 'sensor_firewall', value: true }],
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/intelligence/reports/conversions-list', () => {
  it('lists conversions with their value, channel, campaign and verdict; tracked names as text', async () => {
    const api = renderPage('?from=2026-03-01&to=2026-03-05');
    const rows = await screen.findAllByTestId('conversion-row');
    expect(rows).toHaveLength(2);
    expect(api.called('POST /conversions/list')[0]?.body).toEqual({
      from: '2026-03-01',
      to: '2026-03-05',
      filters: [],
      matchType: 'all',
      sort: { key: 'ts', direction: 'desc' },
      page: 1,
      pageSize: 50,
    });
    const [bot, person] = rows;
    expect(bot?.textContent).toContain(PAYLOAD);
    expect(bot?.querySelector('img')).toBeNull();
    expect(bot?.textContent).toContain('Spring sale');
    expect(bot?.textContent).toContain('Google');
    expect(bot?.textContent).toContain('Invalid');
    expect(bot?.textContent).toContain('Browser driven by automation (WebDriver)');
    expect(
      within(bot as HTMLElement)
        .getByTestId('conversion-forensics')
        .getAttribute('href'),
    ).toBe('/intelligence/reports/session-forensics?id=ses-1');
    // A conversion without a known visit has no forensics link; no value reads as a dash.
    expect(within(person as HTMLElement).queryByTestId('conversion-forensics')).toBeNull();
    expect(person?.textContent).toContain('—');
    // Without the firewall there is no status.
    expect(screen.queryByTestId('conversion-status')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Conversions list');
  });

  it('sorts, filters by status (firewall accounts) and keeps it all in the address', async () => {
    const api = renderPage('?from=2026-03-01&to=2026-03-05', FIREWALL);
    await screen.findAllByTestId('conversion-row');
    expect(screen.getAllByTestId('conversion-status')[0]?.textContent).toBe('Paused');

    await userEvent.click(screen.getByTestId('sort-value'));
    await waitFor(() => expect(address().get('sort')).toBe('value:desc'));
    await userEvent.click(screen.getByTestId('sort-value'));
    await waitFor(() => expect(address().get('sort')).toBe('value:asc'));
    await waitFor(() =>
      expect(api.called('POST /conversions/list').at(-1)?.body).toMatchObject({
        sort: { key: 'value', direction: 'asc' },
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Paused' }));
    await waitFor(() => expect(address().get('status')).toBe('paused'));
    await waitFor(() =>
      expect(api.called('POST /conversions/list').at(-1)?.body).toMatchObject({ status: 'paused', page: 1 }),
    );
  });

  it('pages through a long list from the address', async () => {
    const api = renderPage(
      '?from=2026-03-01&to=2026-03-05&page=2',
      {},
      {
        'POST /conversions/list': ok({ conversions: [conversion()], total: 51, page: 2, pageSize: 50 }),
      },
    );
    expect(await screen.findByTestId('conversions-page')).toHaveProperty('textContent', '51–51 of 51');
    expect(api.called('POST /conversions/list')[0]?.body).toMatchObject({ page: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(address().has('page')).toBe(false));
  });

  it('says when there is nothing, in the account’s words, and exports "No content"', async () => {
    renderPage(
      '?from=2026-03-01&to=2026-03-05',
      { translations: { conversion: 'Lead' } },
      {
        'POST /conversions/list': ok({ conversions: [], total: 0, page: 1, pageSize: 50 }),
        'POST /conversions/export': { status: 204 },
      },
    );
    expect(await screen.findByTestId('conversions-empty')).toHaveProperty(
      'textContent',
      expect.stringContaining('No leads in this period'),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Leads list');
    await userEvent.click(screen.getByTestId('conversions-export'));
    expect(await screen.findByText('No content')).toBeTruthy();
  });

  it('shows a plan without the view what it would get, and asks nothing of the list', async () => {
    const api = renderPage('', { planType: 'lite' });
    expect(await screen.findByTestId('upsell-conversions')).toBeTruthy();
    expect(api.called('POST /conversions/list')).toHaveLength(0);
  });
});
