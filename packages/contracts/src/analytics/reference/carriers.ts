import { CARRIER_ROWS, type CarrierRow } from './carriers.generated.js';

/**
 * Mobile carriers (spec 02 §3): about 470 entries generated from mcc-mnc-list
 * (scripts/generate-carriers.ts documents the selection). The id is the PLMN code as a number
 * (MCC followed by MNC: 21407); "Unknown Carrier" is id 0, country WW.
 */
export type Carrier = CarrierRow;

export const CARRIERS: readonly Carrier[] = CARRIER_ROWS;
export const UNKNOWN_CARRIER_ID = 0;

const BY_ID = new Map(CARRIERS.map((carrier) => [carrier.id, carrier]));

export function findCarrier(id: number): Carrier | undefined {
  return BY_ID.get(id);
}

export function carriersInCountry(country: string): Carrier[] {
  return CARRIERS.filter((carrier) => carrier.country === country);
}
