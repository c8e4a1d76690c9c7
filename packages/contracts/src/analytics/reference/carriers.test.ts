import { describe, expect, it } from 'vitest';
import { buildCarrierRows } from '../../../scripts/generate-carriers.js';
import { CARRIER_ROWS } from './carriers.generated.js';
import { CARRIERS, carriersInCountry, findCarrier, UNKNOWN_CARRIER_ID } from './carriers.js';
import { findCountry } from './countries.js';

describe('carriers', () => {
  it('hold about 470 carriers, with Unknown Carrier id 0 country WW', () => {
    expect(CARRIERS.length).toBeGreaterThanOrEqual(440);
    expect(CARRIERS.length).toBeLessThanOrEqual(500);
    expect(findCarrier(UNKNOWN_CARRIER_ID)).toEqual({
      id: 0,
      name: 'Unknown Carrier',
      active: true,
      country: 'WW',
    });
  });

  it('have unique PLMN ids and known countries', () => {
    const ids = CARRIERS.map((carrier) => carrier.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const carrier of CARRIERS) {
      expect(findCountry(carrier.country), carrier.name).toBeDefined();
      if (carrier.id !== 0) expect(String(carrier.id)).toMatch(/^[2-7]\d{4,5}$/);
    }
  });

  it('list the main Spanish networks by their codes', () => {
    const spain = carriersInCountry('ES').map((carrier) => carrier.name);
    expect(spain).toEqual(expect.arrayContaining(['Movistar', 'Vodafone', 'Orange']));
    expect(findCarrier(21407)?.name ?? findCarrier(21405)?.name).toBe('Movistar');
  });

  it('generated file is up to date with mcc-mnc-list (run scripts/generate-carriers.ts)', () => {
    expect(CARRIER_ROWS).toEqual(buildCarrierRows());
  });
});
