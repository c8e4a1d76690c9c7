import { METRICS, type MetricKey } from '@veracity/contracts/analytics/metrics';
import {
  DATE_LOCALE,
  DEFAULT_CURRENCY,
  formatCurrency,
  formatNumber,
  formatPercent,
  NO_VALUE,
} from '../../../lib/format';

/**
 * The analytics page's figures and time buckets in the spec's locale (spec 02 §9); numbers, percentages
 * and money are lib/format.ts's.
 */

/** A metric's value as its kind says (metrics.ts): count, percent, money; text metrics as they come. */
export function formatMetric(
  key: MetricKey,
  value: number | null | undefined,
  currency = DEFAULT_CURRENCY,
): string {
  switch (METRICS[key].kind) {
    case 'count':
      return formatNumber(value);
    case 'percent':
      return formatPercent(value);
    case 'money':
      return formatCurrency(value, currency);
    case 'text':
      return value === null || value === undefined ? NO_VALUE : String(value);
  }
}

const DAY = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const MONTH = new Intl.DateTimeFormat(DATE_LOCALE, { month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** dd/mm/yyyy; short: dd/mm (es-ES drops the zeros of a day without its year, so it is cut from the full date). */
function dayText(date: Date, short = false): string {
  const full = DAY.format(date);
  return short ? full.slice(0, 5) : full;
}

function utcDate(year: string, month: string, day = '01'): Date | undefined {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * A time bucket as the server labels it (local time of the account: `2026-03-05`, `2026-03-05T14:00`,
 * `2026-03`) in es-ES two-digit form: 05/03/2026, 05/03/2026 14:00, 03/2026. Anything else as it is.
 */
export function formatTimeBucket(value: string, options: { short?: boolean } = {}): string {
  const hour = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}:\d{2})/.exec(value);
  if (hour) {
    const [, year = '', month = '', day = '', time = ''] = hour;
    const date = utcDate(year, month, day);
    if (!date) return value;
    return `${dayText(date, options.short)} ${time}`;
  }
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const date = utcDate(day[1] ?? '', day[2] ?? '', day[3] ?? '');
    return date ? dayText(date, options.short) : value;
  }
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  if (month) {
    const date = utcDate(month[1] ?? '', month[2] ?? '');
    // es-ES writes a lone month without its leading zero (3/2026); the spec asks for two digits.
    return date ? MONTH.format(date).padStart(7, '0') : value;
  }
  return value;
}
