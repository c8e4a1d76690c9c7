import { DEFAULT_TRANSLATIONS } from '@veracity/contracts/account';
import { DIMENSION_IDS, DIMENSIONS } from '@veracity/contracts/analytics/dimensions';
import { METRIC_KEYS, METRICS } from '@veracity/contracts/analytics/metrics';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TERMS, pluralOf, termsOf } from './terms';

/** What GET /api/me answers for an account that renamed things (the server merges the defaults in). */
const RENAMED = {
  ...DEFAULT_TRANSLATIONS,
  offer: 'Landing',
  trafficSource: 'Publisher',
  campaign: 'Flow',
  var1: 'Zone',
  click: 'Click',
  conversion: 'Sale',
  attempt: 'Try',
};

describe('termsOf', () => {
  it('keeps the defaults, with click shown as "Visit"', () => {
    expect(DEFAULT_TERMS.term('click')).toBe('Visit');
    expect(DEFAULT_TERMS.plural('click')).toBe('Visits');
    expect(DEFAULT_TERMS.term('trafficSource')).toBe('Traffic Source');
    expect(DEFAULT_TERMS.term('attempt')).toBe('Attempt');
  });

  it('changes no analytics label for an account that renamed nothing', () => {
    const terms = termsOf(DEFAULT_TRANSLATIONS);
    for (const id of DIMENSION_IDS) expect(terms.dimensionLabel(id)).toBe(DIMENSIONS[id].label);
    for (const key of METRIC_KEYS) expect(terms.metricLabel(key)).toBe(METRICS[key].label);
  });

  it("uses the account's words for each term, falling back on the default for blank ones", () => {
    const terms = termsOf({ ...RENAMED, var2: '  ' });
    expect(terms.term('offer')).toBe('Landing');
    expect(terms.term('attempt')).toBe('Try');
    expect(terms.term('var2')).toBe('Var 2');
    expect(terms.plural('conversion')).toBe('Sales');
  });

  it('names the firewall dimensions and the first custom variables with the terms', () => {
    const terms = termsOf(RENAMED);
    expect(terms.dimensionLabel('offer')).toBe('Landing');
    expect(terms.dimensionLabel('trafficSource')).toBe('Publisher');
    expect(terms.dimensionLabel('campaign')).toBe('Flow');
    expect(terms.dimensionLabel('var1')).toBe('Zone');
    expect(terms.dimensionLabel('var5')).toBe('Var 5');
    // Google's campaigns are Google's word, not the account's.
    expect(terms.dimensionLabel('googleCampaignName')).toBe('Google Campaign Name');
    expect(terms.dimensionLabel('hitStatus')).toBe('Click Status');
    expect(terms.dimensionLabel('hitSecurityLevel')).toBe('Click Analysis level');
  });

  it('renames visits and conversions in metric labels', () => {
    const terms = termsOf(RENAMED);
    expect(terms.metricLabel('hits')).toBe('Clicks');
    expect(terms.metricLabel('highRiskHits')).toBe('Invalid Clicks');
    expect(terms.metricLabel('trafficVeracityHits')).toBe('Traffic Veracity (Clicks)');
    expect(terms.metricLabel('conversions')).toBe('Sales');
    expect(terms.metricLabel('conversionsReported')).toBe('Reported Sales');
    expect(terms.metricLabel('sessions')).toBe('Sessions');
    expect(terms.metricLabel('allowedConversionRate')).toBe('Publisher CR');
  });

  it('replaces in one pass, so a term holding the default word is not renamed twice', () => {
    const terms = termsOf({ click: 'Visit Page' });
    expect(terms.metricLabel('hits')).toBe('Visit Pages');
    expect(terms.metricLabel('lowRiskHits')).toBe('Legitimate Visit Pages');
  });

  it('takes the words as text, never as a replacement pattern', () => {
    expect(termsOf({ click: '$& $1' }).metricLabel('hits')).toBe('$& $1s');
  });

  it('names filters like their dimensions', () => {
    const terms = termsOf(RENAMED);
    expect(terms.filterLabel('trafficSource')).toBe('Publisher');
    expect(terms.filterLabel('var1')).toBe('Zone');
    expect(terms.filterLabel('country')).toBe('Country');
  });
});

describe('pluralOf', () => {
  it.each([
    ['Click', 'Clicks'],
    ['Entry', 'Entries'],
    ['Day', 'Days'],
    ['Pass', 'Passes'],
    ['Match', 'Matches'],
  ])('%s → %s', (word, plural) => {
    expect(pluralOf(word)).toBe(plural);
  });
});
