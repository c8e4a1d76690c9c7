import { describe, expect, it } from 'vitest';
import { CUSTOM_VAR_NAMES } from '../s2s.js';
import { analyticsAccess, DIMENSION_IDS } from './dimensions.js';
import {
  FILTER_IDS,
  FILTERS,
  filtersAllowed,
  parseFreeTextValues,
  zReportFilter,
  zReportFilterBy,
} from './filters.js';

const FREE_TEXT = [
  'subPublisher',
  'isp',
  'opt_domain',
  'referer',
  'utm_source',
  'utm_campaign',
  'utm_medium',
  'utm_content',
  'utm_term',
  'googlePlacement',
  'googleKeyword',
  ...CUSTOM_VAR_NAMES,
];

describe('filters', () => {
  it('mirror the dimensions except time, plus the period and view filters', () => {
    const expected = [
      ...DIMENSION_IDS.filter((id) => !['day', 'hour', 'month'].includes(id)),
      'dateStart',
      'dateEnd',
      'rangeText',
      'status',
      'analysisLevel',
    ];
    expect([...FILTER_IDS].sort()).toEqual(expected.sort());
  });

  it('are free text exactly where the spec says', () => {
    const dimensionFilters = FILTER_IDS.filter(
      (id) => FILTERS[id].kind === 'text' || FILTERS[id].kind === 'list',
    );
    const freeText = dimensionFilters.filter((id) => FILTERS[id].kind === 'text');
    expect(freeText.sort()).toEqual([...FREE_TEXT].sort());
    expect(FILTERS.country).toMatchObject({ kind: 'list', source: 'countries' });
  });

  it('map to the query columns, utm_campaign to utm_campaign', () => {
    expect(FILTERS.campaign.column).toBe('campaignId');
    expect(FILTERS.offer.column).toBe('offerId');
    expect(FILTERS.trafficSource.column).toBe('trafficSourceId');
    expect(FILTERS.device.column).toBe('deviceType');
    expect(FILTERS.os.column).toBe('osName');
    expect(FILTERS.utm_campaign.column).toBe('utm_campaign');
    expect(FILTERS.utm_source.column).toBe('utm_source');
    const columns = FILTER_IDS.map((id) => FILTERS[id].column);
    expect(new Set(columns).size).toBe(columns.length);
  });

  it('take integers for offer, campaign and traffic source', () => {
    for (const id of ['offer', 'campaign', 'trafficSource'] as const)
      expect(FILTERS[id].valueType).toBe('integer');
    expect(FILTERS.country.valueType).toBe('string');
  });

  it('give the free plan date filters only', () => {
    const access = analyticsAccess('free_trial', [{ name: 'sensor_firewall', value: true }], 20);
    expect(filtersAllowed(access)).toEqual(['dateStart', 'dateEnd', 'rangeText']);
  });

  it('limit custom variables to allowedVars and hide Google and Traffic filters without the features', () => {
    const allowed = filtersAllowed(analyticsAccess('lite', [], 2));
    expect(allowed.filter((id) => id.startsWith('var'))).toEqual(['var1', 'var2']);
    expect(allowed).not.toContain('googlePlacement');
    expect(allowed).not.toContain('offer');
    expect(allowed).toContain('country');
    const full = filtersAllowed(
      analyticsAccess('custom', [
        { name: 'sensor_firewall', value: true },
        { name: 'google_ppc', value: true },
      ]),
    );
    expect(full).toEqual(expect.arrayContaining(['offer', 'googlePlacement', 'hitStatus']));
  });

  it('split free-text entry: trim, drop empties, remove duplicates', () => {
    expect(parseFreeTextValues(' a, b,,a ,  ,c')).toEqual(['a', 'b', 'c']);
    expect(parseFreeTextValues('x;y', ';')).toEqual(['x', 'y']);
  });
});

describe('report filters', () => {
  it('accept known columns and give integer ids as numbers', () => {
    const parsed = zReportFilter.parse({ column: 'campaignId', type: 'equals', values: [12, '13'] });
    expect(parsed.values).toEqual([12, 13]);
    expect(
      zReportFilter.parse({ column: 'utm_campaign', type: 'notEquals', values: ['spring'] }).values,
    ).toEqual(['spring']);
  });

  it('reject unknown columns, filter ids instead of columns and report-excluded Google filters', () => {
    expect(zReportFilter.safeParse({ column: 'bogus', type: 'equals', values: ['x'] }).success).toBe(false);
    expect(zReportFilter.safeParse({ column: 'campaign', type: 'equals', values: [1] }).success).toBe(false);
    expect(zReportFilter.safeParse({ column: 'googleKeyword', type: 'equals', values: ['x'] }).success).toBe(
      false,
    );
    expect(
      zReportFilter.safeParse({ column: 'dateStart', type: 'equals', values: ['2026-01-01'] }).success,
    ).toBe(false);
  });

  it('reject non-integer campaign ids, bad types and empty values', () => {
    for (const values of [[1.5], ['abc'], [-3], ['1e3']]) {
      expect(zReportFilter.safeParse({ column: 'campaignId', type: 'equals', values }).success).toBe(false);
    }
    expect(zReportFilter.safeParse({ column: 'country', type: 'equals', values: [34] }).success).toBe(false);
    expect(zReportFilter.safeParse({ column: 'country', type: 'contains', values: ['ES'] }).success).toBe(
      false,
    );
    expect(zReportFilter.safeParse({ column: 'country', type: 'equals', values: [] }).success).toBe(false);
  });

  it('validate filterBy: match type all or any, each column once', () => {
    const line = { column: 'country', type: 'equals', values: ['ES'] };
    expect(zReportFilterBy.parse({ filters: [line], matchType: 'any' }).matchType).toBe('any');
    expect(zReportFilterBy.safeParse({ filters: [line], matchType: 'some' }).success).toBe(false);
    expect(zReportFilterBy.safeParse({ filters: [line, line], matchType: 'all' }).success).toBe(false);
  });
});
