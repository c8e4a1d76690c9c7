import { describe, expect, it } from 'vitest';
import { buildCountryRows } from '../../../scripts/generate-countries.js';
import { COUNTRY_ROWS } from './countries.generated.js';
import { COUNTRIES, countriesForPicker, countryMatches, findCountry, flagEmoji } from './countries.js';

describe('countries', () => {
  it('include Spain with its flag and names, and WW', () => {
    expect(findCountry('ES')).toMatchObject({ id: 'ES', flag: '🇪🇸', name: 'Spain' });
    expect(findCountry('WW')).toMatchObject({ id: 'WW', name: 'World Wide' });
    expect(flagEmoji('us')).toBe('🇺🇸');
  });

  it('cover every ISO 3166-1 alpha-2 code once', () => {
    const ids = COUNTRIES.map((country) => country.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(250);
    for (const id of ['DE', 'FR', 'US', 'GB', 'BR', 'JP', 'AQ', 'ZW']) expect(ids).toContain(id);
  });

  it('search in several languages, accents ignored', () => {
    const spain = findCountry('ES');
    if (!spain) throw new Error('ES missing');
    for (const query of ['spain', 'España', 'espana', 'Espagne', 'spanien', 'spagna', 'espanha']) {
      expect(countryMatches(spain, query), query).toBe(true);
    }
    const germany = findCountry('DE');
    if (!germany) throw new Error('DE missing');
    expect(countryMatches(germany, 'Alemania')).toBe(true);
    expect(countryMatches(germany, 'Francia')).toBe(false);
  });

  it('leave WW out of pickers on request', () => {
    expect(countriesForPicker({ includeWorldWide: false }).some((country) => country.id === 'WW')).toBe(
      false,
    );
    expect(countriesForPicker({ includeWorldWide: true }).some((country) => country.id === 'WW')).toBe(true);
  });

  it('generated file is up to date with i18n-iso-countries (run scripts/generate-countries.ts)', () => {
    expect(COUNTRY_ROWS).toEqual(buildCountryRows());
  });
});
