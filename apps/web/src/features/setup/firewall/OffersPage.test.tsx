import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../../lib/api-errors';
import { callsTo, mockApi, notificationText, renderScreen } from '../../account/test-api';
import { missingPermissionText } from '../../session/use-write-access';
import { FIREWALL_FORM_MESSAGES } from './firewall-form-errors';
import {
  FIREWALL_PERMISSIONS,
  hiddenOffer,
  holdPatches,
  todayAnswer,
  vpnOffer,
} from './firewall-test-support';
import { OFFER_MESSAGES } from './OfferForm';
import { OffersPage, targetingSummary } from './OffersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = '/sensors/firewall/offers';

const COUNTRIES = {
  options: [
    { id: 'ES', name: 'Spain', flag: '🇪🇸' },
    { id: 'FR', name: 'France', flag: '🇫🇷' },
    { id: 'WW', name: 'World Wide' },
  ],
  truncated: false,
};

function api(answers: Record<string, unknown> = {}) {
  return mockApi({
    'GET /me/permissions': FIREWALL_PERMISSIONS,
    [`GET ${PATH}`]: [vpnOffer, hiddenOffer],
    'POST /widget-stats': todayAnswer('offer', [[21, { hits: 40, highRiskHitsPercent: 5 }]]),
    'GET /analytics/filter-options': COUNTRIES,
    ...answers,
  });
}

const activeSwitch = (name: string) => screen.getByRole('switch', { name: `${name}: active` });
const hiddenSwitch = (name: string) => screen.getByRole('switch', { name: `${name}: hidden` });

describe('OffersPage', () => {
  it("lists offers with their landing URL, targeting and today's figures", async () => {
    api();
    renderScreen(<OffersPage />);
    const row = await screen.findByTestId('offer-row-21');
    expect(row.textContent).toContain('VPN trial');
    expect(row.textContent).toContain('https://offers.example/vpn?click={clickid}');
    expect(row.textContent).toContain('ES, FR · Phone');
    await waitFor(() => expect(row.querySelector('[data-cell="clicks"]')?.textContent).toBe('40'));
    expect(screen.getByTestId('offer-row-22').hasAttribute('data-hidden')).toBe(true);
    expect(
      targetingSummary({ ...vpnOffer, targeting: { countries: [], devices: [], os: [], carriers: [] } }),
    ).toBe('Everyone');
  });

  it('shows the loading state, then the empty state', async () => {
    api({ [`GET ${PATH}`]: [] });
    renderScreen(<OffersPage />);
    expect(screen.getByTestId('offer-loading')).toBeTruthy();
    expect((await screen.findByTestId('offer-empty')).textContent).toContain('No offers yet');
  });

  it("hides an offer at once, keeps the server's reply, and restores it on failure", async () => {
    const calls = api({
      [`PATCH ${PATH}/21`]: (body: unknown) => ({
        status: 200,
        body: { ...vpnOffer, ...(body as object), name: 'VPN trial (server)' },
      }),
    });
    const release = holdPatches();
    renderScreen(<OffersPage />);
    await screen.findByTestId('offer-row-21');
    await userEvent.click(hiddenSwitch('VPN trial'));
    expect(hiddenSwitch('VPN trial').getAttribute('aria-checked')).toBe('true');
    release();
    await waitFor(() =>
      expect(screen.getByTestId('offer-row-21').textContent).toContain('VPN trial (server)'),
    );
    expect(callsTo(calls, 'PATCH', `${PATH}/21`).map((call) => call.body)).toEqual([{ hidden: true }]);
  });

  it('restores the active toggle when the PATCH fails', async () => {
    api({ [`PATCH ${PATH}/21`]: () => ({ status: 418, body: '' }) });
    const release = holdPatches();
    renderScreen(<OffersPage />);
    await screen.findByTestId('offer-row-21');
    await userEvent.click(activeSwitch('VPN trial'));
    expect(activeSwitch('VPN trial').getAttribute('aria-checked')).toBe('false');
    release();
    await waitFor(() => expect(activeSwitch('VPN trial').getAttribute('aria-checked')).toBe('true'));
    expect(await notificationText()).toContain(ERROR_MESSAGES.demoAccount);
  });

  it('creates an offer with countries from the picker without WW, devices and OS', async () => {
    const calls = api({
      [`POST ${PATH}`]: (body: unknown) => {
        const sent = body as { targeting: object };
        return {
          status: 201,
          body: { ...vpnOffer, ...sent, id: 23, targeting: { carriers: [], ...sent.targeting } },
        };
      },
    });
    renderScreen(<OffersPage />);
    await screen.findByTestId('offer-row-21');
    await userEvent.click(screen.getByTestId('offer-create'));
    const pane = await screen.findByRole('dialog', { name: 'New Offer' });
    await userEvent.type(within(pane).getByTestId('offer-form-name'), 'Dating');
    await userEvent.type(within(pane).getByTestId('offer-form-landing-url'), 'https://{{clickid}.example/');
    await userEvent.click(within(pane).getByTestId('offer-form-save'));
    expect(pane.textContent).toContain(FIREWALL_FORM_MESSAGES.landingUrl);
    expect(callsTo(calls, 'POST', PATH)).toHaveLength(0);
    await userEvent.clear(within(pane).getByTestId('offer-form-landing-url'));
    await userEvent.type(
      within(pane).getByTestId('offer-form-landing-url'),
      'https://dating.example/?c={{clickid}',
    );

    await userEvent.click(within(pane).getByTestId('offer-form-pick-countries'));
    const list = await within(pane).findByRole('listbox');
    await waitFor(() => expect(within(list).getByText('Spain')).toBeTruthy());
    expect(within(list).queryByText('World Wide')).toBeNull();
    await userEvent.click(within(list).getByText('Select All'));
    await userEvent.click(within(pane).getByTestId('offer-form-pick-countries'));
    expect(within(pane).getByTestId('offer-form-countries').textContent).toContain('Spain');
    await userEvent.click(within(within(pane).getByTestId('offer-form-devices')).getByLabelText('Tablet'));
    await userEvent.click(within(within(pane).getByTestId('offer-form-os')).getByLabelText('iOS'));

    await userEvent.click(within(pane).getByTestId('offer-form-save'));
    await waitFor(() => expect(callsTo(calls, 'POST', PATH)).toHaveLength(1));
    expect(callsTo(calls, 'POST', PATH)[0]?.body).toEqual({
      name: 'Dating',
      landingUrl: 'https://dating.example/?c={clickid}',
      targeting: { countries: ['ES', 'FR'], devices: ['Tablet'], os: ['iOS'] },
    });
    expect(await notificationText()).toContain(OFFER_MESSAGES.created);
  });

  it('locks targeting without offer_edit_targeting and leaves it out of the PUT', async () => {
    const calls = api({
      'GET /me/permissions': ['offer_view', 'offer_edit'],
      [`PUT ${PATH}/21`]: (body: unknown) => ({ status: 200, body: { ...vpnOffer, ...(body as object) } }),
    });
    renderScreen(<OffersPage />);
    await userEvent.click(await screen.findByTestId('offer-edit-21'));
    const pane = await screen.findByRole('dialog', { name: 'Edit Offer' });
    const targeting = within(pane).getByTestId('offer-form-targeting') as HTMLFieldSetElement;
    await waitFor(() => expect(targeting.disabled).toBe(true));
    expect(targeting.textContent).toContain(missingPermissionText('offer_edit_targeting'));
    await userEvent.click(within(pane).getByTestId('offer-form-save'));
    await waitFor(() => expect(callsTo(calls, 'PUT', `${PATH}/21`)).toHaveLength(1));
    expect(callsTo(calls, 'PUT', `${PATH}/21`)[0]?.body).toEqual({
      name: 'VPN trial',
      landingUrl: 'https://offers.example/vpn?click={clickid}',
    });
    // The active toggle needs offer_pause.
    expect(screen.getByTestId('offer-active-21').dataset.disabledReason).toBe(
      missingPermissionText('offer_pause'),
    );
  });
});
