import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdChannelState } from '@veracity/contracts/ad-channels';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_PERMISSIONS } from '../account/test-api';
import { channelAnswers, widgetFixture } from '../google-ads/google-ads-channel-test-support';
import { meFixture, mockApi, ok, renderRoutes } from '../session/session-test-support';

const MICROSOFT = '/integrations/microsoft-ads';

function stateFixture(overrides: Partial<AdChannelState> = {}): AdChannelState {
  return {
    channel: 'microsoft',
    configured: true,
    connection: 'connected',
    accounts: [
      { id: '1001', name: 'Acme Bing', currency: 'EUR' },
      { id: '1002', name: 'Acme Brand', currency: 'USD' },
    ],
    account: { id: '1001', name: 'Acme Bing', currency: 'EUR' },
    audience: {
      id: '555',
      name: 'Veracity: invalid visitors (exclude)',
      size: 120,
      minimum: 300,
      status: 'too_small',
      retentionDays: 75,
    },
    targets: [
      { id: '11', name: 'Brand search', status: 'Active', excluded: true },
      { id: '12', name: 'Generic search', status: 'Paused', excluded: false },
    ],
    lastSyncAt: '2026-03-02T10:00:00.000Z',
    problem: null,
    ...overrides,
  };
}

function answers(state: AdChannelState = stateFixture(), permissions = ACCOUNT_PERMISSIONS) {
  return channelAnswers({
    'GET /me/permissions': ok(permissions),
    [`GET ${MICROSOFT}`]: ok(state),
    'POST /widget/microsoft/exclusions': ok(widgetFixture()),
    [`GET ${MICROSOFT}/ip-exclusions`]: ok({
      entries: [
        { ip: '203.0.113.*', invalidVisits: 9 },
        { ip: '198.51.100.7', invalidVisits: 3 },
      ],
      total: 5,
      from: '2026-02-01',
      to: '2026-03-02',
    }),
  });
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

describe('the Microsoft Ads overview', () => {
  it('shows the figures of the channel over Last 30 days, the audience, the campaigns and the IPs to paste', async () => {
    const api = mockApi(answers());
    renderRoutes(`${MICROSOFT}/overview`);
    await screen.findByTestId('ad-channel-overview-microsoft');
    await waitFor(() => expect(api.called('POST /widget/microsoft/exclusions')).toHaveLength(1));
    const body = api.called('POST /widget/microsoft/exclusions')[0]?.body as { from: string; to: string };
    // Last 30 days: 30 days ending yesterday.
    const days = (Date.parse(body.to) - Date.parse(body.from)) / 86_400_000 + 1;
    expect(days).toBe(30);
    const figures = await screen.findByTestId('exclusion-figure-exclusionEvents');
    expect(figures.textContent).toContain('90');
    expect((await screen.findByTestId('ad-channel-audience-status')).textContent).toBe(
      '120 of 300 people: Microsoft excludes it once it reaches 300.',
    );
    const table = await screen.findByTestId('ad-channel-targets');
    expect(within(table).getByText('Brand search')).toBeTruthy();
    expect((await screen.findByTestId('microsoft-ip-paste-list')).textContent).toBe(
      '203.0.113.*\n198.51.100.7',
    );
    expect(screen.getByTestId('microsoft-ip-paste-count').textContent).toContain('2 of 5');
  });

  it('saves the campaigns that exclude the audience: those ticked, not the others', async () => {
    const api = mockApi({
      ...answers(),
      [`PUT ${MICROSOFT}/exclusions`]: (body) => {
        const ids = (body as { targetIds: string[] }).targetIds;
        const state = stateFixture();
        return ok({ ...state, targets: state.targets.map((t) => ({ ...t, excluded: ids.includes(t.id) })) });
      },
    });
    renderRoutes(`${MICROSOFT}/overview`);
    const save = await screen.findByTestId('ad-channel-save-exclusions');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByLabelText('Generic search'));
    await userEvent.click(screen.getByLabelText('Brand search'));
    await userEvent.click(save);
    await waitFor(() => expect(api.called(`PUT ${MICROSOFT}/exclusions`)).toHaveLength(1));
    expect(api.called(`PUT ${MICROSOFT}/exclusions`)[0]?.body).toEqual({ targetIds: ['12'] });
    await waitFor(() => expect(screen.getByTestId('ad-channel-target-excluded-12').textContent).toBe('Yes'));
    expect(screen.getByTestId('ad-channel-target-excluded-11').textContent).toBe('No');
  });

  it('offers to connect an account not linked yet', async () => {
    mockApi(
      answers(stateFixture({ connection: 'none', accounts: [], account: null, audience: null, targets: [] })),
    );
    renderRoutes(`${MICROSOFT}/overview`);
    expect((await screen.findByTestId('ad-channel-connect')).textContent).toBe('Connect Microsoft');
  });

  it('says when the server has no client for the platform, and points at the wizard', async () => {
    mockApi(answers(stateFixture({ configured: false, connection: 'none', account: null, audience: null })));
    renderRoutes(`${MICROSOFT}/overview`);
    const note = await screen.findByTestId('ad-channel-not-configured');
    expect(note.textContent).toContain('Integration Steps');
    expect(screen.queryByTestId('ad-channel-connect')).toBeNull();
  });

  it('shows a platform refusal with its link, and the writes locked without the right', async () => {
    mockApi(
      answers(
        stateFixture({
          problem: {
            code: 'terms',
            message: 'Accept the custom audience terms in Meta Business Manager.',
            link: 'https://business.facebook.com/ads/manage/customaudiences/tos/?act=1001',
            at: '2026-03-02T10:00:00.000Z',
          },
        }),
        [],
      ),
    );
    renderRoutes(`${MICROSOFT}/overview`);
    const problem = await screen.findByTestId('ad-channel-problem');
    expect(problem.getAttribute('data-code')).toBe('terms');
    expect(within(problem).getByRole('link').getAttribute('href')).toContain('customaudiences/tos');
    await waitFor(() =>
      expect(screen.getByTestId('ad-channel-sync').getAttribute('data-disabled-reason')).toContain(
        'account_manage_integrations',
      ),
    );
  });

  it('shows a plan without the channel what it would get', async () => {
    mockApi(channelAnswers({}, meFixture({ planType: 'lite' })));
    renderRoutes(`${MICROSOFT}/overview`);
    expect((await screen.findByTestId('upsell-microsoft_main')).textContent).toContain(
      'Microsoft Ads protection',
    );
  });
});
