import {
  type AnalyticsAccess,
  DIMENSION_GROUP_LABELS,
  DIMENSION_GROUPS,
  type DimensionGroup,
} from '@veracity/contracts/analytics/dimensions';
import {
  FILTER_IDS,
  FILTERS,
  type FilterDefinition,
  type FilterId,
  filterByColumn,
  isFilterAllowed,
  MAX_FILTER_VALUES,
  parseFreeTextValues,
  type ReportFilter,
} from '@veracity/contracts/analytics/filters';
import { DEFAULT_TERMS, type Terms } from '../../../lib/terms';

/**
 * Which columns a report filter line may use (spec 02 §5, §6): report columns only (the Google account,
 * campaign, keyword, placement and type filters, the period and the view filters are left out), the
 * Traffic group only with the firewall, custom variables up to allowedVars, and each column once.
 */

export type FilterValue = ReportFilter['values'][number];

export interface FilterColumn {
  id: FilterId;
  /** The query column a report filter line names (campaignId, not campaign). */
  column: string;
  label: string;
  definition: FilterDefinition;
}

export interface FilterColumnGroup {
  group: DimensionGroup;
  label: string;
  columns: FilterColumn[];
}

/** A column named in the account's words (offer, campaign, traffic source, var1–var4, visit). */
function toColumn(id: FilterId, terms: Terms = DEFAULT_TERMS): FilterColumn {
  return { id, column: FILTERS[id].column, label: terms.filterLabel(id), definition: FILTERS[id] };
}

/**
 * The report columns an account's features open. The free plan sees the same list (it may explore the
 * filters Veracity offers, spec 02 §6) though it cannot select any.
 */
export function reportColumns(access: AnalyticsAccess, terms: Terms = DEFAULT_TERMS): FilterColumn[] {
  const explore = { ...access, free: false };
  return FILTER_IDS.filter((id) => FILTERS[id].inReports && isFilterAllowed(id, explore)).map((id) =>
    toColumn(id, terms),
  );
}

/** The columns still free to add, by group in catalogue order; groups with nothing left are left out. */
export function columnGroups(
  access: AnalyticsAccess,
  used: ReadonlySet<string>,
  terms: Terms = DEFAULT_TERMS,
): FilterColumnGroup[] {
  const available = reportColumns(access, terms).filter((column) => !used.has(column.column));
  return DIMENSION_GROUPS.map((group) => ({
    group,
    label: DIMENSION_GROUP_LABELS[group],
    columns: available.filter((column) => column.definition.group === group),
  })).filter((group) => group.columns.length > 0);
}

/** The filter a line's column belongs to; undefined for a column no report filter reads. */
export function columnFilter(column: string, terms: Terms = DEFAULT_TERMS): FilterColumn | undefined {
  const id = filterByColumn(column);
  return id === undefined || !FILTERS[id].inReports ? undefined : toColumn(id, terms);
}

export function columnLabel(column: string, terms: Terms = DEFAULT_TERMS): string {
  return columnFilter(column, terms)?.label ?? column;
}

/**
 * Free-text entry (spec 02 §5): values separated by commas or new lines, trimmed, empties dropped,
 * duplicates removed.
 */
export function parseEnteredValues(text: string): string[] {
  return parseFreeTextValues(text.replace(/\r\n|\r|\n/g, ','));
}

export const valueKey = (value: FilterValue): string => String(value);

/**
 * `current` with `added` appended: values already there are not repeated, and a line holds at most
 * MAX_FILTER_VALUES values (the address's array limit).
 */
export function addValues(current: readonly FilterValue[], added: readonly FilterValue[]): FilterValue[] {
  const seen = new Set(current.map(valueKey));
  const next = [...current];
  for (const value of added) {
    if (next.length >= MAX_FILTER_VALUES) break;
    if (seen.has(valueKey(value))) continue;
    seen.add(valueKey(value));
    next.push(value);
  }
  return next;
}

export function removeValues(
  current: readonly FilterValue[],
  removed: readonly FilterValue[],
): FilterValue[] {
  const gone = new Set(removed.map(valueKey));
  return current.filter((value) => !gone.has(valueKey(value)));
}
