// Country ranges from the geoip-country package's own data files (MaxMind GeoLite2 Country), read
// with fs into our range tables instead of going through the package's lookup API: that API parses
// with `net.isIP`, builds BigInts for IPv6 and copies country details into a new object per call,
// and its module reads both files on import. The format, from the package's lib/geoip.js:
//   data/geoip-country.dat   10-byte records: start u32 BE, end u32 BE, 2 ASCII letters
//   data/geoip-country6.dat  18-byte records: start u64 BE, end u64 BE (the top 64 bits of the
//                            address; ranges are /64 or wider), 2 ASCII letters
// Both are sorted by start and do not overlap.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COUNTRY_PACKAGE, dataPackageDir } from './data-packages.js';
import { type RangeTable4, RangeTable4Builder, type RangeTable6, RangeTable6Builder } from './ip-ranges.js';

const RECORD4 = 10;
const RECORD6 = 18;

export interface CountryTables {
  v4: RangeTable4;
  v6: RangeTable6;
  /** ISO 3166-1 alpha-2 codes; the tables' values index this list. */
  countries: readonly string[];
  /** Records in the files, before adjacent ranges of one country were merged. */
  records: { v4: number; v6: number };
}

/** Reads both files; about 8 MB of input. */
export function loadCountryTables(dir = path.join(dataPackageDir(COUNTRY_PACKAGE), 'data')): CountryTables {
  const countries: string[] = [];
  const indexes = new Map<number, number>();
  const countryIndex = (data: Buffer, at: number): number => {
    const key = ((data[at] ?? 0) << 8) | (data[at + 1] ?? 0);
    let index = indexes.get(key);
    if (index === undefined) {
      index = countries.length;
      countries.push(data.toString('latin1', at, at + 2));
      indexes.set(key, index);
    }
    return index;
  };

  const data4 = readFileSync(path.join(dir, 'geoip-country.dat'));
  const v4 = new RangeTable4Builder();
  for (let at = 0; at + RECORD4 <= data4.length; at += RECORD4) {
    v4.add(data4.readUInt32BE(at), data4.readUInt32BE(at + 4), countryIndex(data4, at + 8));
  }

  const data6 = readFileSync(path.join(dir, 'geoip-country6.dat'));
  const v6 = new RangeTable6Builder();
  const start = new Uint32Array(4);
  const end = new Uint32Array([0, 0, 0xffffffff, 0xffffffff]);
  for (let at = 0; at + RECORD6 <= data6.length; at += RECORD6) {
    start[0] = data6.readUInt32BE(at);
    start[1] = data6.readUInt32BE(at + 4);
    end[0] = data6.readUInt32BE(at + 8);
    end[1] = data6.readUInt32BE(at + 12);
    v6.add(start, 0, end, 0, countryIndex(data6, at + 16));
  }

  return {
    v4: v4.build(countries.length),
    v6: v6.build(countries.length),
    countries,
    records: { v4: v4.added, v6: v6.added },
  };
}

let tables: CountryTables | undefined;

/** The country tables of this process, loaded on first use. */
export function countryTables(): CountryTables {
  tables ??= loadCountryTables();
  return tables;
}
