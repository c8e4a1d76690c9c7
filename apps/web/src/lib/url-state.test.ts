import { analyticsAccess } from '@veracity/contracts/analytics/dimensions';
import type { ReportFilter } from '@veracity/contracts/analytics/filters';
import { DEFAULT_METRICS } from '@veracity/contracts/analytics/metrics';
import { describe, expect, it } from 'vitest';
import {
  type AnalyticsUrlContext,
  applyDimensions,
  applyFilters,
  applyRange,
  clearFilters,
  defaultMetrics,
  parseAnalyticsState,
  parseConversionsListState,
  parsePerformanceState,
  removeFilter,
  serializeAnalyticsState,
  serializeConversionsListState,
  serializePerformanceState,
  toggleExpanded,
  toggleSort,
  toggleThreats,
  URL_ARRAY_LIMIT,
} from './url-state';

const pro: AnalyticsUrlContext = {
  access: { free: false, google: true, firewall: true, allowedVars: 4 },
  defaultDimensions: ['trafficType'],
  defaultRange: { from: '2026-02-27', to: '2026-03-05' },
};
const free: AnalyticsUrlContext = {
  access: analyticsAccess('free_trial', []),
  defaultDimensions: ['day'],
  defaultRange: { from: '2026-02-27', to: '2026-03-05' },
};

const parse = (search: string, context = pro) => parseAnalyticsState(search, context);
const google: ReportFilter = { column: 'trafficType', type: 'equals', values: ['google'] };
const spain: ReportFilter = { column: 'country', type: 'notEquals', values: ['ES', 'FR'] };

describe('analytics address: reading', () => {
  it('gives the defaults for an empty address: default dimension and metrics, page 1, sessions desc', () => {
    const state = parse('');
    expect(state).toEqual({
      dimensions: ['trafficType'],
      metrics: defaultMetrics(pro.access),
      expanded: [],
      page: 1,
      threats: null,
      threatconv: false,
      filters: [],
      matchType: 'all',
      columnSort: [{ key: 'sessions', direction: 'desc' }],
      from: '2026-02-27',
      to: '2026-03-05',
    });
    expect(state.metrics).toEqual([...DEFAULT_METRICS]);
  });

  it('reads dimensions and metrics as comma lists', () => {
    const state = parse('dimensions=country,device&metrics=hits,highRiskHits');
    expect(state.dimensions).toEqual(['country', 'device']);
    expect(state.metrics).toEqual(['hits', 'highRiskHits']);
  });

  it('falls back to the default dimensions when any dimension is unknown', () => {
    expect(parse('dimensions=country,planet').dimensions).toEqual(['trafficType']);
    expect(parse('dimensions=', { ...pro, defaultDimensions: ['campaign'] }).dimensions).toEqual([
      'campaign',
    ]);
  });

  it('falls back to the default when a dimension is not open to the plan', () => {
    expect(parse('dimensions=country', free).dimensions).toEqual(['day']);
    expect(parse('dimensions=trafficType,day', free).dimensions).toEqual(['trafficType', 'day']);
    const noGoogle = { ...pro, access: { ...pro.access, google: false } };
    expect(parse('dimensions=googleCampaignId', noGoogle).dimensions).toEqual(['trafficType']);
    expect(parse('dimensions=var4', noGoogle).dimensions).toEqual(['var4']);
    expect(parse('dimensions=var5', noGoogle).dimensions).toEqual(['trafficType']);
  });

  it('leaves out unknown and gated metrics, and uses the defaults when none is left', () => {
    expect(parse('metrics=hits,bogus,cost').metrics).toEqual(['hits', 'cost']);
    const noFirewall = { ...pro, access: { ...pro.access, firewall: false } };
    expect(parse('metrics=hits,cost', noFirewall).metrics).toEqual(['hits']);
    expect(parse('metrics=bogus').metrics).toEqual(defaultMetrics(pro.access));
    expect(defaultMetrics(noFirewall.access)).not.toContain('allowedHits');
  });

  it('reads the page, 1 unless a positive integer', () => {
    expect(parse('page=3').page).toBe(3);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
  });

  it('reads ISO dates, and the default range for anything else', () => {
    expect(parse('from=2026-01-01&to=2026-01-31')).toMatchObject({ from: '2026-01-01', to: '2026-01-31' });
    expect(parse('from=01/01/2026&to=2026-01-31')).toMatchObject(pro.defaultRange);
    expect(parse('from=2026-02-30&to=2026-03-01')).toMatchObject(pro.defaultRange);
    expect(parse('from=2026-03-01&to=2026-02-01')).toMatchObject(pro.defaultRange);
    expect(parse('from=2026-03-01')).toMatchObject(pro.defaultRange);
  });

  it('reads expanded rows as paths one level shorter than the dimensions at most', () => {
    const expanded = encodeURIComponent(JSON.stringify([['google'], ['google', 'ES'], [null], ['google']]));
    const state = parse(`dimensions=trafficType,country,device&expanded=${expanded}`);
    expect(state.expanded).toEqual([['google'], ['google', 'ES'], [null]]);
    expect(parse(`dimensions=trafficType&expanded=${expanded}`).expanded).toEqual([]);
    expect(parse('dimensions=trafficType,country&expanded=not-json').expanded).toEqual([]);
  });

  it('reads the expanded threat as a row path or a top-level position, and threatconv', () => {
    const path = encodeURIComponent(JSON.stringify(['google', 'ES']));
    expect(parse(`dimensions=trafficType,country&threats=${path}`).threats).toEqual(['google', 'ES']);
    expect(parse('threats=0').threats).toBe(0);
    expect(parse('threats=nonsense').threats).toBeNull();
    expect(parse('threatconv=true').threatconv).toBe(true);
    expect(parse('threatconv=false').threatconv).toBe(false);
    expect(parse('threatconv=yes').threatconv).toBe(false);
  });

  it('reads filters as report filter lines with their match type, dropping invalid lines', () => {
    const filters = encodeURIComponent(
      JSON.stringify([google, spain, { column: 'nope', type: 'equals', values: ['x'] }, { ...google }]),
    );
    const state = parse(`filters=${filters}&match=any`);
    expect(state.filters).toEqual([google, spain]);
    expect(state.matchType).toBe('any');
    expect(parse(`filters=${filters}&match=some`).matchType).toBe('all');
    expect(parse('filters=[broken').filters).toEqual([]);
  });

  it('reads only the dates on the free plan: no filters', () => {
    const filters = encodeURIComponent(JSON.stringify([google]));
    const state = parse(`filters=${filters}&match=any&from=2026-01-01&to=2026-01-02`, free);
    expect(state.filters).toEqual([]);
    expect(state.matchType).toBe('all');
    expect(state).toMatchObject({ from: '2026-01-01', to: '2026-01-02', dimensions: ['day'] });
  });

  it('reads the column sort, sessions descending by default', () => {
    expect(parse('columnSort=hits:asc').columnSort).toEqual([{ key: 'hits', direction: 'asc' }]);
    expect(parse('columnSort=country:desc').columnSort).toEqual([{ key: 'country', direction: 'desc' }]);
    expect(parse('columnSort=bogus:asc').columnSort).toEqual([{ key: 'sessions', direction: 'desc' }]);
    expect(parse('columnSort=hits:sideways').columnSort).toEqual([{ key: 'sessions', direction: 'desc' }]);
  });

  it('reads arrays up to 260 items', () => {
    const many = Array.from({ length: 300 }, (_, index) => [`v${index}`]);
    const state = parse(`dimensions=country,device&expanded=${encodeURIComponent(JSON.stringify(many))}`);
    expect(state.expanded).toHaveLength(URL_ARRAY_LIMIT);
    const values = Array.from({ length: 300 }, (_, index) => `isp-${index}`);
    const filters = encodeURIComponent(JSON.stringify([{ column: 'isp', type: 'equals', values }]));
    expect(parse(`filters=${filters}`).filters[0]?.values).toHaveLength(URL_ARRAY_LIMIT);
    const metrics = Array.from({ length: 300 }, () => 'hits').join(',');
    expect(parse(`metrics=${metrics},cost`).metrics).toEqual(['hits']);
  });
});

describe('analytics address: writing', () => {
  it('leaves defaults out, always writes the dates, and keeps foreign parameters', () => {
    const params = serializeAnalyticsState(parse(''), pro, 'ref=home&page=4');
    expect(params.toString()).toBe('ref=home&from=2026-02-27&to=2026-03-05');
  });

  it('reads back what it writes', () => {
    const state = {
      ...parse(''),
      dimensions: ['trafficType', 'country', 'device'] as const,
      metrics: ['hits', 'highRiskHits'] as const,
      expanded: [['google'], ['google', 'ES']],
      page: 2,
      threats: ['google', 'ES'],
      threatconv: true,
      filters: [google, spain],
      matchType: 'any' as const,
      columnSort: [{ key: 'hits' as const, direction: 'asc' as const }],
      from: '2026-01-01',
      to: '2026-01-31',
    };
    const written = serializeAnalyticsState(
      { ...state, dimensions: [...state.dimensions], metrics: [...state.metrics] },
      pro,
    );
    expect(parse(written.toString())).toEqual({
      ...state,
      dimensions: [...state.dimensions],
      metrics: [...state.metrics],
    });
  });

  it('writes no filters for the free plan', () => {
    const state = { ...parse('', free), filters: [google] };
    expect(serializeAnalyticsState(state, free).has('filters')).toBe(false);
  });
});

describe('analytics address: transitions', () => {
  it('applying dimensions resets the expanded threat, the open rows and the page', () => {
    const state = {
      ...parse('dimensions=trafficType,country'),
      threats: ['google'],
      expanded: [['google']],
      page: 3,
    };
    const next = applyDimensions(state, ['country', 'device', 'country']);
    expect(next).toMatchObject({ dimensions: ['country', 'device'], threats: null, expanded: [], page: 1 });
  });

  it('removing all filters keeps the date range', () => {
    const state = {
      ...parse('from=2026-01-01&to=2026-01-09'),
      filters: [google, spain],
      matchType: 'any' as const,
    };
    const cleared = clearFilters(state);
    expect(cleared).toMatchObject({ filters: [], matchType: 'all', from: '2026-01-01', to: '2026-01-09' });
    const written = serializeAnalyticsState(cleared, pro);
    expect(written.get('from')).toBe('2026-01-01');
    expect(written.get('to')).toBe('2026-01-09');
    expect(written.has('filters')).toBe(false);
    expect(removeFilter(state, 'country').filters).toEqual([google]);
  });

  it('new filters or dates go back to the first page', () => {
    const state = { ...parse(''), page: 4 };
    expect(applyFilters(state, { filters: [google], matchType: 'all' }).page).toBe(1);
    expect(applyRange(state, { from: '2026-01-01', to: '2026-01-02' })).toMatchObject({
      page: 1,
      from: '2026-01-01',
    });
  });

  it('sorting a new column sorts descending, the same column flips', () => {
    const state = parse('');
    const byHits = toggleSort(state, 'hits');
    expect(byHits.columnSort).toEqual([{ key: 'hits', direction: 'desc' }]);
    expect(toggleSort(byHits, 'hits').columnSort).toEqual([{ key: 'hits', direction: 'asc' }]);
    expect(toggleSort(state, 'sessions').columnSort).toEqual([{ key: 'sessions', direction: 'asc' }]);
  });

  it('opens a row one level down at most, and closing it closes the rows below', () => {
    let state = parse('dimensions=trafficType,country,device');
    state = toggleExpanded(state, ['google']);
    state = toggleExpanded(state, ['google', 'ES']);
    state = toggleExpanded(state, ['google', 'ES', 'Phone']);
    expect(state.expanded).toEqual([['google'], ['google', 'ES']]);
    state = toggleExpanded(state, ['google']);
    expect(state.expanded).toEqual([]);
  });

  it('one threat breakdown is open at a time', () => {
    const state = parse('dimensions=trafficType,country');
    const open = toggleThreats(state, ['google'], null);
    expect(open.threats).toEqual(['google']);
    expect(toggleThreats(open, ['facebook'], ['google']).threats).toEqual(['facebook']);
    expect(toggleThreats(open, ['google'], ['google']).threats).toBeNull();
  });
});

describe('the conversions list in the address', () => {
  const context = { defaultRange: { from: '2026-03-01', to: '2026-03-07' }, firewall: true };

  it('reads filters, status, sort and page, and writes only what differs from the defaults', () => {
    const filters = JSON.stringify([{ column: 'trafficType', type: 'equals', values: ['google'] }]);
    const state = parseConversionsListState(
      `?filters=${encodeURIComponent(filters)}&match=any&status=paused&sort=value:asc&page=3&from=2026-02-01&to=2026-02-10&keep=1`,
      context,
    );
    expect(state).toEqual({
      from: '2026-02-01',
      to: '2026-02-10',
      filters: [{ column: 'trafficType', type: 'equals', values: ['google'] }],
      matchType: 'any',
      status: 'paused',
      sort: { key: 'value', direction: 'asc' },
      page: 3,
    });
    const written = serializeConversionsListState(state, '?keep=1&status=reported');
    expect(written.get('keep')).toBe('1');
    expect(written.get('status')).toBe('paused');
    expect(written.get('sort')).toBe('value:asc');
    const plain = serializeConversionsListState({
      ...state,
      filters: [],
      status: null,
      sort: { key: 'ts', direction: 'desc' },
      page: 1,
    });
    expect(plain.toString()).toBe('from=2026-02-01&to=2026-02-10');
  });

  it('falls back on anything it cannot read, and ignores a status without the firewall', () => {
    const state = parseConversionsListState(
      '?status=lost&sort=ip:asc&page=-2&from=2026-02-10&to=2026-02-01',
      context,
    );
    expect(state).toMatchObject({
      status: null,
      sort: { key: 'ts', direction: 'desc' },
      page: 1,
      from: '2026-03-01',
    });
    expect(parseConversionsListState('?status=paused', { ...context, firewall: false }).status).toBeNull();
    expect(parseConversionsListState('?page=999999999', context).page).toBe(100_000);
  });
});

describe('the performance screen in the address', () => {
  it('reads the tab and the channel, unknown values giving the defaults', () => {
    expect(parsePerformanceState('tab=savings&channel=google')).toEqual({
      tab: 'savings',
      channel: 'google',
    });
    expect(parsePerformanceState('tab=nope&channel=myspace')).toEqual({ tab: 'performance', channel: null });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(
      serializePerformanceState({ tab: 'performance', channel: null }, 'x=1&tab=savings').toString(),
    ).toBe('x=1');
    expect(serializePerformanceState({ tab: 'savings', channel: 'facebook' }).toString()).toBe(
      'tab=savings&channel=facebook',
    );
  });
});
