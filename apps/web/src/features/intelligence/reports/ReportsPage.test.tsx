import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Report, ReportRun } from '@veracity/contracts/reports';
import { VIEW_IDS } from '@veracity/contracts/views';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_PERMISSIONS,
  callsTo,
  expectBlocked,
  meFixture,
  mockApi,
  notificationText,
  renderScreen,
} from '../../account/test-api';
import { ReportsPage } from './ReportsPage';

afterEach(() => vi.unstubAllGlobals());

const settings = {
  user: { firstName: 'Ana', jobTitle: null, timezone: 'Europe/Madrid' },
  account: { companyName: 'Acme', timezone: 'Europe/Madrid', currency: 'EUR', defaultCpc: {} },
  invitedUser: false,
};

const doneRun: ReportRun = {
  id: 31,
  reportId: 4,
  status: 'done',
  trigger: 'schedule',
  from: '2026-03-03',
  to: '2026-03-09',
  rows: 1_234_567,
  bytes: 90_000_000,
  error: null,
  queuedAt: '2026-03-09T23:00:00Z',
  startedAt: '2026-03-09T23:00:01Z',
  finishedAt: '2026-03-09T23:02:00Z',
};

const weekly: Report = {
  id: 4,
  name: '<img src=x onerror=alert(1)> weekly',
  dimensions: ['var1', 'country'],
  metrics: ['hits', 'highRiskHits'],
  filterBy: { filters: [], matchType: 'all' },
  range: 'last7Days',
  schedule: 'weekly',
  recipients: [],
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
  nextRunAt: '2026-03-15T23:00:00Z',
  lastRun: doneRun,
};

const base = {
  'GET /me/settings': settings,
  'GET /me/permissions': [...ACCOUNT_PERMISSIONS, 'log_export_reports'],
  'GET /reports/recipients': { recipients: [{ id: 9, name: 'Bea', email: 'bea@acme-corp.com' }] },
  'GET /analytics/filter-options': { options: [], truncated: false },
};

describe('the reports screen', () => {
  it('lists each report with its period, schedule and last run, tracked text shown as text', async () => {
    mockApi({ ...base, 'GET /reports': { reports: [weekly] } });
    renderScreen(<ReportsPage />);
    const row = await screen.findByTestId('report-row-4');
    expect(within(row).getByText('<img src=x onerror=alert(1)> weekly')).toBeTruthy();
    expect(row.querySelector('img')).toBeNull();
    expect(row.textContent).toContain('Last 7 days');
    expect(row.textContent).toContain('Weekly (Mondays)');
    await waitFor(() =>
      expect(screen.getByTestId('report-status-4').textContent).toContain('Ready · 1.234.567 rows'),
    );
    expect(within(row).getByTestId('report-download-4')).toBeTruthy();
  });

  it('says so when there are no reports, and shows the upsell to a plan without the view', async () => {
    mockApi({ ...base, 'GET /reports': { reports: [] } });
    const { unmount } = renderScreen(<ReportsPage />);
    expect(await screen.findByTestId('reports-empty')).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();
    mockApi({
      ...base,
      'GET /reports': { status: 403, body: 'This feature is not available on your plan' },
      'GET /me': meFixture({ planType: 'pro', visibleViews: VIEW_IDS.filter((view) => view !== 'reports') }),
    });
    renderScreen(<ReportsPage />);
    const upsell = await screen.findByTestId('upsell-reports');
    expect(upsell.textContent).toContain('Full reports');
    expect(upsell.textContent).toContain('Max');
    expect(screen.queryByTestId('reports-card')).toBeNull();
  });

  it('polls a running report and shows its progress until it is ready', async () => {
    let answers = 0;
    const running = {
      ...weekly,
      lastRun: { ...doneRun, status: 'running' as const, rows: 40_000, finishedAt: null },
    };
    mockApi({
      ...base,
      'GET /reports': () => {
        answers += 1;
        return { status: 200, body: { reports: [answers === 1 ? running : weekly] } };
      },
    });
    renderScreen(<ReportsPage />);
    await waitFor(() =>
      expect(screen.getByTestId('report-status-4').textContent).toContain('Running · 40.000 rows written'),
    );
    expect(screen.getByTestId('report-run-4').hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('report-status-4').textContent).toContain('Ready'), {
      timeout: 4000,
    });
  });

  it('creates a report in a modal an outside click does not close, with its filters and recipients', async () => {
    const calls = mockApi({
      ...base,
      'GET /reports': { reports: [] },
      'POST /reports': (body: unknown) => ({
        status: 201,
        body: { ...weekly, ...(body as object), id: 5, lastRun: null },
      }),
    });
    renderScreen(<ReportsPage />);
    await userEvent.click(await screen.findByTestId('reports-create'));
    const form = await screen.findByTestId('report-form');
    // Spec 01 §2: on the reports view an outside click leaves the modal open.
    await userEvent.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByTestId('report-form')).toBe(form);
    await userEvent.click(screen.getByTestId('report-save'));
    expect((await within(form).findAllByText('Required field')).length).toBeGreaterThan(0);
    expect(callsTo(calls, 'POST', '/reports')).toEqual([]);
    await userEvent.type(screen.getByTestId('report-name'), 'Daily countries');
    await userEvent.click(await within(form).findByRole('checkbox', { name: /Bea/ }));
    await userEvent.click(screen.getByTestId('report-save'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/reports')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/reports')[0]?.body).toMatchObject({
      name: 'Daily countries',
      dimensions: ['day'],
      range: 'last7Days',
      schedule: 'none',
      recipients: [9],
      filterBy: { matchType: 'all', filters: [] },
    });
    expect(await notificationText()).toContain('The report was saved');
    await waitFor(() => expect(screen.queryByTestId('report-form')).toBeNull());
  });

  it('offers only the metrics a report exports', async () => {
    mockApi({ ...base, 'GET /reports': { reports: [] } });
    renderScreen(<ReportsPage />);
    await userEvent.click(await screen.findByTestId('reports-create'));
    await userEvent.click(await screen.findByTestId('metric-picker-trigger'));
    const picker = await screen.findByTestId('metric-picker');
    expect(within(picker).queryByText('Traffic Veracity (Visits)')).toBeNull();
    expect(within(picker).getByText('Invalid Visits')).toBeTruthy();
  });

  it('runs a report now and downloads its last run; deleting asks first', async () => {
    const calls = mockApi({
      ...base,
      'GET /reports': { reports: [weekly] },
      'POST /reports/4/runs': { ...doneRun, id: 32, status: 'queued', rows: 0, finishedAt: null },
      'GET /reports/runs/31/download': () => ({ status: 204, body: undefined }),
      'DELETE /reports/4': () => ({ status: 204, body: undefined }),
    });
    renderScreen(<ReportsPage />);
    await userEvent.click(await screen.findByTestId('report-run-4'));
    expect(await notificationText()).toContain('The report is running');
    await userEvent.click(screen.getByTestId('report-download-4'));
    await waitFor(() => expect(callsTo(calls, 'GET', '/reports/runs/31/download')).toHaveLength(1));
    expect(await screen.findByText('No content')).toBeTruthy();
    await userEvent.click(screen.getByTestId('report-delete-4'));
    await userEvent.click(screen.getByTestId('modal-overlay'));
    await userEvent.click(await screen.findByTestId('report-delete-confirm'));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/reports/4')).toHaveLength(1));
  });

  it('lets people without the export permission read the list only', async () => {
    mockApi({ ...base, 'GET /me/permissions': ACCOUNT_PERMISSIONS, 'GET /reports': { reports: [weekly] } });
    renderScreen(<ReportsPage />);
    await screen.findByTestId('report-row-4');
    await expectBlocked(
      'report-run-4',
      'You need the “Export reports” permission (log_export_reports) to do this.',
    );
  });
});
