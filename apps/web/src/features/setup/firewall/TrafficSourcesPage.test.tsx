import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../../lib/api-errors';
import {
  callsTo,
  expectBlocked,
  meFixture,
  mockApi,
  notificationText,
  renderScreen,
} from '../../account/test-api';
import { missingPermissionText } from '../../session/use-write-access';
import { FIREWALL_FORM_MESSAGES } from './firewall-form-errors';
import {
  captureDownloads,
  FIREWALL_PERMISSIONS,
  holdPatches,
  oldSource,
  pushNet,
  todayAnswer,
} from './firewall-test-support';
import { TRAFFIC_SOURCE_MESSAGES } from './TrafficSourceForm';
import { TrafficSourcesPage } from './TrafficSourcesPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const PATH = '/sensors/firewall/trafficsources';

function api(answers: Record<string, unknown> = {}) {
  return mockApi({
    'GET /me/permissions': FIREWALL_PERMISSIONS,
    [`GET ${PATH}`]: [pushNet, oldSource],
    'POST /widget-stats': todayAnswer('trafficSource', [
      [11, { hits: 1200, highRiskHitsPercent: 12.5, allowedHits: 1000, pausedHits: 50, blockedHits: 150 }],
    ]),
    ...answers,
  });
}

const activeSwitch = (name: string) => screen.getByRole('switch', { name: `${name}: active` });

describe('TrafficSourcesPage', () => {
  it("lists the sources with today's clicks and invalid share from one analytics call", async () => {
    const calls = api();
    renderScreen(<TrafficSourcesPage />);
    const row = await screen.findByTestId('ts-row-11');
    expect(row.textContent).toContain('PushNet');
    expect(row.textContent).toContain('https://pushnet.example/pb?cid={external_id}&sum={payout}');
    await waitFor(() => expect(row.querySelector('[data-cell="clicks"]')?.textContent).toMatch(/1.?200/));
    expect(row.querySelector('[data-cell="invalid"]')?.textContent).toMatch(/12,50\s?%/);
    // A source without traffic today shows 0 clicks, not a gap.
    expect(screen.getByTestId('ts-row-12').querySelector('[data-cell="clicks"]')?.textContent).toBe('0');
    const stats = callsTo(calls, 'POST', '/widget-stats');
    expect(stats).toHaveLength(1);
    expect(stats[0]?.body).toMatchObject({
      dimensions: ['trafficSource'],
      metrics: expect.arrayContaining(['hits']),
    });
    const body = stats[0]?.body as { from: string; to: string };
    expect(body.from).toBe(body.to);
  });

  it('shows a loading state, then says what to do when there is no source', async () => {
    api({ [`GET ${PATH}`]: [] });
    renderScreen(<TrafficSourcesPage />);
    expect(screen.getByTestId('ts-loading')).toBeTruthy();
    expect((await screen.findByTestId('ts-empty')).textContent).toContain('No traffic sources yet');
  });

  it('shows a failed load with a retry', async () => {
    api({ [`GET ${PATH}`]: () => ({ status: 500, body: 'boom' }) });
    renderScreen(<TrafficSourcesPage />);
    expect((await screen.findByTestId('load-error')).textContent).toContain(ERROR_MESSAGES.server);
  });

  it("uses the account's word for traffic sources", async () => {
    api({ 'GET /me': meFixture({ translations: { trafficSource: 'Publisher' } }) });
    renderScreen(<TrafficSourcesPage />);
    await screen.findByTestId('ts-row-11');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Publishers');
    expect(screen.getByTestId('ts-create').textContent).toContain('New Publisher');
  });

  it('flips active at once with a PATCH, and restores it when the server refuses', async () => {
    const calls = api({ [`PATCH ${PATH}/11`]: () => ({ status: 500, body: 'boom' }) });
    const release = holdPatches();
    renderScreen(<TrafficSourcesPage />);
    await screen.findByTestId('ts-row-11');
    await userEvent.click(activeSwitch('PushNet'));
    expect(activeSwitch('PushNet').getAttribute('aria-checked')).toBe('false');
    release();
    await waitFor(() => expect(activeSwitch('PushNet').getAttribute('aria-checked')).toBe('true'));
    expect(await notificationText()).toContain(ERROR_MESSAGES.server);
    expect(callsTo(calls, 'PATCH', `${PATH}/11`).map((call) => call.body)).toEqual([{ active: false }]);
  });

  it('creates a source in a slide pane after checking the URL and the addresses', async () => {
    const calls = api({
      [`POST ${PATH}`]: (body: unknown) => ({
        status: 201,
        body: { ...oldSource, id: 13, ...(body as object) },
      }),
    });
    renderScreen(<TrafficSourcesPage />);
    await screen.findByTestId('ts-row-11');
    await userEvent.click(screen.getByTestId('ts-create'));
    const pane = await screen.findByRole('dialog', { name: 'New Traffic Source' });
    const save = within(pane).getByTestId('ts-form-save');
    await userEvent.click(save);
    expect(pane.textContent).toContain(FIREWALL_FORM_MESSAGES.required);
    await userEvent.type(within(pane).getByTestId('ts-form-name'), 'AdNet');
    await userEvent.type(within(pane).getByTestId('ts-form-postback-url'), 'ftp://{{clickid}');
    await userEvent.type(within(pane).getByTestId('ts-form-addresses'), '203.0.113.9{enter}not an address');
    await userEvent.click(save);
    expect(pane.textContent).toContain(FIREWALL_FORM_MESSAGES.postbackUrl);
    expect(pane.textContent).toContain(`${FIREWALL_FORM_MESSAGES.postbackAddress}: not an address`);
    expect(callsTo(calls, 'POST', PATH)).toHaveLength(0);

    await userEvent.clear(within(pane).getByTestId('ts-form-postback-url'));
    await userEvent.type(
      within(pane).getByTestId('ts-form-postback-url'),
      'https://adnet.example/pb?id={{external_id}',
    );
    await userEvent.clear(within(pane).getByTestId('ts-form-addresses'));
    await userEvent.type(
      within(pane).getByTestId('ts-form-addresses'),
      '203.0.113.9{enter}https://adnet.example/x',
    );
    await userEvent.click(save);
    await waitFor(() => expect(callsTo(calls, 'POST', PATH)).toHaveLength(1));
    expect(callsTo(calls, 'POST', PATH)[0]?.body).toEqual({
      name: 'AdNet',
      postbackUrl: 'https://adnet.example/pb?id={external_id}',
      allowedPostbackAddresses: ['203.0.113.9', 'https://adnet.example/x'],
    });
    expect(await notificationText()).toContain(TRAFFIC_SOURCE_MESSAGES.created);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The first source changes the user's counts: /me is read again.
    await waitFor(() => expect(callsTo(calls, 'GET', '/me').length).toBeGreaterThan(1));
  });

  it('edits a source with its values filled in and shows a refused PUT as a permission error', async () => {
    const calls = api({ [`PUT ${PATH}/11`]: () => ({ status: 403, body: [] }) });
    renderScreen(<TrafficSourcesPage />);
    await userEvent.click(await screen.findByTestId('ts-edit-11'));
    const pane = await screen.findByRole('dialog', { name: 'Edit Traffic Source' });
    expect((within(pane).getByTestId('ts-form-name') as HTMLInputElement).value).toBe('PushNet');
    expect((within(pane).getByTestId('ts-form-addresses') as HTMLTextAreaElement).value).toBe(
      '198.51.100.0/24',
    );
    await userEvent.click(within(pane).getByTestId('ts-form-save'));
    await waitFor(() => expect(callsTo(calls, 'PUT', `${PATH}/11`)).toHaveLength(1));
    expect(await notificationText()).toContain(ERROR_MESSAGES.permissionEditing);
    expect(screen.getByRole('dialog', { name: 'Edit Traffic Source' })).toBeTruthy();
  });

  it('downloads the CSV named from the date and time, and says "No content" on 204', async () => {
    const saved = captureDownloads();
    api({ [`GET ${PATH}`]: [pushNet] });
    renderScreen(<TrafficSourcesPage />);
    await screen.findByTestId('ts-row-11');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('id,name\r\n11,PushNet\r\n', { headers: { 'content-type': 'text/csv' } }),
      ),
    );
    await userEvent.click(screen.getByTestId('ts-download'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toMatch(/^\d{8}-\d{6}-traffic-sources\.csv$/);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await userEvent.click(screen.getByTestId('ts-download'));
    expect(await notificationText()).toContain('No content');
    expect(saved).toHaveLength(1);
  });

  it('asks for CSV with Accept text/csv', async () => {
    captureDownloads();
    api();
    renderScreen(<TrafficSourcesPage />);
    await screen.findByTestId('ts-row-11');
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await userEvent.click(screen.getByTestId('ts-download'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain(PATH);
    expect(new Headers(init?.headers).get('Accept')).toBe('text/csv');
  });

  it('locks create and the toggles for those without the rights, and the list without view', async () => {
    api({ 'GET /me/permissions': ['traffic_source_view'] });
    renderScreen(<TrafficSourcesPage />);
    await screen.findByTestId('ts-row-11');
    await expectBlocked('ts-create', missingPermissionText('traffic_source_create'));
    await waitFor(() => expect(activeSwitch('PushNet').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('ts-hidden-11').dataset.disabledReason).toBe(
      missingPermissionText('traffic_source_edit'),
    );
  });

  it('does not load the list without traffic_source_view', async () => {
    const calls = api({ 'GET /me/permissions': [] });
    renderScreen(<TrafficSourcesPage />);
    expect((await screen.findByTestId('ts-no-permission')).textContent).toContain('traffic_source_view');
    expect(callsTo(calls, 'GET', PATH)).toHaveLength(0);
  });
});
