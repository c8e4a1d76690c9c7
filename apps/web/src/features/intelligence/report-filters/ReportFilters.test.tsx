import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@veracity/contracts/account';
import type { AnalyticsAccess } from '@veracity/contracts/analytics/dimensions';
import type { FilterOption } from '@veracity/contracts/analytics/query';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../providers';
import { meQueryKey } from '../../session/session.api';
import { meFixture } from '../../session/session-test-support';
import { ReportFilters, type ReportFiltersValue } from './ReportFilters';

/** The filter-options call, answered from these lists the way the server does (search, limit, truncated). */
const OPTIONS: Record<string, FilterOption[]> = {
  country: [
    { id: 'ES', name: 'Spain', flag: '🇪🇸' },
    { id: 'FR', name: 'France', flag: '🇫🇷' },
    { id: 'DE', name: 'Germany', flag: '🇩🇪' },
  ],
  browser: [
    { id: 'Chrome', name: 'Chrome' },
    { id: 'Firefox', name: 'Firefox' },
    { id: 'Safari', name: 'Safari' },
  ],
  trafficType: [
    { id: 'google', name: 'Google' },
    { id: 'facebook', name: 'Meta (Facebook and Instagram)' },
  ],
  isp: Array.from({ length: 300 }, (_, i) => ({ id: `ISP ${i + 1}`, name: `ISP ${i + 1}` })),
  // More than one answer holds (the call's limit is 500): the last ones come only through a search.
  campaign: [
    { id: 11, name: 'Spring sale' },
    { id: 12, name: 'Brand search' },
    ...Array.from({ length: 520 }, (_, i) => ({ id: 1000 + i, name: `Campaign ${1000 + i}` })),
  ],
};

/** Filters the server refuses for the account (400), as it does for a filter its plan lacks. */
const REFUSED = new Set(['offer']);

interface FetchCall {
  filter: string | null;
  search: string | null;
  limit: string | null;
}

let calls: FetchCall[] = [];
/** When set, answers wait for this promise (to see the picker load). */
let gate: Promise<void> | null = null;

beforeEach(() => {
  calls = [];
  gate = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/analytics/filter-options') return new Response('Not found', { status: 404 });
      const filter = url.searchParams.get('filter');
      const search = url.searchParams.get('search');
      const limit = Number(url.searchParams.get('limit') ?? 100);
      calls.push({ filter, search, limit: url.searchParams.get('limit') });
      if (gate) await gate;
      if (REFUSED.has(filter ?? '')) {
        return new Response(JSON.stringify([{ code: 'NOT_VALID', field: 'filter' }]), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        });
      }
      const matching = (OPTIONS[filter ?? ''] ?? []).filter((option) =>
        `${option.name}\n${option.id}`.toLowerCase().includes((search ?? '').toLowerCase()),
      );
      return new Response(
        JSON.stringify({ options: matching.slice(0, limit), truncated: matching.length > limit }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const PRO: AnalyticsAccess = { free: false, google: true, firewall: true, allowedVars: 4 };

interface HarnessProps {
  initial?: ReportFiltersValue;
  access?: AnalyticsAccess;
  disabled?: boolean;
  disabledReason?: string;
  /** The value comes back this long after onChange, as the address does after a navigation. */
  valueDelayMs?: number;
  onChange: (next: ReportFiltersValue) => void;
}

/** The page's part: keeps the value and passes it back, as the analytics page does through the address. */
function Harness({ initial, access, disabled, disabledReason, valueDelayMs, onChange }: HarnessProps) {
  const [value, setValue] = useState<ReportFiltersValue>(initial ?? { matchType: 'all', filters: [] });
  return (
    <ReportFilters
      value={value}
      access={access ?? PRO}
      disabled={disabled}
      disabledReason={disabledReason}
      onChange={(next) => {
        onChange(next);
        if (valueDelayMs === undefined) setValue(next);
        else setTimeout(() => setValue(next), valueDelayMs);
      }}
    />
  );
}

function renderFilters(options: Omit<HarnessProps, 'onChange'> & { me?: Partial<Me> } = {}) {
  const onChange = vi.fn();
  const client = createQueryClient();
  // The private screens find the signed-in account in the cache (its term translations).
  if (options.me) client.setQueryData(meQueryKey, meFixture(options.me));
  render(
    <QueryClientProvider client={client}>
      <Harness {...options} onChange={onChange} />
    </QueryClientProvider>,
  );
  return { onChange, user: userEvent.setup() };
}

const lastValue = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.lastCall?.[0] as ReportFiltersValue;

async function openAddMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Add filter/ }));
  return screen.getByRole('menu', { name: 'Add filter' });
}

/**
 * Opens a group's submenu from the keyboard (ArrowRight on the group). In jsdom every box measures 0 px,
 * so a pointer moving from the group to its submenu leaves Radix's grace area and closes it.
 */
async function openGroup(user: ReturnType<typeof userEvent.setup>, group: string) {
  const trigger = screen.getByRole('menuitem', { name: group });
  act(() => trigger.focus());
  await user.keyboard('{ArrowRight}');
  return screen.getByRole('menu', { name: group });
}

async function chooseItem(user: ReturnType<typeof userEvent.setup>, menu: HTMLElement, name: string) {
  const item = within(menu).getByRole('menuitem', { name });
  act(() => item.focus());
  await user.keyboard('{Enter}');
}

async function addFilter(user: ReturnType<typeof userEvent.setup>, group: string, column: string) {
  await openAddMenu(user);
  await chooseItem(user, await openGroup(user, group), column);
}

const listOptions = () => within(screen.getByRole('listbox')).queryAllByRole('option');

describe('ReportFilters: match and lines', () => {
  it('reads "Match All|Any of the following..." and switches the match type', async () => {
    const { onChange, user } = renderFilters();
    const group = screen.getByRole('group', { name: 'Match all or any of the filters' });
    expect(group.textContent).toBe('MatchAllAnyof the following...');
    const all = screen.getByRole('button', { name: 'All' });
    const any = screen.getByRole('button', { name: 'Any' });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(any.getAttribute('data-size')).toBe('binary');
    await user.click(any);
    expect(lastValue(onChange)).toEqual({ matchType: 'any', filters: [] });
    expect(any.getAttribute('aria-pressed')).toBe('true');
    expect(all.getAttribute('aria-pressed')).toBe('false');
  });

  it('adds a line from the group submenu, opens its picker and joins the value with the first value', async () => {
    const { onChange, user } = renderFilters();
    await addFilter(user, 'Target', 'Country');
    // The line is there, the picker open with the focus in "Find...", but nothing filters yet.
    expect(screen.getByRole('button', { name: 'Filter column: Country' })).toBeTruthy();
    const find = await screen.findByRole('combobox', { name: 'Find Country values' });
    await waitFor(() => expect(document.activeElement).toBe(find));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('option', { name: /Spain/ }));
    expect(lastValue(onChange)).toEqual({
      matchType: 'all',
      filters: [{ column: 'country', type: 'equals', values: ['ES'] }],
    });
    expect(calls[0]).toEqual({ filter: 'country', search: null, limit: '500' });
  });

  it('removes a line with its trash button', async () => {
    const { onChange, user } = renderFilters({
      initial: {
        matchType: 'any',
        filters: [
          { column: 'country', type: 'equals', values: ['ES'] },
          { column: 'browser', type: 'notEquals', values: ['Chrome'] },
        ],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Remove the Country filter' }));
    expect(lastValue(onChange)).toEqual({
      matchType: 'any',
      filters: [{ column: 'browser', type: 'notEquals', values: ['Chrome'] }],
    });
    expect(screen.queryByRole('button', { name: 'Filter column: Country' })).toBeNull();
  });

  it('switches a line between equals and not equals', async () => {
    const { onChange, user } = renderFilters({
      initial: { matchType: 'all', filters: [{ column: 'country', type: 'equals', values: ['ES'] }] },
    });
    await user.click(screen.getByRole('button', { name: 'Country condition' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Not equals' }));
    expect(lastValue(onChange).filters).toEqual([{ column: 'country', type: 'notEquals', values: ['ES'] }]);
  });

  it('offers a column once: a used column is not in the menus any more', async () => {
    const { user } = renderFilters({
      initial: { matchType: 'all', filters: [{ column: 'country', type: 'equals', values: ['ES'] }] },
    });
    await openAddMenu(user);
    const target = await openGroup(user, 'Target');
    const names = within(target)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['ISP']);
  });

  it('changes a line to another column, emptying its values', async () => {
    const { onChange, user } = renderFilters({
      initial: { matchType: 'all', filters: [{ column: 'country', type: 'notEquals', values: ['ES'] }] },
    });
    await user.click(screen.getByRole('button', { name: 'Filter column: Country' }));
    await chooseItem(user, await openGroup(user, 'Device'), 'Browser');
    // Without values the line leaves the value, and stays on screen to pick them.
    expect(lastValue(onChange).filters).toEqual([]);
    expect(screen.getByRole('button', { name: 'Filter column: Browser' })).toBeTruthy();
  });
});

describe('ReportFilters: groups and gating', () => {
  it('has one submenu per group, at most 280 px high, without the Google group (not a report column)', async () => {
    const { user } = renderFilters();
    const menu = await openAddMenu(user);
    const groups = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(groups).toEqual(['Traffic', 'Device', 'Target', 'Website', 'Segmentation', 'Custom', 'Security']);
    const traffic = await openGroup(user, 'Traffic');
    expect(traffic.style.maxHeight).toContain('280px');
    expect(
      within(traffic)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Offer', 'Campaign', 'Traffic Source', 'Sub Publisher']);
  });

  it('hides the Traffic group (and Visit Status) without the firewall', async () => {
    const { user } = renderFilters({ access: { ...PRO, firewall: false } });
    const menu = await openAddMenu(user);
    const groups = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(groups).not.toContain('Traffic');
    const security = await openGroup(user, 'Security');
    expect(
      within(security)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Visit Analysis level']);
  });

  it('offers custom variables up to allowedVars', async () => {
    const { user } = renderFilters({ access: { ...PRO, allowedVars: 2 } });
    await openAddMenu(user);
    const custom = await openGroup(user, 'Custom');
    expect(
      within(custom)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Var 1', 'Var 2']);
  });

  it("names columns and lines in the account's words (term translations)", async () => {
    const { user } = renderFilters({
      me: { translations: { trafficSource: 'Publisher', var1: 'Zone', click: 'Click' } },
    });
    await openAddMenu(user);
    const traffic = await openGroup(user, 'Traffic');
    const names = within(traffic)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(names).toContain('Publisher');
    expect(names).not.toContain('Traffic Source');
    await user.click(within(traffic).getByRole('menuitem', { name: 'Publisher' }));
    expect(screen.getByRole('button', { name: 'Filter column: Publisher' })).toBeTruthy();

    await openAddMenu(user);
    const custom = await openGroup(user, 'Custom');
    expect(within(custom).getAllByRole('menuitem')[0]?.textContent).toBe('Zone');
    await user.keyboard('{Escape}');
    await openAddMenu(user);
    const security = await openGroup(user, 'Security');
    expect(within(security).getByRole('menuitem', { name: 'Click Analysis level' })).toBeTruthy();
  });

  it('lets the free plan explore the filters but select none, with the spec tooltip', async () => {
    const { onChange, user } = renderFilters({ access: { ...PRO, free: true } });
    const add = screen.getByRole('button', { name: /Add filter/ });
    await user.hover(add);
    expect((await screen.findByRole('tooltip')).textContent).toContain(
      'Filters selection is not available on Free Plan. You can still explore the possible filters Veracity offers',
    );
    await user.click(add);
    const target = await openGroup(user, 'Target');
    const country = within(target).getByRole('menuitem', { name: 'Country' });
    expect(country.getAttribute('aria-disabled')).toBe('true');
    await user.click(country);
    act(() => country.focus());
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: 'Filter column: Country' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Any' }));
    expect(screen.getByRole('button', { name: 'Any' }).getAttribute('aria-disabled')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('disables everything with the given reason', async () => {
    const { onChange, user } = renderFilters({
      disabled: true,
      disabledReason: 'This action is disabled for the demo account',
      initial: { matchType: 'all', filters: [{ column: 'country', type: 'equals', values: ['ES'] }] },
    });
    const add = screen.getByRole('button', { name: /Add filter/ });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    await user.click(add);
    expect(screen.queryByRole('menu')).toBeNull();
    await user.hover(add);
    expect((await screen.findByRole('tooltip')).textContent).toContain('disabled for the demo account');
    expect(
      (screen.getByRole('button', { name: 'Remove the Country filter' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Select Country values' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('ReportFilters: the picker', () => {
  it('searches the options through the filter-options call', async () => {
    const { user } = renderFilters();
    await addFilter(user, 'Device', 'Browser');
    await screen.findByRole('option', { name: 'Chrome' });
    await user.type(screen.getByRole('combobox', { name: 'Find Browser values' }), 'fire');
    await waitFor(() =>
      expect(listOptions().map((option) => option.textContent)).toEqual(['Select All', 'Firefox']),
    );
    expect(calls.at(-1)).toEqual({ filter: 'browser', search: 'fire', limit: '500' });
    // Debounced: one call for the settled text, none per keystroke.
    expect(calls.filter((call) => call.filter === 'browser').map((call) => call.search)).toEqual([
      null,
      'fire',
    ]);
  });

  it('selects and unselects every listed option with Select All', async () => {
    const { onChange, user } = renderFilters({
      initial: { matchType: 'all', filters: [{ column: 'country', type: 'equals', values: ['FR'] }] },
    });
    await user.click(screen.getByRole('button', { name: 'Select Country values' }));
    const selectAll = await screen.findByRole('option', { name: 'Select All' });
    expect(selectAll.getAttribute('aria-selected')).toBe('false');
    await user.click(selectAll);
    expect(lastValue(onChange).filters).toEqual([
      { column: 'country', type: 'equals', values: ['FR', 'ES', 'DE'] },
    ]);
    expect(screen.getByRole('option', { name: 'Select All' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('option', { name: 'Select All' }));
    expect(lastValue(onChange).filters).toEqual([]);
  });

  it('keeps a new line and its open picker in place while its first value comes back through the address', async () => {
    const { onChange, user } = renderFilters({ valueDelayMs: 100 });
    await addFilter(user, 'Target', 'ISP');
    const picker = screen.getByRole('dialog', { name: 'ISP values picker' });
    await user.click(within(picker).getByRole('textbox', { name: 'Write a filter value and press enter' }));
    await user.paste('Orange');
    await user.keyboard('{Enter}');
    expect(lastValue(onChange).filters).toEqual([{ column: 'isp', type: 'equals', values: ['Orange'] }]);
    // Before the value comes back, and after: the same picker (not mounted again), the chip shown.
    expect(screen.getByRole('dialog', { name: 'ISP values picker' })).toBe(picker);
    expect(within(screen.getByRole('list', { name: 'ISP values' })).getAllByRole('listitem')).toHaveLength(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(screen.getByRole('dialog', { name: 'ISP values picker' })).toBe(picker);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: /values picker/ })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'ISP values' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('takes free text: trimmed, split on commas and new lines, de-duplicated', async () => {
    const { onChange, user } = renderFilters({
      initial: { matchType: 'all', filters: [{ column: 'isp', type: 'equals', values: ['Orange'] }] },
    });
    await user.click(screen.getByRole('button', { name: 'Select ISP values' }));
    const entry = screen.getByRole('textbox', { name: 'Write a filter value and press enter' });
    expect(entry.getAttribute('placeholder')).toBe('Write a filter value and press enter');
    await user.click(entry);
    await user.paste('  Telefonica , Orange\nVodafone,,\n Telefonica ');
    await user.keyboard('{Enter}');
    expect(lastValue(onChange).filters).toEqual([
      { column: 'isp', type: 'equals', values: ['Orange', 'Telefonica', 'Vodafone'] },
    ]);
    expect((entry as HTMLTextAreaElement).value).toBe('');
    const chips = within(screen.getByRole('list', { name: 'ISP values' }));
    expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
      'Orange',
      'Telefonica',
      'Vodafone',
    ]);
  });

  it('offers no free-text entry on a list-backed filter', async () => {
    const { user } = renderFilters();
    await addFilter(user, 'Target', 'Country');
    await screen.findByRole('option', { name: /Spain/ });
    expect(screen.queryByRole('textbox', { name: 'Write a filter value and press enter' })).toBeNull();
  });

  it('names chips from the options, with the flag for countries, and "{id}: Not found" for unknown ids', async () => {
    const { onChange, user } = renderFilters({
      initial: { matchType: 'all', filters: [{ column: 'country', type: 'equals', values: ['ES', 'ZZ'] }] },
    });
    const chips = within(screen.getByRole('list', { name: 'Country values' }));
    await waitFor(() =>
      expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
        '🇪🇸Spain',
        'ZZ: Not found',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Remove ZZ: Not found' }));
    expect(lastValue(onChange).filters).toEqual([{ column: 'country', type: 'equals', values: ['ES'] }]);
  });

  it('names a chip whose value lies past the first answer of the options (a long list)', async () => {
    renderFilters({
      initial: {
        matchType: 'all',
        filters: [{ column: 'campaignId', type: 'equals', values: [12, 1515, 9999] }],
      },
    });
    const chips = within(screen.getByRole('list', { name: 'Campaign values' }));
    await waitFor(() =>
      expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
        'Brand search',
        'Campaign 1515',
        '9999: Not found',
      ]),
    );
  });

  it('shows "{id}: Not found" when the server refuses the options of the filter for this account', async () => {
    renderFilters({
      initial: { matchType: 'all', filters: [{ column: 'offerId', type: 'equals', values: [7] }] },
    });
    const chips = within(screen.getByRole('list', { name: 'Offer values' }));
    await waitFor(() =>
      expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['7: Not found']),
    );
  });

  it('names integer ids (campaigns) and keeps them as numbers', async () => {
    const { onChange, user } = renderFilters();
    await addFilter(user, 'Traffic', 'Campaign');
    await user.click(await screen.findByRole('option', { name: 'Brand search' }));
    expect(lastValue(onChange).filters).toEqual([{ column: 'campaignId', type: 'equals', values: [12] }]);
    expect(
      within(screen.getByRole('list', { name: 'Campaign values' })).getByText('Brand search'),
    ).toBeTruthy();
  });

  it('shows "Loading..." while the options load and "No results" when none match', async () => {
    let open: () => void = () => undefined;
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const { user } = renderFilters();
    await addFilter(user, 'Device', 'Browser');
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    await act(async () => open());
    await screen.findByRole('option', { name: 'Chrome' });
    expect(screen.queryByRole('status')).toBeNull();
    gate = null;
    await user.type(screen.getByRole('combobox', { name: 'Find Browser values' }), 'qqq');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No results'));
    expect(listOptions()).toEqual([]);
  });

  it('virtualises the list: 238 px high, 24 px items, only the visible ones rendered', async () => {
    const { user } = renderFilters();
    await addFilter(user, 'Target', 'ISP');
    await screen.findByRole('option', { name: 'ISP 1' });
    expect(screen.getByTestId('picker-list').style.height).toBe('238px');
    const rendered = listOptions();
    // 301 rows (Select All and 300 ISPs): about 10 visible plus the overscan.
    expect(rendered.length).toBeGreaterThan(9);
    expect(rendered.length).toBeLessThan(30);
    rendered.forEach((row, index) => {
      expect(row.style.height).toBe('24px');
      expect(row.style.transform).toBe(`translateY(${index * 24}px)`);
    });
    expect((screen.getByRole('listbox') as HTMLElement).style.height).toBe(`${301 * 24}px`);
  });

  it('works from the keyboard: arrows move, Enter toggles, Escape closes', async () => {
    const { onChange, user } = renderFilters();
    await addFilter(user, 'Device', 'Browser');
    await screen.findByRole('option', { name: 'Chrome' });
    const find = screen.getByRole('combobox', { name: 'Find Browser values' });
    await waitFor(() => expect(document.activeElement).toBe(find));
    const active = () =>
      document.getElementById(find.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('Select All');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Firefox');
    await user.keyboard('{Enter}');
    expect(lastValue(onChange).filters).toEqual([{ column: 'browser', type: 'equals', values: ['Firefox'] }]);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(lastValue(onChange).filters).toEqual([
      { column: 'browser', type: 'equals', values: ['Firefox', 'Chrome'] },
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Select Browser values' }));
  });

  it('keeps the picker that opened with a new line open when "Select values" is clicked (the first click counts)', async () => {
    const { onChange, user } = renderFilters();
    await addFilter(user, 'Segmentation', 'Traffic Type');
    expect(await screen.findByRole('listbox', { name: 'Traffic Type values' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Select Traffic Type values' }));
    expect(screen.getByRole('listbox', { name: 'Traffic Type values' })).toBeTruthy();
    await user.click(await screen.findByRole('option', { name: 'Google' }));
    expect(lastValue(onChange).filters).toEqual([
      { column: 'trafficType', type: 'equals', values: ['google'] },
    ]);
  });

  it('opens a closed picker with one click on "Select values"', async () => {
    const { user } = renderFilters();
    await addFilter(user, 'Segmentation', 'Traffic Type');
    await screen.findByRole('listbox', { name: 'Traffic Type values' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Select Traffic Type values' }));
    expect(await screen.findByRole('listbox', { name: 'Traffic Type values' })).toBeTruthy();
  });

  it('opens the picker on a click in the free space of the values field', async () => {
    const { user } = renderFilters({
      initial: { matchType: 'all', filters: [{ column: 'browser', type: 'equals', values: ['Chrome'] }] },
    });
    await user.click(screen.getByText('Chrome'));
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(screen.getByTestId('filter-chips'));
    expect(await screen.findByRole('listbox', { name: 'Browser values' })).toBeTruthy();
  });

  it('keeps the chips area at most 210 px high', () => {
    renderFilters({
      initial: {
        matchType: 'all',
        filters: [
          { column: 'isp', type: 'equals', values: Array.from({ length: 80 }, (_, i) => `ISP ${i}`) },
        ],
      },
    });
    expect(screen.getByTestId('filter-chips').style.maxHeight).toBe('210px');
    expect(screen.getAllByRole('button', { name: /^Remove ISP/ })).toHaveLength(80);
  });
});
