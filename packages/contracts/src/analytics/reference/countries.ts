import { COUNTRY_ROWS } from './countries.generated.js';

/**
 * Countries (spec 02 §3): every ISO 3166-1 alpha-2 code plus WW (World Wide, what is stored when a
 * visitor's country is unknown), with flag, English name and a search text of the names in en, es, fr,
 * de, it and pt. The rows are generated from i18n-iso-countries (scripts/generate-countries.ts).
 */
export interface Country {
  readonly id: string;
  readonly flag: string;
  readonly name: string;
  /** Lower-case names in several languages, with and without accents, separated by " | ". */
  readonly search: string;
}

export const WORLD_WIDE = 'WW';
const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The flag emoji of a two-letter code: its letters as regional indicator symbols; a globe for WW. */
export function flagEmoji(code: string): string {
  const upper = code.toUpperCase();
  if (upper === WORLD_WIDE) return '🌐';
  if (!/^[A-Z]{2}$/.test(upper)) return '';
  return String.fromCodePoint(
    ...[...upper].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
  );
}

export const COUNTRIES: readonly Country[] = COUNTRY_ROWS.map((row) => ({
  id: row.id,
  flag: flagEmoji(row.id),
  name: row.name,
  search: row.search,
}));

const BY_ID = new Map(COUNTRIES.map((country) => [country.id, country]));

export function findCountry(id: string): Country | undefined {
  return BY_ID.get(id.toUpperCase());
}

/** The countries a picker offers; WW can be left out (spec 02 §3). */
export function countriesForPicker(options: { includeWorldWide: boolean }): readonly Country[] {
  return options.includeWorldWide ? COUNTRIES : COUNTRIES.filter((country) => country.id !== WORLD_WIDE);
}

/** Whether a country matches what the user typed, in any search language, accents ignored. */
export function countryMatches(country: Country, query: string): boolean {
  const needle = query
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
  return needle.length === 0 || country.search.includes(needle);
}
