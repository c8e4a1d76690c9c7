import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExclusionEntry } from '@veracity/contracts/google-ads';
import type { IpExclusionList, IpExclusionLists } from '@veracity/contracts/ip-settings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IP_MESSAGES } from '../../account/ip-entries';
import {
  callsTo,
  expectBlocked,
  meFixture,
  mockApi,
  notificationText,
  renderScreen,
} from '../../account/test-api';
import { IP_EXCLUSION_MESSAGES, IP_EXCLUSION_PAGE_SIZE } from './IpExclusionListsCard';
import { IP_PASTE_MESSAGES } from './IpPasteBox';
import { IpSettingsPage } from './IpSettingsPage';

afterEach(() => vi.unstubAllGlobals());

const TYPES = [
  ['DYNAMIC', 'individual', 'Dynamic'],
  ['PARALLEL', 'individual', 'Parallel'],
  ['STATIC', 'individual', 'Static'],
  ['ACCOUNT_REGULAR', 'individual', 'Account'],
  ['COUNTRY_GOOGLE', 'global', 'Country (Google)'],
  ['COUNTRY_GLOBAL', 'global', 'Country (all channels)'],
  ['GLOBAL_REGULAR', 'global', 'Global'],
] as const;

function exclusion(id: number, changes: Partial<ExclusionEntry> = {}): ExclusionEntry {
  return {
    id,
    customerId: '1234567890',
    campaignId: '331',
    campaignType: 'SEARCH',
    cidr: `203.0.113.${id}`,
    type: 'DYNAMIC',
    state: 'active',
    addedAt: '2026-11-10T00:00:00.000Z',
    expiresAt: '2026-12-10T00:00:00.000Z',
    lastInvalidAt: '2026-11-09T00:00:00.000Z',
    invalidSessions: 4,
    threats: { 'automation:webdriver': 3 },
    ...changes,
  };
}

function lists(
  changes: Partial<Record<IpExclusionList['type'], Partial<IpExclusionList>>> = {},
  connection: IpExclusionLists['connection'] = 'connected',
): IpExclusionLists {
  return {
    connection,
    caps: { perCampaign: 500, perAccount: 500 },
    lists: TYPES.map(([type, group, label]) => ({
      type,
      group,
      label,
      meaning: `What ${label} holds`,
      entries: 0,
      fullest: null,
      items: [],
      ...changes[type],
    })),
  };
}

const withDynamic = (items: ExclusionEntry[]) =>
  lists({
    DYNAMIC: {
      entries: items.length,
      fullest: {
        customerId: '1234567890',
        campaignId: '331',
        campaignName: 'Brand search',
        entries: items.length,
        listEntries: items.length + 5,
        cap: 500,
      },
      items,
    },
  });

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /me/ip-whitelist': { entries: [] },
    'GET /me/ip-blacklist': {
      entries: [{ value: '198.51.100.7', note: null, createdAt: '2025-01-11T00:00:00Z' }],
    },
    'GET /security/ip-lists': withDynamic([exclusion(1), exclusion(2, { expiresAt: null, type: 'DYNAMIC' })]),
    ...extra,
  });
}

describe('IpSettingsPage: traffic IP lists', () => {
  it('shows the two traffic lists', async () => {
    api();
    renderScreen(<IpSettingsPage />);
    expect((await screen.findByTestId('ip-whitelist-empty')).textContent).toContain(
      'No address is always legitimate',
    );
    expect(((await screen.findByTestId('ip-blacklist-value-0')) as HTMLInputElement).value).toBe(
      '198.51.100.7',
    );
  });

  it('refuses addresses that are not IPs or ranges, and duplicates', async () => {
    const calls = api();
    renderScreen(<IpSettingsPage />);
    await screen.findByTestId('ip-blacklist-value-0');
    await userEvent.click(screen.getByTestId('ip-blacklist-add'));
    await userEvent.type(screen.getByTestId('ip-blacklist-value-1'), '2001:db8::/129');
    await userEvent.click(screen.getByTestId('ip-blacklist-add'));
    await userEvent.type(screen.getByTestId('ip-blacklist-value-2'), '198.51.100.7');
    await userEvent.click(screen.getByTestId('ip-blacklist-save'));
    expect(screen.getByText(IP_MESSAGES.invalid)).toBeTruthy();
    expect(screen.getByText(IP_MESSAGES.duplicate)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/me/ip-blacklist')).toHaveLength(0);
  });

  it('shows each bad line of a bulk paste next to its number and saves nothing until it is fixed', async () => {
    const calls = api({
      'POST /me/ip-blacklist': () => ({ status: 200, body: { entries: [] } }),
    });
    renderScreen(<IpSettingsPage />);
    await screen.findByTestId('ip-blacklist-value-0');
    const paste = screen.getByTestId('ip-blacklist-paste');
    await userEvent.click(paste);
    await userEvent.paste('203.0.113.7, 203.0.113.8\nnot-an-ip 10.0.0.0/8\n\n2001:db8::/48\n10.0.0.0/33');
    await userEvent.click(screen.getByTestId('ip-blacklist-save'));
    const errors = await screen.findByTestId('ip-blacklist-paste-errors');
    expect(within(errors).getAllByRole('listitem')).toHaveLength(2);
    const line2 = screen.getByTestId('ip-blacklist-paste-error-2');
    expect(line2.textContent).toContain('Line 2');
    expect(line2.textContent).toContain('not-an-ip 10.0.0.0/8');
    expect(line2.textContent).toContain(IP_PASTE_MESSAGES.line(['not-an-ip']));
    expect(screen.getByTestId('ip-blacklist-paste-error-5').textContent).toContain('10.0.0.0/33');
    expect(screen.getByTestId('ip-blacklist-paste-summary').textContent).toBe(IP_PASTE_MESSAGES.summary(2));
    expect(callsTo(calls, 'POST', '/me/ip-blacklist')).toHaveLength(0);
    // Nothing of the paste was added to the rows either.
    expect(screen.queryByTestId('ip-blacklist-value-1')).toBeNull();

    await userEvent.clear(paste);
    await userEvent.paste('203.0.113.7, 203.0.113.8\n198.51.100.7 2001:db8::/48');
    await userEvent.click(screen.getByTestId('ip-blacklist-save'));
    expect(await notificationText()).toContain('Always invalid IPs saved');
    expect(callsTo(calls, 'POST', '/me/ip-blacklist')[0]?.body).toEqual({
      entries: [
        { value: '198.51.100.7', note: null },
        { value: '203.0.113.7', note: null },
        { value: '203.0.113.8', note: null },
        { value: '2001:db8::/48', note: null },
      ],
    });
  });

  it('adds a good paste to the rows before saving', async () => {
    const calls = api();
    renderScreen(<IpSettingsPage />);
    await screen.findByTestId('ip-whitelist-empty');
    await userEvent.type(screen.getByTestId('ip-whitelist-paste'), '192.0.2.1 192.0.2.0/24');
    await userEvent.click(screen.getByTestId('ip-whitelist-paste-add'));
    expect((screen.getByTestId('ip-whitelist-value-0') as HTMLInputElement).value).toBe('192.0.2.1');
    expect((screen.getByTestId('ip-whitelist-value-1') as HTMLInputElement).value).toBe('192.0.2.0/24');
    expect((screen.getByTestId('ip-whitelist-paste') as HTMLTextAreaElement).value).toBe('');
    expect(callsTo(calls, 'POST', '/me/ip-whitelist')).toHaveLength(0);
  });

  it('replaces a traffic list with POST', async () => {
    const calls = api({ 'POST /me/ip-blacklist': () => ({ status: 200, body: { entries: [] } }) });
    renderScreen(<IpSettingsPage />);
    await userEvent.click(await screen.findByTestId('ip-blacklist-remove-0'));
    await userEvent.click(screen.getByTestId('ip-blacklist-save'));
    expect(await notificationText()).toContain('Always invalid IPs saved');
    expect(callsTo(calls, 'POST', '/me/ip-blacklist')[0]?.body).toEqual({ entries: [] });
  });

  it('locks the lists without the IP permission, naming it', async () => {
    api({ 'GET /me/permissions': [] });
    renderScreen(<IpSettingsPage />);
    const reason = 'You need the “Manage IP lists” permission (account_manage_ip_whitelist) to do this.';
    await screen.findByTestId('ip-blacklist-value-0');
    await waitFor(() =>
      expect((screen.getByTestId('ip-blacklist-value-0') as HTMLInputElement).disabled).toBe(true),
    );
    expect((screen.getByTestId('ip-blacklist-paste') as HTMLTextAreaElement).disabled).toBe(true);
    await expectBlocked('ip-whitelist-save', reason);
  });

  it('disables the changes of a demo account', async () => {
    api({ 'GET /me': meFixture({ isDemo: true }) });
    renderScreen(<IpSettingsPage />);
    await screen.findByTestId('ip-blacklist-value-0');
    await expectBlocked('ip-blacklist-save', 'This action is disabled for the demo account');
  });
});

describe('IpSettingsPage: dynamic IP exclusion lists', () => {
  it('shows a row per type in its group, with its count against the cap, expanding to its entries', async () => {
    api();
    renderScreen(<IpSettingsPage />);
    const individual = await screen.findByTestId('ip-exclusion-group-individual');
    expect(
      within(individual)
        .getAllByRole('listitem')
        .map((item) => item.dataset.testid),
    ).toEqual([
      'ip-exclusion-type-DYNAMIC',
      'ip-exclusion-type-PARALLEL',
      'ip-exclusion-type-STATIC',
      'ip-exclusion-type-ACCOUNT_REGULAR',
    ]);
    expect(within(screen.getByTestId('ip-exclusion-group-global')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('ip-exclusion-count-DYNAMIC').textContent).toBe('(2 entries)');
    expect(screen.getByTestId('ip-exclusion-fill-DYNAMIC').textContent).toBe('2 / 500');
    expect(screen.getByTestId('ip-exclusion-fullest-DYNAMIC').textContent).toBe(
      'Brand search (123-456-7890), 7 entries of every type',
    );
    const meter = screen.getByTestId('ip-exclusion-type-DYNAMIC').querySelector<HTMLElement>('[data-meter]');
    expect(meter?.style.width).toBe(`${(2 / 500) * 100}%`);
    expect(screen.getByText('What Dynamic holds')).toBeTruthy();

    const toggle = screen.getByTestId('ip-exclusion-toggle-DYNAMIC');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const rows = within(screen.getByTestId('ip-exclusion-items-DYNAMIC')).getAllByTestId('ip-exclusion-item');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('203.0.113.1');
    expect(rows[0]?.textContent).toContain('Campaign 331');
    expect(rows[0]?.textContent).toMatch(/Headless|automation|webdriver/i);
    expect(rows[1]?.textContent).toContain('Until removed');
    await userEvent.click(toggle);
    expect(screen.queryByTestId('ip-exclusion-items-DYNAMIC')).toBeNull();
  });

  it('pages a long list', async () => {
    const items = Array.from({ length: IP_EXCLUSION_PAGE_SIZE + 5 }, (_, index) => exclusion(index + 1));
    api({ 'GET /security/ip-lists': withDynamic(items) });
    renderScreen(<IpSettingsPage />);
    await userEvent.click(await screen.findByTestId('ip-exclusion-toggle-DYNAMIC'));
    expect(screen.getAllByTestId('ip-exclusion-item')).toHaveLength(IP_EXCLUSION_PAGE_SIZE);
    expect(screen.getByTestId('ip-exclusion-pager-DYNAMIC').textContent).toBe(
      `1–${IP_EXCLUSION_PAGE_SIZE} of ${IP_EXCLUSION_PAGE_SIZE + 5}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByTestId('ip-exclusion-item')).toHaveLength(5);
  });

  it('says Google Ads is not linked, with the way to link it', async () => {
    api({ 'GET /security/ip-lists': lists({}, 'none') });
    renderScreen(<IpSettingsPage />);
    const empty = await screen.findByTestId('ip-exclusions-not-linked');
    expect(empty.textContent).toContain(IP_EXCLUSION_MESSAGES.notLinkedTitle);
    expect(screen.getByTestId('ip-exclusions-linking-link').getAttribute('href')).toBe(
      '/integrations/google-ads/linking',
    );
    expect(screen.queryByTestId('ip-exclusion-group-individual')).toBeNull();
  });

  it('says nothing is excluded yet on a linked account', async () => {
    api({ 'GET /security/ip-lists': lists() });
    renderScreen(<IpSettingsPage />);
    expect((await screen.findByTestId('ip-exclusions-empty')).textContent).toContain(
      IP_EXCLUSION_MESSAGES.nothingTitle,
    );
  });

  it('offers to retry when the lists fail to load', async () => {
    api({ 'GET /security/ip-lists': () => ({ status: 500 }) });
    renderScreen(<IpSettingsPage />);
    const card = await screen.findByTestId('ip-exclusions-card');
    expect(await within(card).findByRole('button', { name: /retry|try again/i })).toBeTruthy();
  });
});
