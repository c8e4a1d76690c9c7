import { DIMENSIONS, type DimensionId } from '@veracity/contracts/analytics/dimensions';
import { FILTERS, type FilterId, filterByColumn } from '@veracity/contracts/analytics/filters';
import type { DimensionValue } from '@veracity/contracts/analytics/query';
import { findCountry } from '@veracity/contracts/analytics/reference/countries';
import { findDeviceName } from '@veracity/contracts/analytics/reference/device-names';
import { googleCampaignTypeName } from '@veracity/contracts/analytics/reference/google-campaign-types';
import { findHitStatus } from '@veracity/contracts/analytics/reference/hit-statuses';
import { referenceOptions } from '@veracity/contracts/analytics/reference/reference-options';
import { findSecurityLevel } from '@veracity/contracts/analytics/reference/security-levels';
import { formatGoogleAccountId } from '@veracity/contracts/campaigns';
import { DEFAULT_TERMS, type Terms } from '../../../lib/terms';
import { trafficTypeName } from '../../../lib/traffic-types';
import { formatTimeBucket } from './format';

/**
 * How a dimension value reads in the table, the chart and the filter chips: names from the reference
 * lists (traffic types, analysis levels, devices...), the account's campaign names where known,
 * dates in es-ES. A missing value reads "Not available", as the device list calls it.
 */

export const NOT_AVAILABLE = 'Not available';
export const WORLD_WIDE_NAME = 'World Wide';

/** Names the account gives ids (campaigns, offers, traffic sources), from the filter options. */
export type ValueNames = ReadonlyMap<string, string>;

/** Dimensions whose values are the account's own ids: their names come from the filter options. */
export const NAMED_BY_ACCOUNT: readonly DimensionId[] = ['campaign', 'offer', 'trafficSource'];

let regionNames: Intl.DisplayNames | undefined;

function countryName(code: string): string {
  if (code === 'WW') return WORLD_WIDE_NAME;
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The flag emoji of a two-letter country code (none for WW or anything else). */
export function countryFlag(code: string): string {
  if (!/^[A-Z]{2}$/.test(code) || code === 'WW') return '';
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

export function dimensionValueLabel(
  dimension: DimensionId,
  value: DimensionValue,
  names?: ValueNames,
): string {
  if (value === null || value === '') return NOT_AVAILABLE;
  const text = String(value);
  if (DIMENSIONS[dimension].source === 'time') return formatTimeBucket(text);
  switch (dimension) {
    case 'trafficType':
      return trafficTypeName(text);
    case 'hitSecurityLevel':
      return findSecurityLevel(text)?.name ?? text;
    case 'hitStatus':
      return findHitStatus(text)?.name ?? text;
    case 'device':
      return findDeviceName(text)?.name ?? text;
    case 'country':
      return countryName(text);
    case 'googleCampaignType':
      return googleCampaignTypeName(text);
    case 'googleAccountId':
      return formatGoogleAccountId(text);
    case 'campaign':
    case 'offer':
    case 'trafficSource':
      return names?.get(text) ?? `#${text}`;
    default:
      return text;
  }
}

/** The dimension a report filter's column belongs to, for labelling its values. */
export function filterDimension(column: string): DimensionId | undefined {
  const id = filterByColumn(column);
  return id && id in DIMENSIONS ? (id as DimensionId) : undefined;
}

/** A filter column's label in the account's words ("campaignId" reads "Campaign" by default). */
export function filterLabel(column: string, terms: Terms = DEFAULT_TERMS): string {
  const id = filterByColumn(column);
  return id ? terms.filterLabel(id) : column;
}

/** Whether a list-backed filter's list lacks the value; undefined while the account's names are unknown. */
function missingFromList(filter: FilterId, text: string, names?: ValueNames): boolean | undefined {
  const dimension = filter as DimensionId;
  if (NAMED_BY_ACCOUNT.includes(dimension)) return names === undefined ? undefined : !names.has(text);
  if (dimension === 'country') return findCountry(text) === undefined;
  const options = referenceOptions(FILTERS[filter].source);
  return options === undefined ? undefined : !options.some((option) => String(option.id) === text);
}

/**
 * A report filter's value as its chips read it: the value's name, and "{id}: Not found" when the
 * filter's list does not hold it (spec 02 §2), e.g. a deleted campaign or a mistyped address.
 */
export function filterValueLabel(column: string, value: DimensionValue, names?: ValueNames): string {
  const dimension = filterDimension(column);
  const filter = filterByColumn(column);
  if (!dimension || !filter) return String(value);
  if (FILTERS[filter].kind === 'list' && value !== null && value !== '') {
    const text = String(value);
    if (missingFromList(filter, text, names)) return `${text}: Not found`;
  }
  return dimensionValueLabel(dimension, value, names);
}
