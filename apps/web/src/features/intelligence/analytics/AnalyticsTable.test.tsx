import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalyticsTree } from '@veracity/contracts/analytics/query';
import { describe, expect, it, vi } from 'vitest';
import { AnalyticsTable } from './AnalyticsTable';

const tree: AnalyticsTree = {
  dimensions: ['trafficType', 'country'],
  metrics: ['sessions', 'trafficVeracityHits', 'cost'],
  totals: { sessions: 15320, trafficVeracityHits: 81.234, cost: 1234.5 },
  rows: [
    {
      value: 'google',
      path: ['google'],
      metrics: { sessions: 12000, trafficVeracityHits: 80.5, cost: 1000 },
      children: [
        {
          value: 'ES',
          path: ['google', 'ES'],
          metrics: { sessions: 9000, trafficVeracityHits: 90, cost: 800 },
        },
        {
          value: null,
          path: ['google', null],
          metrics: { sessions: 3000, trafficVeracityHits: null, cost: 200 },
        },
      ],
      totalChildren: 620,
    },
    {
      value: 'facebook',
      path: ['facebook'],
      metrics: { sessions: 3320, trafficVeracityHits: 85, cost: 234.5 },
    },
  ],
  page: 1,
  pageSize: 100,
  totalRows: 2,
};

function setup(overrides: Partial<Parameters<typeof AnalyticsTable>[0]> = {}) {
  const props = {
    tree,
    sort: [{ key: 'sessions' as const, direction: 'desc' as const }],
    expanded: [['google']],
    names: {},
    currency: 'EUR',
    threatsPath: null,
    threatsPanel: <p>the breakdown</p>,
    onToggleExpanded: vi.fn(),
    onToggleThreats: vi.fn(),
    onSort: vi.fn(),
    ...overrides,
  };
  render(<AnalyticsTable {...props} />);
  return props;
}

const rowTexts = () =>
  screen.getAllByTestId('analytics-row').map((row) => within(row).getByTestId('row-label').textContent);

describe('AnalyticsTable', () => {
  it('shows each level with names, the open rows beneath their parent, and the totals', () => {
    setup();
    expect(rowTexts()).toEqual(['Google', 'Spain', 'Not available', 'Meta (Facebook and Instagram)']);
    const rows = screen.getAllByTestId('analytics-row');
    expect(rows.map((row) => row.dataset.depth)).toEqual(['0', '1', '1', '0']);
    expect(within(screen.getByTestId('analytics-totals')).getByText('15.320')).toBeTruthy();
    // Two levels: only the first can open.
    expect(
      within(rows[0] as HTMLElement)
        .getByTestId('expand-row')
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(within(rows[1] as HTMLElement).queryByTestId('expand-row')).toBeNull();
    expect(
      within(rows[3] as HTMLElement)
        .getByTestId('expand-row')
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('formats counts with 0 decimals, percentages with 2, money in euros, and "–" for no value', () => {
    setup();
    const google = screen.getAllByTestId('analytics-row')[0] as HTMLElement;
    const cells = [...google.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells).toEqual(['12.000', '80,50%', '€1.000,00']);
    const missing = screen.getAllByTestId('analytics-row')[2] as HTMLElement;
    expect(missing.querySelector('[data-metric="trafficVeracityHits"]')?.textContent).toBe('–');
  });

  it('says when an open row has more rows than it shows', () => {
    setup();
    expect(screen.getByText('Showing the first 2 of 620 rows under this one.')).toBeTruthy();
  });

  it('opens and closes rows with buttons named after the row', async () => {
    const props = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Expand Meta (Facebook and Instagram)' }));
    expect(props.onToggleExpanded).toHaveBeenCalledWith(['facebook']);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse Google' }));
    expect(props.onToggleExpanded).toHaveBeenLastCalledWith(['google']);
  });

  it('sorts from the headers, which are buttons, and marks the sorted column', async () => {
    const props = setup({ sort: [{ key: 'cost', direction: 'asc' }] });
    const costHeader = screen.getByRole('columnheader', { name: /Cost/ });
    expect(costHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Sessions/ }).getAttribute('aria-sort')).toBeNull();
    screen.getByTestId('sort-sessions').focus();
    await userEvent.keyboard('{Enter}');
    expect(props.onSort).toHaveBeenCalledWith('sessions');
    await userEvent.click(screen.getByRole('button', { name: /Traffic Type › Country/ }));
    expect(props.onSort).toHaveBeenLastCalledWith('trafficType');
  });

  it('shows the threat breakdown under its row and toggles it from the row', async () => {
    const props = setup({ threatsPath: ['google', 'ES'] });
    const body = screen.getByTestId('analytics-table').querySelector('tbody') as HTMLElement;
    const order = [...body.querySelectorAll('tr')].map((row) =>
      row.textContent?.includes('the breakdown') ? 'threats' : row.dataset.path,
    );
    expect(order).toEqual([
      '["google"]',
      '["google","ES"]',
      'threats',
      '["google",null]',
      undefined,
      '["facebook"]',
    ]);
    const spain = screen.getByRole('button', { name: 'Threats of Spain' });
    expect(spain.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Threats of Google' }));
    expect(props.onToggleThreats).toHaveBeenCalledWith(['google']);
  });

  it('names campaigns from the account and marks traffic types with their channel', () => {
    setup({
      tree: {
        ...tree,
        dimensions: ['campaign'],
        rows: [
          { value: 12, path: [12], metrics: { sessions: 1 } },
          { value: 99, path: [99], metrics: {} },
        ],
      },
      expanded: [],
      names: { campaign: new Map([['12', 'Spring sale']]) },
    });
    expect(rowTexts()).toEqual(['Spring sale', '#99']);
  });
});
