// Where the two data packages live and how old their data is. Cheap: reads two package.json files and
// nothing else, so GET /api/health can report the dates without loading the tables.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const COUNTRY_PACKAGE = 'geoip-country';
export const ASN_PACKAGE = '@ip-location-db/asn';

const require = createRequire(import.meta.url);

/** The installed folder of a data package. */
export function dataPackageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

export interface IpDataDates {
  /** `YYYY-MM-DD` of the geoip-country data (MaxMind GeoLite2 Country). */
  country: string;
  /** `YYYY-MM-DD` of the @ip-location-db/asn data (RouteViews, the RIRs and DB-IP). */
  asn: string;
}

let dates: IpDataDates | undefined;

/**
 * Both packages publish the build time of their data as the patch part of the version
 * (geoip-country `5.0.YYYYMMDDhhmm`, @ip-location-db/asn `2.3.YYYYMMDDhh`); neither ships a better
 * dated file. `unknown` when a version does not have that shape.
 */
export function ipDataDates(): IpDataDates {
  dates ??= { country: packageDate(COUNTRY_PACKAGE), asn: packageDate(ASN_PACKAGE) };
  return dates;
}

function packageDate(name: string): string {
  try {
    const file = path.join(dataPackageDir(name), 'package.json');
    const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? (dateOfVersion(version) ?? 'unknown') : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** `5.0.202609260156` -> `2026-09-26`; null when the patch does not start with a real date. */
export function dateOfVersion(version: string): string | null {
  const match = /^\d+\.\d+\.(\d{4})(\d{2})(\d{2})\d*$/.exec(version);
  if (!match) return null;
  const [, year, month, day] = match;
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? null : date;
}
