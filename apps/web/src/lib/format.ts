/**
 * How the dashboard writes numbers, percentages, money and dates (spec 02 §9): the en-ES locale,
 * numbers with 0 decimals, percentages with 2, EUR unless the account says otherwise, es-ES for
 * two-digit dates. What Intl answers for these locales is the product's format, as it is.
 */

export const LOCALE = 'en-ES';
export const DATE_LOCALE = 'es-ES';
export const DEFAULT_CURRENCY = 'EUR';
/** Shown where a figure has no value (a share of no visits, a change from nothing). */
export const NO_VALUE = '–';

const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat(LOCALE, {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const signedPercent = new Intl.NumberFormat(LOCALE, {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const twoDigitDate = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  timeZone: 'UTC',
});

function missing(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || !Number.isFinite(value);
}

/** A count: 0 decimals, e.g. 1234567 → "1.234.567". */
export function formatNumber(value: number | null | undefined): string {
  return missing(value) ? NO_VALUE : integer.format(value);
}

/** A value already in percent (12.345 means 12.345 %), with 2 decimals: "12,35%". */
export function formatPercent(value: number | null | undefined): string {
  return missing(value) ? NO_VALUE : percent.format(value / 100);
}

/** A change in percent with its sign: "+12,50%", "-3,00%", "0,00%". */
export function formatSignedPercent(value: number | null | undefined): string {
  return missing(value) ? NO_VALUE : signedPercent.format(value / 100);
}

const signedDecimal = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** A change between two percentages, in percentage points with 2 decimals: "+3,25 pp". */
export function formatPoints(value: number | null | undefined): string {
  return missing(value) ? NO_VALUE : `${signedDecimal.format(value)} pp`;
}

const moneyNumber = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const moneySymbols = new Map<string, { prefix: string; suffix: string }>();

/**
 * Where the currency symbol goes. ICU formats en-ES money with English separators (€1,234.50) while
 * its plain numbers use the Spanish ones (1.234,50); a page mixing the two would be misread, so money
 * takes the numbers' separators and only the symbol and its position from the currency.
 */
function symbolOf(currency: string): { prefix: string; suffix: string } {
  const known = moneySymbols.get(currency);
  if (known) return known;
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).formatToParts(1);
  } catch {
    // Not a currency Intl knows: the default one.
    return symbolOf(DEFAULT_CURRENCY);
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

/** Money in the account's currency (EUR by default): €1.234,50, a negative amount -€12,00. */
export function formatCurrency(
  value: number | null | undefined,
  currency: string = DEFAULT_CURRENCY,
): string {
  if (missing(value)) return NO_VALUE;
  const { prefix, suffix } = symbolOf(currency);
  const sign = value < 0 ? '-' : '';
  return `${sign}${prefix}${moneyNumber.format(Math.abs(value))}${suffix}`;
}

/** A calendar day (`YYYY-MM-DD`, or an ISO date-time read in UTC) as a two-digit date: "05/03/26". */
export function formatDate(value: string | null | undefined): string {
  if (!value) return NO_VALUE;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? NO_VALUE : twoDigitDate.format(date);
}

/** The change from a previous value to the current one, in percent; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous === 0) return null;
  return (100 * (current - previous)) / previous;
}
