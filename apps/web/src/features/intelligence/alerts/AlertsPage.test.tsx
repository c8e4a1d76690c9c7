import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Alert, AlertFiring } from '@veracity/contracts/alerts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  expectBlocked,
  meFixture,
  mockApi,
  notificationText,
  renderScreen,
} from '../../account/test-api';
import { AlertsPage } from './AlertsPage';

afterEach(() => vi.unstubAllGlobals());

/** The notification (top right) carries exactly this message. */
async function expectNotification(message: string) {
  const notification = await screen.findByTestId('notification');
  expect(within(notification).getByText(message).textContent).toBe(message);
}

const settings = {
  user: { firstName: 'Ana', jobTitle: null, timezone: 'Europe/Madrid' },
  account: { companyName: 'Acme', timezone: 'Europe/Madrid', currency: 'EUR', defaultCpc: {} },
  invitedUser: false,
};

const google: Alert = {
  id: 1,
  name: 'Google invalid traffic',
  type: 'click',
  dimensions: ['trafficType'],
  values: { trafficType: ['google'] },
  threshold: 3,
  minEvents: 500,
  frequency: 'daily',
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
  lastEvaluatedAt: '2026-03-04T23:00:00Z',
};
const spain: Alert = {
  ...google,
  id: 2,
  name: 'Spanish conversions',
  type: 'conversion',
  dimensions: ['country'],
  values: { country: ['ES'] },
  threshold: 12.5,
  minEvents: 20,
  frequency: '1',
  lastEvaluatedAt: null,
};
const firing: AlertFiring = {
  id: 7,
  alertId: 1,
  alertName: 'Google invalid traffic',
  type: 'click',
  windowStart: '2026-03-05T12:00:00Z',
  windowEnd: '2026-03-05T13:00:00Z',
  events: 640,
  invalidEvents: 96,
  invalidPercent: 15,
  threshold: 3,
  firedAt: '2026-03-05T13:01:00Z',
  recipients: 2,
};

const base = {
  'GET /me/settings': settings,
  'GET /alerts/history': [] as AlertFiring[],
  'GET /analytics/filter-options': { options: [{ id: 'google', name: 'Google' }], truncated: false },
};

describe('the alerts screen', () => {
  it("names the dimensions of each alert in the account's words", async () => {
    const publisher: Alert = {
      ...google,
      id: 3,
      dimensions: ['trafficSource', 'var1'],
      values: { trafficSource: ['12'], var1: ['zone-4'] },
    };
    mockApi({
      ...base,
      'GET /alerts': [publisher],
      'GET /me': meFixture({ translations: { trafficSource: 'Publisher', var1: 'Zone' } }),
    });
    renderScreen(<AlertsPage />);
    const row = await screen.findByTestId('alert-row-3');
    await waitFor(() =>
      expect(within(row).getAllByRole('cell')[2]?.textContent).toBe('Publisher:12Zone:zone-4'),
    );
  });

  it('lists the alerts with their slice, threshold, minimum events, frequency and last evaluation', async () => {
    mockApi({ ...base, 'GET /alerts': [google, spain] });
    renderScreen(<AlertsPage />);
    const row = await screen.findByTestId('alert-row-1');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual([
      'Google invalid traffic',
      'Click',
      'Traffic Type:Google',
      '3,00%',
      '500',
      'Daily (24h)',
    ]);
    expect(cells[6]).toMatch(/5 Mar 2026.*00:00/);
    const other = within(screen.getByTestId('alert-row-2')).getAllByRole('cell');
    expect(other.map((cell) => cell.textContent).slice(1, 7)).toEqual([
      'Conversion',
      'Country:ES',
      '12,50%',
      '20',
      'Hourly',
      'Never',
    ]);
  });

  it('shows the empty state on a 204 and the history’s own empty state', async () => {
    mockApi({ ...base, 'GET /alerts': () => ({ status: 204 }) });
    renderScreen(<AlertsPage />);
    expect((await screen.findByTestId('alerts-empty')).textContent).toContain('No alerts yet');
    expect((await screen.findByTestId('alert-history-empty')).textContent).toContain(
      'No alert has fired yet',
    );
  });

  it('shows the catalogue’s message when the list fails, and tries again', async () => {
    let fail = true;
    const calls = mockApi({
      ...base,
      'GET /alerts': () => (fail ? { status: 500, body: 'boom' } : { status: 200, body: [google] }),
    });
    renderScreen(<AlertsPage />);
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('An error occurred on our servers. Please reload the page.');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('alert-row-1');
    expect(callsTo(calls, 'GET', '/alerts').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the firings: time, alert, window, events, invalid %, threshold and recipients', async () => {
    mockApi({ ...base, 'GET /alerts': [google], 'GET /alerts/history': [firing] });
    renderScreen(<AlertsPage />);
    const row = await screen.findByTestId('alert-firing-7');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toMatch(/5 Mar 2026.*14:01/);
    expect(cells[1]).toBe('Google invalid traffic');
    expect(cells[2]).toMatch(/5 Mar 2026.*13:00.*14:00/);
    expect(cells.slice(3, 7)).toEqual(['640', '15,00%', '3,00%', '2']);
    // The firing's evidence: its days in the account's zone, the alert's values, the Invalid row open.
    await waitFor(() =>
      expect(within(row).getByTestId('alert-firing-evidence').getAttribute('href')).toContain('filters='),
    );
    const href = new URL(
      within(row).getByTestId('alert-firing-evidence').getAttribute('href') ?? '',
      'http://localhost',
    );
    expect(href.pathname).toBe('/intelligence/analytics');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      dimensions: 'hitSecurityLevel',
      from: '2026-03-05',
      to: '2026-03-05',
      threats: '["high"]',
      filters: JSON.stringify([{ column: 'trafficType', type: 'equals', values: ['google'] }]),
    });
    expect(within(row).getByTestId('alert-firing-evidence').textContent).toBe('Invalid visits');
  });

  it('creates an alert, says "Alert created successfully" and reloads the list', async () => {
    let list: Alert[] = [];
    const calls = mockApi({
      ...base,
      'GET /alerts': () => (list.length === 0 ? { status: 204 } : { status: 200, body: list }),
      'POST /alerts': () => {
        list = [spain];
        return { status: 201, body: spain };
      },
    });
    renderScreen(<AlertsPage />);
    await screen.findByTestId('alerts-empty');
    await userEvent.click(screen.getAllByTestId('alerts-create')[0] as HTMLElement);
    await userEvent.type(await screen.findByTestId('alert-name'), 'Spanish conversions');
    await userEvent.type(screen.getByTestId('alert-threshold'), '12.5');
    await userEvent.type(screen.getByTestId('alert-min-events'), '20');
    await userEvent.click(screen.getByTestId('alert-save'));
    await expectNotification('Alert created successfully');
    expect(await screen.findByTestId('alert-row-2')).toBeTruthy();
    expect(callsTo(calls, 'GET', '/alerts')).toHaveLength(2);
    expect(screen.queryByTestId('alert-form')).toBeNull();
  });

  it('edits an alert, says "Alert updated successfully" and reloads the list', async () => {
    let list = [google];
    const calls = mockApi({
      ...base,
      'GET /alerts': () => ({ status: 200, body: list }),
      'PUT /alerts/1': (body: unknown) => {
        list = [{ ...google, ...(body as Partial<Alert>) }];
        return { status: 200, body: list[0] };
      },
    });
    renderScreen(<AlertsPage />);
    await userEvent.click(await screen.findByTestId('alert-edit-1'));
    const name = await screen.findByTestId('alert-name');
    expect((name as HTMLInputElement).value).toBe('Google invalid traffic');
    await userEvent.type(name, ' (search)');
    await userEvent.click(screen.getByTestId('alert-save'));
    await expectNotification('Alert updated successfully');
    await waitFor(() =>
      expect(screen.getByTestId('alert-row-1').textContent).toContain('Google invalid traffic (search)'),
    );
    expect(callsTo(calls, 'GET', '/alerts')).toHaveLength(2);
  });

  it('deletes an alert with PATCH after a confirmation, says "Alert successfully deleted"', async () => {
    let list: Alert[] = [google, spain];
    const calls = mockApi({
      ...base,
      'GET /alerts': () => ({ status: 200, body: list }),
      'PATCH /alerts/2': () => {
        list = [google];
        return { status: 204 };
      },
    });
    renderScreen(<AlertsPage />);
    await userEvent.click(await screen.findByTestId('alert-delete-2'));
    expect(callsTo(calls, 'PATCH', '/alerts/2')).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('alert-delete-confirm'));
    await expectNotification('Alert successfully deleted');
    expect(callsTo(calls, 'PATCH', '/alerts/2')[0]?.body).toBeUndefined();
    await waitFor(() => expect(screen.queryByTestId('alert-row-2')).toBeNull());
    expect(screen.getByTestId('alert-row-1')).toBeTruthy();
  });

  it('shows the demo text when the server refuses a change with 418', async () => {
    mockApi({
      ...base,
      'GET /alerts': [google],
      'PATCH /alerts/1': () => ({ status: 418, body: 'DEMO_ACCOUNT' }),
    });
    renderScreen(<AlertsPage />);
    await userEvent.click(await screen.findByTestId('alert-delete-1'));
    await userEvent.click(await screen.findByTestId('alert-delete-confirm'));
    expect(await notificationText()).toContain('This action is disabled for the demo account');
  });

  it('is read-only for the demo account', async () => {
    mockApi({ ...base, 'GET /alerts': [google], 'GET /me': meFixture({ isDemo: true }) });
    renderScreen(<AlertsPage />);
    await screen.findByTestId('alert-row-1');
    await expectBlocked('alert-edit-1', 'This action is disabled for the demo account');
  });

  it('is read-only without the right to manage alerts', async () => {
    const calls = mockApi({
      ...base,
      'GET /alerts': [google],
      'GET /me/permissions': ['account_manage_users'],
    });
    renderScreen(<AlertsPage />);
    await screen.findByTestId('alert-row-1');
    const reason = 'You need the “Manage account settings” permission (account_manage_settings) to do this.';
    await expectBlocked('alerts-create', reason);
    await waitFor(() =>
      expect(screen.getByTestId('alert-delete-1').getAttribute('data-disabled-reason')).toBe(reason),
    );
    await userEvent.click(screen.getByTestId('alert-delete-1'));
    expect(screen.queryByTestId('alert-delete-confirm')).toBeNull();
    expect(callsTo(calls, 'PATCH', '/alerts/1')).toHaveLength(0);
  });
});
