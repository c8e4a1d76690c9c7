import { DEFAULT_TRANSLATIONS } from '@veracity/contracts/account';
import { DIMENSIONS, type DimensionId } from '@veracity/contracts/analytics/dimensions';
import { FILTERS, type FilterId } from '@veracity/contracts/analytics/filters';
import { METRICS, type MetricKey } from '@veracity/contracts/analytics/metrics';

/**
 * The account's words for things (spec 02 §3 term translations: offer, trafficSource, campaign,
 * var1–var4, click shown as "Visit", conversion, attempt), as GET /api/me returns them, and the
 * analytics labels that use them. A key the account has not renamed keeps the default.
 */
export type TermKey = keyof typeof DEFAULT_TRANSLATIONS;

export interface Terms {
  /** The singular word, e.g. term('click') is "Visit" unless the account renamed it. */
  term(key: TermKey): string;
  /** The plural, e.g. "Visits": an English plural of the account's word. */
  plural(key: TermKey): string;
  dimensionLabel(id: DimensionId): string;
  metricLabel(key: MetricKey): string;
  filterLabel(id: FilterId): string;
}

/** Dimensions named by a term outright (the firewall's entities and the first custom variables). */
const DIMENSION_TERMS: Partial<Record<DimensionId, TermKey>> = {
  offer: 'offer',
  trafficSource: 'trafficSource',
  campaign: 'campaign',
  var1: 'var1',
  var2: 'var2',
  var3: 'var3',
  var4: 'var4',
};

/** A regular English plural: "Click" → "Clicks", "Entry" → "Entries", "Pass" → "Passes". */
export function pluralOf(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The words of a default label replaced by the account's, in one pass ("Visits" before "Visit"). */
function relabel(label: string, replacements: ReadonlyMap<string, string>): string {
  const words = [...replacements.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`\\b(${words.join('|')})\\b`, 'g');
  return label.replace(pattern, (word) => replacements.get(word) ?? word);
}

export function termsOf(translations: Readonly<Record<string, string>> | undefined): Terms {
  const term = (key: TermKey): string => {
    const value = translations?.[key]?.trim();
    return value ? value : DEFAULT_TRANSLATIONS[key];
  };
  const plural = (key: TermKey): string => pluralOf(term(key));
  // The default labels say Visit(s) and Conversion(s) for the click and conversion terms.
  const replacements = new Map([
    [pluralOf(DEFAULT_TRANSLATIONS.click), plural('click')],
    [DEFAULT_TRANSLATIONS.click, term('click')],
    [pluralOf(DEFAULT_TRANSLATIONS.conversion), plural('conversion')],
    [DEFAULT_TRANSLATIONS.conversion, term('conversion')],
  ]);
  const dimensionLabel = (id: DimensionId): string => {
    const key = DIMENSION_TERMS[id];
    return key ? term(key) : relabel(DIMENSIONS[id].label, replacements);
  };
  return {
    term,
    plural,
    dimensionLabel,
    metricLabel: (key) => relabel(METRICS[key].label, replacements),
    filterLabel: (id) =>
      id in DIMENSIONS ? dimensionLabel(id as DimensionId) : relabel(FILTERS[id].label, replacements),
  };
}

/** The default words, for screens and tests without an account. */
export const DEFAULT_TERMS: Terms = termsOf(undefined);
