import {
  ALERT_FREQUENCY_LABELS,
  ALERT_TYPE_LABELS,
  type Alert,
  type AlertFiring,
} from '@veracity/contracts/alerts';
import { FILTERS } from '@veracity/contracts/analytics/filters';
import { LOCALE } from '../../../lib/format';
import { DEFAULT_TERMS, type Terms } from '../../../lib/terms';
import { trafficTypeName } from '../../../lib/traffic-types';
import { ANALYTICS_PATH } from '../../session/base-route';

/** How the alerts screen writes an alert's parts and its firings' times. */

export interface SliceText {
  dimension: string;
  label: string;
  values: string;
}

/** Each dimension with its values in the product's and the account's words ("Traffic Type: Google"). */
export function alertSlices(
  alert: Pick<Alert, 'dimensions' | 'values'>,
  terms: Terms = DEFAULT_TERMS,
): SliceText[] {
  return alert.dimensions.map((dimension) => {
    const values = (alert.values[dimension] ?? []).map((value) =>
      dimension === 'trafficType' ? trafficTypeName(String(value)) : String(value),
    );
    return { dimension, label: terms.dimensionLabel(dimension), values: values.join(', ') };
  });
}

export function alertTypeLabel(alert: Pick<Alert, 'type'>): string {
  return ALERT_TYPE_LABELS[alert.type];
}

export function alertFrequencyLabel(alert: Pick<Alert, 'frequency'>): string {
  return ALERT_FREQUENCY_LABELS[alert.frequency];
}

function dateTimeFormat(timeZone: string | undefined) {
  return new Intl.DateTimeFormat(LOCALE, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
}

/** An instant on the account's clock: "5 Mar 2026, 14:00"; "Never" when there is none. */
export function formatInstant(value: string | null, timeZone: string | undefined, empty = 'Never'): string {
  if (!value) return empty;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? empty : dateTimeFormat(timeZone).format(date);
}

/** A window on the account's clock: "5 Mar 2026, 13:00 – 14:00", or both ends in full across days. */
export function formatWindow(start: string, end: string, timeZone: string | undefined): string {
  const format = dateTimeFormat(timeZone);
  const from = new Date(start);
  const to = new Date(end);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return '–';
  return format.formatRange(from, to);
}

/** A firing's instant as the account's calendar day (`YYYY-MM-DD`). */
function dayIn(instant: number, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/**
 * Where a firing's evidence is: the analytics page over the firing's days, filtered on the alert's
 * values, by analysis level with the Invalid row's threats and visits open (conversions for a
 * conversion alert); each visit opens its session forensics.
 */
export function firingAnalyticsHref(
  firing: Pick<AlertFiring, 'windowStart' | 'windowEnd' | 'type'>,
  alert: Pick<Alert, 'dimensions' | 'values'> | undefined,
  timeZone: string | undefined,
): string {
  const filters = (alert?.dimensions ?? []).flatMap((dimension) => {
    const values = alert?.values[dimension] ?? [];
    const filter = (FILTERS as Partial<Record<string, { column: string }>>)[dimension];
    return filter && values.length > 0 ? [{ column: filter.column, type: 'equals', values }] : [];
  });
  const params = new URLSearchParams({
    dimensions: 'hitSecurityLevel',
    from: dayIn(Date.parse(firing.windowStart), timeZone),
    // The window's end is excluded: its last instant is a millisecond before.
    to: dayIn(Date.parse(firing.windowEnd) - 1, timeZone),
    threats: JSON.stringify(['high']),
  });
  if (filters.length > 0) params.set('filters', JSON.stringify(filters));
  if (firing.type === 'conversion') params.set('threatconv', 'true');
  return `${ANALYTICS_PATH}?${params.toString()}`;
}
