// The MMDB variant of IP intelligence that the ip-intelligence bench times against today's tables
// (issue 32 §3): `maxmind` (mmdb-lib) over @ip-location-db/geolite2-country-mmdb for the country and
// over an ASN .mmdb written here from @ip-location-db/asn (no npm package ships one), with the curated
// hosting list on top. It answers as createIpIntelligence does for every address the tests pin: our
// strict parser decides what is an address (mmdb-lib would read `fe80::1%eth0` as `fe80::1` and walk
// `not an ip` as 0.0.0.0), mapped IPv4 is looked up as IPv4, and ::/96 (where the tree keeps IPv4)
// answers nothing for IPv6 text, as the tables do.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { AsnTables } from '../packages/detection/src/ip/asn.js';
import { hostingAsn } from '../packages/detection/src/ip/hosting-asns.js';
import { IPV4, IPV6, parseIp } from '../packages/detection/src/ip/ip-address.js';
import type { IpFacts, IpIntelligence } from '../packages/detection/src/ip/ip-intelligence.js';
import { MmdbWriter } from './mmdb-writer.js';

const require = createRequire(import.meta.url);

export const COUNTRY_MMDB = path.join(
  path.dirname(require.resolve('@ip-location-db/geolite2-country-mmdb/package.json')),
  'geolite2-country.mmdb',
);

/**
 * Decoded ASN records kept by maxmind's cache: all of them (91,065 ASNs). Its default of 10,000 makes
 * most lookups decode a record again (the bench shows both).
 */
export const ASN_CACHE = 131_072;

/** Where the bench keeps the ASN .mmdb it writes, by the ASN package's version. */
export function asnMmdbFile(): string {
  const { version } = require('@ip-location-db/asn/package.json') as { version: string };
  const dir = path.join(os.tmpdir(), 'veracity-bench-ip');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `asn-${version}.mmdb`);
}

/** Writes the ASN tables as an MMDB file with GeoLite2-ASN's field names; returns its node count. */
export function writeAsnMmdb(asn: AsnTables, file: string): number {
  const writer = new MmdbWriter();
  for (let i = 0; i < asn.asns.length; i++) {
    writer.addRecord({
      autonomous_system_number: asn.asns[i] ?? 0,
      autonomous_system_organization: asn.organisations[i] ?? '',
    });
  }
  for (let i = 0; i < asn.v4.size; i++) {
    writer.insertRange(BigInt(asn.v4.starts[i] ?? 0), BigInt(asn.v4.ends[i] ?? 0), asn.v4.values[i] ?? 0);
  }
  const word = (words: Uint32Array, at: number) =>
    (BigInt(words[at] ?? 0) << 96n) |
    (BigInt(words[at + 1] ?? 0) << 64n) |
    (BigInt(words[at + 2] ?? 0) << 32n) |
    BigInt(words[at + 3] ?? 0);
  for (let i = 0; i < asn.v6.size; i++) {
    writer.insertRange(word(asn.v6.starts, i * 4), word(asn.v6.ends, i * 4), asn.v6.values[i] ?? 0);
  }
  writer.write(file, {
    databaseType: 'GeoLite2-ASN',
    description: 'bench copy of @ip-location-db/asn (RouteViews, the RIRs, DB-IP; CC BY 4.0)',
  });
  return writer.nodeCount;
}

/** The part of mmdb-lib's Reader the variant uses. */
export interface MmdbReader<T> {
  get(ip: string): T | null;
}
export interface CountryRecord {
  country_code?: string;
}
export interface AsnRecord {
  autonomous_system_number?: number;
  autonomous_system_organization?: string;
}

const words = new Uint32Array(4);

/**
 * The text to give mmdb-lib for `ip`, or null when the answer is "nothing": not an address, or IPv6
 * inside ::/96. IPv4-mapped IPv6 becomes its dotted quad.
 */
export function mmdbText(ip: string): string | null {
  const kind = parseIp(ip, words);
  if (kind === IPV4) {
    if (ip.indexOf(':') < 0) return ip;
    const n = words[0] ?? 0;
    return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
  }
  if (kind === IPV6 && ((words[0] ?? 0) | (words[1] ?? 0) | (words[2] ?? 0)) !== 0) return ip;
  return null;
}

export function createMmdbIpIntelligence(
  country: MmdbReader<CountryRecord>,
  asn: MmdbReader<AsnRecord>,
  dataDates: IpIntelligence['dataDates'],
): IpIntelligence {
  return {
    dataDates,
    lookup(ip: string): IpFacts {
      const text = mmdbText(ip);
      const found = text === null ? null : asn.get(text);
      const number = found?.autonomous_system_number ?? null;
      const facts: IpFacts = {
        country: text === null ? null : (country.get(text)?.country_code ?? null),
        asn: number,
        organisation: found?.autonomous_system_organization ?? null,
        hosting: false,
      };
      const listed = number === null ? undefined : hostingAsn(number);
      if (listed) {
        facts.hosting = true;
        facts.hostingKind = listed.kind;
      }
      return facts;
    },
  };
}
