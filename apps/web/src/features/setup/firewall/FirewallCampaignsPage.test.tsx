import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Offer } from '@veracity/contracts/firewall';
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
import { CAMPAIGN_FORM_MESSAGES } from './CampaignForm';
import { sensorFolderOf } from './CampaignLinksPane';
import { FirewallCampaignsPage } from './FirewallCampaignsPage';
import { FIREWALL_FORM_MESSAGES } from './firewall-form-errors';
import {
  captureDownloads,
  FIREWALL_PERMISSIONS,
  hiddenOffer,
  holdPatches,
  oldSource,
  pushNet,
  springCampaign,
  todayAnswer,
  vpnOffer,
} from './firewall-test-support';
import { OFFER_MESSAGES } from './OfferForm';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
});

const PATH = '/sensors/firewall';
const TAG = '<script>/* firewall tag of campaign 31 */</script>';

function api(answers: Record<string, unknown> = {}) {
  return mockApi({
    'GET /me': meFixture({ sensorKey: 'vs_firewall-key-1', serverUrl: 'https://app.veracity.example' }),
    'GET /me/permissions': FIREWALL_PERMISSIONS,
    [`GET ${PATH}`]: [springCampaign],
    [`GET ${PATH}/offers`]: [vpnOffer, hiddenOffer],
    [`GET ${PATH}/trafficsources`]: [pushNet, oldSource],
    [`GET ${PATH}/31/tag`]: TAG,
    'POST /widget-stats': todayAnswer('campaign', [
      [31, { hits: 300, highRiskHitsPercent: 20, allowedHits: 200, pausedHits: 40, blockedHits: 60 }],
    ]),
    ...answers,
  });
}

async function choose(pane: HTMLElement, testId: string, option: string) {
  await userEvent.click(within(within(pane).getByTestId(testId)).getAllByRole('button')[0] as HTMLElement);
  await userEvent.click(await screen.findByRole('menuitemradio', { name: option }));
}

describe('FirewallCampaignsPage', () => {
  it("lists campaigns with their offer, source and today's delivered, paused and blocked clicks", async () => {
    const calls = api();
    renderScreen(<FirewallCampaignsPage />);
    const row = await screen.findByTestId('campaign-row-31');
    await waitFor(() => expect(row.querySelector('[data-cell="offer"]')?.textContent).toBe('VPN trial'));
    expect(row.querySelector('[data-cell="source"]')?.textContent).toBe('PushNet');
    await waitFor(() => expect(row.querySelector('[data-cell="clicks"]')?.textContent).toBe('300'));
    expect(row.querySelector('[data-cell="invalid"]')?.textContent).toMatch(/20,00\s?%/);
    expect(row.querySelector('[data-cell="statuses"]')?.textContent).toBe('200/40/60');
    expect(callsTo(calls, 'POST', '/widget-stats')).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/widget-stats')[0]?.body).toMatchObject({
      dimensions: ['campaign'],
      metrics: ['hits', 'highRiskHitsPercent', 'allowedHits', 'pausedHits', 'blockedHits'],
    });
  });

  it('shows the loading state, then the empty state with a create button', async () => {
    api({ [`GET ${PATH}`]: [] });
    renderScreen(<FirewallCampaignsPage />);
    expect(screen.getByTestId('campaign-loading')).toBeTruthy();
    const empty = await screen.findByTestId('campaign-empty');
    expect(empty.textContent).toContain('No firewall campaigns yet');
    expect(within(empty).getByRole('button', { name: 'New Campaign' })).toBeTruthy();
  });

  it('pauses a campaign at once and restores it when the server refuses', async () => {
    const calls = api({ [`PATCH ${PATH}/31`]: () => ({ status: 403, body: 'No campaign_pause' }) });
    const release = holdPatches();
    renderScreen(<FirewallCampaignsPage />);
    await screen.findByTestId('campaign-row-31');
    const toggle = () => screen.getByRole('switch', { name: 'Spring push: active' });
    await userEvent.click(toggle());
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    release();
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('true'));
    expect(await notificationText()).toContain('No campaign_pause');
    expect(callsTo(calls, 'PATCH', `${PATH}/31`).map((call) => call.body)).toEqual([{ active: false }]);
  });

  it('creates a campaign, with a new offer made in a pane on top and selected on return', async () => {
    const offers: Offer[] = [vpnOffer, hiddenOffer];
    const calls = api({
      [`GET ${PATH}/offers`]: () => ({ status: 200, body: offers }),
      [`POST ${PATH}/offers`]: (body: unknown) => {
        const sent = body as Partial<Offer>;
        const offer: Offer = {
          ...vpnOffer,
          ...sent,
          id: 24,
          targeting: { ...vpnOffer.targeting, ...sent.targeting },
        };
        offers.push(offer);
        return { status: 201, body: offer };
      },
      [`POST ${PATH}`]: (body: unknown) => ({
        status: 201,
        body: { ...springCampaign, ...(body as object), id: 32 },
      }),
    });
    renderScreen(<FirewallCampaignsPage />);
    await screen.findByTestId('campaign-row-31');
    await userEvent.click(screen.getByTestId('campaign-create'));
    const pane = await screen.findByRole('dialog', { name: 'New Campaign' });
    // Hidden offers and sources stay out of the pickers.
    await userEvent.click(
      within(within(pane).getByTestId('campaign-form-offer')).getAllByRole('button')[0] as HTMLElement,
    );
    expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent?.replace('✓', ''))).toEqual([
      'None',
      'VPN trial',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await userEvent.click(within(pane).getByTestId('campaign-form-save'));
    expect(pane.textContent).toContain(FIREWALL_FORM_MESSAGES.required);
    await userEvent.type(within(pane).getByTestId('campaign-form-name'), 'Summer push');
    await userEvent.type(
      within(pane).getByTestId('campaign-form-safe-page'),
      'https://safe.example/{{clickid}',
    );
    await userEvent.type(within(pane).getByTestId('campaign-form-account-id'), '12-34');
    await userEvent.click(within(pane).getByTestId('campaign-form-save'));
    expect(pane.textContent).toContain(FIREWALL_FORM_MESSAGES.safePageUrl);
    expect(pane.textContent).toContain(FIREWALL_FORM_MESSAGES.googleAccountId);
    await userEvent.clear(within(pane).getByTestId('campaign-form-safe-page'));
    await userEvent.type(within(pane).getByTestId('campaign-form-safe-page'), 'https://safe.example/');
    await userEvent.clear(within(pane).getByTestId('campaign-form-account-id'));

    await userEvent.click(within(pane).getByTestId('campaign-form-new-offer'));
    const offerPane = await screen.findByRole('dialog', { name: 'New Offer' });
    await userEvent.type(within(offerPane).getByTestId('offer-form-name'), 'Summer offer');
    await userEvent.type(within(offerPane).getByTestId('offer-form-landing-url'), 'https://summer.example/');
    await userEvent.click(within(offerPane).getByTestId('offer-form-save'));
    expect(await notificationText()).toContain(OFFER_MESSAGES.created);
    const back = await screen.findByRole('dialog', { name: 'New Campaign' });
    await waitFor(() =>
      expect(within(back).getByTestId('campaign-form-offer').textContent).toContain('Summer offer'),
    );

    await choose(back, 'campaign-form-source', 'PushNet');
    await choose(back, 'campaign-form-security', 'Block');
    await userEvent.click(within(back).getByTestId('campaign-form-save'));
    await waitFor(() => expect(callsTo(calls, 'POST', PATH)).toHaveLength(1));
    expect(callsTo(calls, 'POST', PATH)[0]?.body).toEqual({
      name: 'Summer push',
      offerId: 24,
      trafficSourceId: 11,
      googleAccountId: null,
      googleCampaignId: null,
      googleCampaignType: null,
      security: {
        low: 'block',
        medium: 'pause',
        high: 'block',
        safePageUrl: 'https://safe.example/',
        whenStoreDown: 'fail_open',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The first campaign of the user: /me is read again for the counts.
    await waitFor(() => expect(callsTo(calls, 'GET', '/me').length).toBeGreaterThan(1));
  });

  it('shows a refused PUT as "Error occurred" with each field and message', async () => {
    api({
      [`PUT ${PATH}/31`]: () => ({
        status: 403,
        body: [{ field: 'security', message: 'You may not change the security settings' }],
      }),
    });
    renderScreen(<FirewallCampaignsPage />);
    await userEvent.click(await screen.findByTestId('campaign-edit-31'));
    const pane = await screen.findByRole('dialog', { name: 'Edit Campaign' });
    expect((within(pane).getByTestId('campaign-form-name') as HTMLInputElement).value).toBe('Spring push');
    await userEvent.click(within(pane).getByTestId('campaign-form-save'));
    const text = await notificationText();
    expect(text).toContain(ERROR_MESSAGES.campaignEditFailed);
    expect(text).toContain('security: You may not change the security settings');
    expect(screen.queryByText(CAMPAIGN_FORM_MESSAGES.updated)).toBeNull();
  });

  it('locks the security block without campaign_edit_security and leaves it out of the PUT', async () => {
    const calls = api({
      'GET /me/permissions': ['campaign_view', 'campaign_edit', 'offer_view', 'traffic_source_view'],
      [`PUT ${PATH}/31`]: (body: unknown) => ({
        status: 200,
        body: { ...springCampaign, ...(body as object) },
      }),
    });
    renderScreen(<FirewallCampaignsPage />);
    await userEvent.click(await screen.findByTestId('campaign-edit-31'));
    const pane = await screen.findByRole('dialog', { name: 'Edit Campaign' });
    const security = within(pane).getByTestId('campaign-form-security') as HTMLFieldSetElement;
    await waitFor(() => expect(security.disabled).toBe(true));
    expect(security.textContent).toContain(missingPermissionText('campaign_edit_security'));
    expect(within(pane).getByTestId('campaign-form-new-offer').getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(within(pane).getByTestId('campaign-form-save'));
    await waitFor(() => expect(callsTo(calls, 'PUT', `${PATH}/31`)).toHaveLength(1));
    expect(callsTo(calls, 'PUT', `${PATH}/31`)[0]?.body).not.toHaveProperty('security');
    expect(await notificationText()).toContain(CAMPAIGN_FORM_MESSAGES.updated);
  });

  it('locks create and pause for those without the rights', async () => {
    api({ 'GET /me/permissions': ['campaign_view', 'campaign_edit'] });
    renderScreen(<FirewallCampaignsPage />);
    await screen.findByTestId('campaign-row-31');
    await expectBlocked('campaign-create', missingPermissionText('campaign_create'));
    await waitFor(() =>
      expect(screen.getByTestId('campaign-active-31').dataset.disabledReason).toBe(
        missingPermissionText('campaign_pause'),
      ),
    );
    expect(screen.getByRole('switch', { name: 'Spring push: hidden' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the click link and the JS tag, each with a copy button', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    api();
    renderScreen(<FirewallCampaignsPage />);
    await userEvent.click(await screen.findByTestId('campaign-links-31'));
    const pane = await screen.findByRole('dialog', { name: 'Spring push' });
    const link = 'https://app.veracity.example/c/fc/31?k=vs_firewall-key-1&clickid={clickid}&sub={sub}';
    expect(within(pane).getByTestId('campaign-click-link').textContent).toBe(link);
    expect((await within(pane).findByTestId('campaign-tag')).textContent).toBe(TAG);

    await userEvent.click(within(pane).getByRole('button', { name: 'Copy tag' }));
    expect(writeText).toHaveBeenCalledWith(TAG);
    expect(within(pane).getByRole('button', { name: 'Copied' })).toBeTruthy();
    await userEvent.click(within(pane).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(link);
    expect(sensorFolderOf('https://app.veracity.example/t/s.js')).toBe('/t');
  });

  it('downloads the campaigns CSV, or says "No content"', async () => {
    const saved = captureDownloads();
    api();
    renderScreen(<FirewallCampaignsPage />);
    await screen.findByTestId('campaign-row-31');
    const fetchMock = vi.fn(
      async () => new Response('id\r\n31\r\n', { headers: { 'content-type': 'text/csv' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await userEvent.click(screen.getByTestId('campaign-download'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toMatch(/^\d{8}-\d{6}-firewall-campaigns\.csv$/);
    expect(String((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0])).toContain(
      '/sensors/firewall/csv',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await userEvent.click(screen.getByTestId('campaign-download'));
    expect(await notificationText()).toContain('No content');
  });
});
