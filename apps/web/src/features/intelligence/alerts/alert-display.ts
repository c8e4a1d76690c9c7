import { ALERT_FREQUENCY_LABELS, ALERT_TYPE_LABELS, type Alert } from '@veracity/contracts/alerts';
import { LOCALE } from '../../../lib/format';
import { DEFAULT_TERMS, type Terms } from '../../../lib/terms';
import { trafficTypeName } from '../../../lib/traffic-types';

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
