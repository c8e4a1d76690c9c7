import { METRICS, type MetricKey } from '@veracity/contracts/analytics/metrics';

/**
 * Figures and dates of the analytics page in the spec's locale (spec 02 §9): numbers in en-ES with
 * 0 decimals, percentages with 2, money in the account's currency (EUR by default), two-digit dates
 * in es-ES. A value a ratio cannot give (null: nothing to divide by) reads "-".
 */

export const NUMBER_LOCALE = 'en-ES';
export const DATE_LOCALE = 'es-ES';
export const DEFAULT_CURRENCY = 'EUR';
export const EMPTY_VALUE = '-';

const COUNT = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
const PERCENT = new Intl.NumberFormat(NUMBER_LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const MONEY_NUMBER = new Intl.NumberFormat(NUMBER_LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A count: 1.234.567 */
export function formatCount(value: number | null | undefined): string {
  return usable(value) ? COUNT.format(value) : EMPTY_VALUE;
}

/** A percentage the server already multiplied by 100: 12,34% */
export function formatPercent(value: number | null | undefined): string {
  return usable(value) ? `${PERCENT.format(value)}%` : EMPTY_VALUE;
}

const moneySymbols = new Map<string, { prefix: string; suffix: string }>();

/**
 * Where the currency symbol goes for the locale. ICU formats en-ES currency with English separators
 * (€1,234.50) while its plain numbers use the Spanish ones (1.234,50); a table mixing the two would be
 * misread, so money takes the number's separators and only the symbol's position from the currency.
 */
function symbolOf(currency: string): { prefix: string; suffix: string } {
  const known = moneySymbols.get(currency);
  if (known) return known;
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency }).formatToParts(1);
  } catch {
    parts = [{ type: 'literal', value: `${currency} ` }];
  }
  const numberAt = parts.findIndex((part) => part.type === 'integer');
  const text = (list: Intl.NumberFormatPart[]) =>
    list
      .filter((part) => part.type === 'currency' || part.type === 'literal')
      .map((part) => part.value)
      .join('');
  const symbol = {
    prefix: text(numberAt < 0 ? parts : parts.slice(0, numberAt)),
    suffix: numberAt < 0 ? '' : text(parts.slice(numberAt + 1)),
  };
  moneySymbols.set(currency, symbol);
  return symbol;
}

/** Money in the account's currency: €1.234,50 (a negative amount: -€12,00). */
export function formatMoney(value: number | null | undefined, currency = DEFAULT_CURRENCY): string {
  if (!usable(value)) return EMPTY_VALUE;
  const { prefix, suffix } = symbolOf(currency);
  const sign = value < 0 ? '-' : '';
  return `${sign}${prefix}${MONEY_NUMBER.format(Math.abs(value))}${suffix}`;
}

/** A metric's value as its kind says (metrics.ts): count, percent, money; text metrics as they come. */
export function formatMetric(
  key: MetricKey,
  value: number | null | undefined,
  currency = DEFAULT_CURRENCY,
): string {
  switch (METRICS[key].kind) {
    case 'count':
      return formatCount(value);
    case 'percent':
      return formatPercent(value);
    case 'money':
      return formatMoney(value, currency);
    case 'text':
      return usable(value) ? String(value) : EMPTY_VALUE;
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
