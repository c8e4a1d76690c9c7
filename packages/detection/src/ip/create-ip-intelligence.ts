// IP intelligence from the two data packages: country ranges (geoip-country) and autonomous systems
// (@ip-location-db/asn), with the hosting flag from the curated list. Typed arrays and strings, loaded
// once a process (`npm run bench -- ip-intelligence` gives the time and memory); then a lookup parses
// the text and bisects four sorted tables at most, without allocating anything but the answer.
import { type AsnTables, asnTables } from './asn.js';
import { ipDataDates } from './data-packages.js';
import { type CountryTables, countryTables } from './geoip.js';
import { hostingAsn } from './hosting-asns.js';
import { IPV4, IPV6, parseIp } from './ip-address.js';
import type { IpFacts, IpIntelligence } from './ip-intelligence.js';
import { find4, find6, NO_VALUE } from './ip-ranges.js';

type HostingKind = NonNullable<IpFacts['hostingKind']>;
const KINDS: readonly HostingKind[] = ['cloud', 'hosting', 'vpn'];

export interface IpIntelligenceData {
  country: CountryTables;
  asn: AsnTables;
}

/** Builds the lookup over loaded tables (both loaded now unless given, once a process). */
export function createIpIntelligence(
  data: IpIntelligenceData = { country: countryTables(), asn: asnTables() },
): IpIntelligence {
  const { country, asn } = data;
  const { countries } = country;
  const { asns, organisations } = asn;
  // The hosting kind of every ASN value, 1 + index in KINDS, 0 for none: one byte each.
  const hostingByValue = new Uint8Array(asns.length);
  for (let i = 0; i < asns.length; i++) {
    const listed = hostingAsn(asns[i] ?? 0);
    if (listed) hostingByValue[i] = 1 + KINDS.indexOf(listed.kind);
  }
  const words = new Uint32Array(4);

  return {
    dataDates: ipDataDates(),
    lookup(ip: string): IpFacts {
      const kind = parseIp(ip, words);
      let countryValue = NO_VALUE;
      let asnValue = NO_VALUE;
      if (kind === IPV4) {
        const address = words[0] ?? 0;
        countryValue = find4(country.v4, address);
        asnValue = find4(asn.v4, address);
      } else if (kind === IPV6) {
        const w0 = words[0] ?? 0;
        const w1 = words[1] ?? 0;
        const w2 = words[2] ?? 0;
        const w3 = words[3] ?? 0;
        countryValue = find6(country.v6, w0, w1, w2, w3);
        asnValue = find6(asn.v6, w0, w1, w2, w3);
      }
      const facts: IpFacts = {
        country: countryValue === NO_VALUE ? null : (countries[countryValue] ?? null),
        asn: asnValue === NO_VALUE ? null : (asns[asnValue] ?? null),
        organisation: asnValue === NO_VALUE ? null : (organisations[asnValue] ?? null),
        hosting: false,
      };
      const hosting = asnValue === NO_VALUE ? 0 : (hostingByValue[asnValue] ?? 0);
      const hostingKind = KINDS[hosting - 1];
      if (hostingKind) {
        facts.hosting = true;
        facts.hostingKind = hostingKind;
      }
      return facts;
    },
  };
}

let shared: IpIntelligence | undefined;

/** The process's IP intelligence, loaded on the first call (for the server and the engine). */
export function ipIntelligence(): IpIntelligence {
  shared ??= createIpIntelligence();
  return shared;
}
