import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Campaign } from '@veracity/contracts/campaigns';
import type { PermissionKey } from '@veracity/contracts/plans';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../lib/api-errors';
import {
  ACCOUNT_PERMISSIONS,
  callsTo,
  expectBlocked,
  meFixture,
  mockApi,
  notificationText,
  renderScreen,
} from '../account/test-api';
import { missingPermissionText } from '../session/use-write-access';
import { CAMPAIGN_MESSAGES } from './S2sCampaignFormModal';
import { S2sCampaignsPage } from './S2sCampaignsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const CAMPAIGN_PERMISSIONS: PermissionKey[] = [
  ...ACCOUNT_PERMISSIONS,
  'campaign_view',
  'campaign_create',
  'campaign_edit',
  'campaign_pause',
];

const spring: Campaign = {
  id: 1,
  name: 'Spring sale',
  active: true,
  hidden: false,
  googleAccountId: '12345678901',
  googleCampaignId: '2011734',
  googleCampaignType: 'SEARCH',
};
const brand: Campaign = {
  ...spring,
  id: 2,
  name: 'Brand',
  googleAccountId: null,
  googleCampaignId: null,
  googleCampaignType: null,
};

function api(answers: Record<string, unknown> = {}) {
  return mockApi({
    'GET /me/permissions': CAMPAIGN_PERMISSIONS,
    'GET /sensors/s2s': [spring, brand],
    ...answers,
  });
}

/** Holds PUT answers until release() so the optimistic state can be seen. */
function holdPuts(): () => void {
  const answer = globalThis.fetch;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') await gate;
    return answer(input, init);
  });
  return release;
}

const activeSwitch = (name: string) => screen.getByRole('switch', { name: `${name}: active` });
const hiddenSwitch = (name: string) => screen.getByRole('switch', { name: `${name}: hidden` });

describe('S2sCampaignsPage', () => {
  it('lists the campaigns with their id, Google fields and toggles', async () => {
    api();
    renderScreen(<S2sCampaignsPage />);
    const row = await screen.findByTestId('s2s-row-1');
    expect(row.textContent).toContain('Spring sale');
    expect(row.textContent).toContain('123-456-78901');
    expect(row.textContent).toContain('2011734');
    expect(row.textContent).toContain('SEARCH');
    expect(activeSwitch('Spring sale').getAttribute('aria-checked')).toBe('true');
    expect(hiddenSwitch('Spring sale').getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('s2s-row-2').textContent).toContain('–');
  });

  it('shows a loading state, then says what to do when there is no campaign', async () => {
    api({ 'GET /sensors/s2s': [] });
    renderScreen(<S2sCampaignsPage />);
    expect(screen.getByTestId('s2s-loading')).toBeTruthy();
    expect((await screen.findByTestId('s2s-empty')).textContent).toContain('No S2S campaigns yet');
  });

  it('flips active at once, then shows the server reply when it differs', async () => {
    const calls = api({
      'PUT /sensors/s2s/1': (body: unknown) => ({
        status: 200,
        body: { ...spring, ...(body as object), name: 'Spring sale (paused)' },
      }),
    });
    const release = holdPuts();
    renderScreen(<S2sCampaignsPage />);
    await screen.findByTestId('s2s-row-1');
    await userEvent.click(activeSwitch('Spring sale'));
    // Optimistic: before the server answers.
    expect(activeSwitch('Spring sale').getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('s2s-row-1').textContent).toContain('inactive');
    release();
    await waitFor(() =>
      expect(screen.getByTestId('s2s-row-1').textContent).toContain('Spring sale (paused)'),
    );
    expect(activeSwitch('Spring sale (paused)').getAttribute('aria-checked')).toBe('false');
    expect(callsTo(calls, 'PUT', '/sensors/s2s/1').map((call) => call.body)).toEqual([{ active: false }]);
  });

  it('restores the previous item and shows the error when the change fails', async () => {
    api({ 'PUT /sensors/s2s/1': () => ({ status: 500, body: 'boom' }) });
    const release = holdPuts();
    renderScreen(<S2sCampaignsPage />);
    await screen.findByTestId('s2s-row-1');
    await userEvent.click(activeSwitch('Spring sale'));
    expect(activeSwitch('Spring sale').getAttribute('aria-checked')).toBe('false');
    release();
    await waitFor(() => expect(activeSwitch('Spring sale').getAttribute('aria-checked')).toBe('true'));
    expect(await notificationText()).toContain(ERROR_MESSAGES.server);
  });

  it('sends the item with hidden inverted from the hidden toggle', async () => {
    const calls = api({
      'PUT /sensors/s2s/2': (body: unknown) => ({ status: 200, body: { ...brand, ...(body as object) } }),
    });
    renderScreen(<S2sCampaignsPage />);
    await screen.findByTestId('s2s-row-2');
    await userEvent.click(hiddenSwitch('Brand'));
    expect(callsTo(calls, 'PUT', '/sensors/s2s/2').map((call) => call.body)).toEqual([{ hidden: true }]);
    await waitFor(() => expect(hiddenSwitch('Brand').getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByTestId('s2s-row-2').textContent).toContain('hidden');
  });

  it('checks the form before creating, then creates and reloads the list', async () => {
    const calls = api({
      'POST /sensors/s2s': (body: unknown) => ({
        status: 201,
        body: { ...brand, id: 3, ...(body as object) },
      }),
    });
    renderScreen(<S2sCampaignsPage />);
    await screen.findByTestId('s2s-row-1');
    await userEvent.click(screen.getByTestId('s2s-create'));
    const form = await screen.findByTestId('s2s-form');
    await userEvent.click(within(form).getByTestId('s2s-form-save'));
    expect(form.textContent).toContain(CAMPAIGN_MESSAGES.required);
    await userEvent.type(within(form).getByTestId('s2s-form-name'), 'Summer');
    await userEvent.type(within(form).getByTestId('s2s-form-account-id'), '12345');
    await userEvent.type(within(form).getByTestId('s2s-form-campaign-id'), '12a');
    await userEvent.click(within(form).getByTestId('s2s-form-save'));
    expect(form.textContent).toContain(CAMPAIGN_MESSAGES.accountId);
    expect(form.textContent).toContain(CAMPAIGN_MESSAGES.campaignId);
    expect(callsTo(calls, 'POST', '/sensors/s2s')).toHaveLength(0);

    await userEvent.clear(within(form).getByTestId('s2s-form-account-id'));
    await userEvent.type(within(form).getByTestId('s2s-form-account-id'), '123-456-7890');
    await userEvent.clear(within(form).getByTestId('s2s-form-campaign-id'));
    await userEvent.click(within(form).getByTestId('s2s-form-save'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/sensors/s2s')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/sensors/s2s')[0]?.body).toEqual({
      name: 'Summer',
      googleAccountId: '123-456-7890',
      googleCampaignId: null,
      googleCampaignType: null,
    });
    expect(await notificationText()).toContain(CAMPAIGN_MESSAGES.created);
    await waitFor(() => expect(callsTo(calls, 'GET', '/sensors/s2s').length).toBeGreaterThan(1));
    await waitFor(() => expect(screen.queryByTestId('s2s-form')).toBeNull());
  });

  it('edits a campaign with its values filled in', async () => {
    const calls = api({
      'PUT /sensors/s2s/1': (body: unknown) => ({ status: 200, body: { ...spring, ...(body as object) } }),
    });
    renderScreen(<S2sCampaignsPage />);
    await userEvent.click(await screen.findByTestId('s2s-edit-1'));
    const name = (await screen.findByTestId('s2s-form-name')) as HTMLInputElement;
    expect(name.value).toBe('Spring sale');
    await userEvent.clear(name);
    await userEvent.type(name, 'Spring 2027');
    await userEvent.click(screen.getByTestId('s2s-form-save'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/sensors/s2s/1')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/sensors/s2s/1')[0]?.body).toMatchObject({
      name: 'Spring 2027',
      googleAccountId: '12345678901',
      googleCampaignType: 'SEARCH',
    });
    expect(await notificationText()).toContain(CAMPAIGN_MESSAGES.updated);
  });

  it('downloads the list as a JSON file', async () => {
    const calls = api();
    const saved: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | undefined;
    // jsdom has no object URLs: the test provides them for this one download.
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        lastBlob = blob;
        return 'blob:s2s';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
    });
    renderScreen(<S2sCampaignsPage />);
    await screen.findByTestId('s2s-row-1');
    await userEvent.click(screen.getByTestId('s2s-download'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toMatch(/^s2s-campaigns-\d{8}-\d{6}\.json$/);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      if (saved[0]) reader.readAsText(saved[0].blob);
    });
    expect(JSON.parse(text)).toEqual([spring, brand]);
    expect(callsTo(calls, 'GET', '/sensors/s2s').length).toBeGreaterThanOrEqual(2);
  });

  it('says "No content" instead of saving an empty file', async () => {
    api({ 'GET /sensors/s2s': [] });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    renderScreen(<S2sCampaignsPage />);
    await screen.findByTestId('s2s-empty');
    await userEvent.click(screen.getByTestId('s2s-download'));
    expect(await notificationText()).toContain('No content');
    expect(click).not.toHaveBeenCalled();
  });

  it('blocks every change on the demo account, with the reason', async () => {
    const calls = api({ 'GET /me': meFixture({ isDemo: true, planType: 'demo' }) });
    renderScreen(<S2sCampaignsPage />);
    await screen.findByTestId('s2s-row-1');
    await expectBlocked('s2s-create', ERROR_MESSAGES.demoAccount);
    await expectBlocked('s2s-edit-1', ERROR_MESSAGES.demoAccount);
    expect(screen.getByTestId('s2s-active-1').dataset.disabledReason).toBe(ERROR_MESSAGES.demoAccount);
    expect(activeSwitch('Spring sale').hasAttribute('disabled')).toBe(true);
    await userEvent.click(activeSwitch('Spring sale'));
    expect(callsTo(calls, 'PUT', '/sensors/s2s/1')).toHaveLength(0);
  });

  it('keeps the active toggle for those who may pause, and the list for those who may view', async () => {
    api({ 'GET /me/permissions': ['campaign_view', 'campaign_edit'] });
    renderScreen(<S2sCampaignsPage />);
    await screen.findByTestId('s2s-row-1');
    await waitFor(() =>
      expect(screen.getByTestId('s2s-active-1').dataset.disabledReason).toBe(
        missingPermissionText('campaign_pause'),
      ),
    );
    expect(hiddenSwitch('Spring sale').hasAttribute('disabled')).toBe(false);
    await expectBlocked('s2s-create', missingPermissionText('campaign_create'));
  });

  it('does not load the list without campaign_view, and says why', async () => {
    const calls = api({ 'GET /me/permissions': [] });
    renderScreen(<S2sCampaignsPage />);
    expect((await screen.findByTestId('s2s-no-permission')).textContent).toContain('campaign_view');
    expect(callsTo(calls, 'GET', '/sensors/s2s')).toHaveLength(0);
  });
});
