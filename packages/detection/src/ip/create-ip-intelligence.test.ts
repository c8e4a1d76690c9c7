// Real lookups against the installed data packages (loaded once for the file, about a second).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AsnTables, loadAsnTables } from './asn.js';
import { createIpIntelligence } from './create-ip-intelligence.js';
import { ASN_PACKAGE, dataPackageDir } from './data-packages.js';
import { loadCountryTables } from './geoip.js';
import { HOSTING_ASNS, NOT_HOSTING } from './hosting-asns.js';
import { IPV6, parseIp } from './ip-address.js';
import type { IpIntelligence } from './ip-intelligence.js';

let asn: AsnTables;
let ip: IpIntelligence;

beforeAll(() => {
  asn = loadAsnTables();
  ip = createIpIntelligence({ country: loadCountryTables(), asn });
});

const NOTHING = { country: null, asn: null, organisation: null, hosting: false };

describe('IP intelligence on the real data', () => {
  it('knows Google Public DNS over IPv4 and IPv6 as Google, in the US, on a cloud network', () => {
    expect(ip.lookup('8.8.8.8')).toEqual({
      country: 'US',
      asn: 15169,
      organisation: 'Google LLC',
      hosting: true,
      hostingKind: 'cloud',
    });
    expect(ip.lookup('2001:4860:4860::8888')).toMatchObject({ country: 'US', asn: 15169, hosting: true });
    expect(ip.lookup('::ffff:8.8.8.8')).toMatchObject({ country: 'US', asn: 15169 });
  });

  it('knows 1.1.1.1 as Cloudflare without calling it hosting (WARP carries people)', () => {
    expect(ip.lookup('1.1.1.1')).toMatchObject({
      asn: 13335,
      organisation: 'Cloudflare, Inc.',
      hosting: false,
    });
  });

  it('flags AWS EC2 and Hetzner addresses as hosting', () => {
    expect(ip.lookup('52.95.110.1')).toMatchObject({ asn: 16509, hosting: true, hostingKind: 'cloud' });
    expect(ip.lookup('3.5.140.1')).toMatchObject({ asn: 16509, hosting: true });
    expect(ip.lookup('5.9.0.1')).toMatchObject({
      country: 'DE',
      asn: 24940,
      hosting: true,
      hostingKind: 'hosting',
    });
    expect(ip.lookup('2a01:4f8::1')).toMatchObject({ asn: 24940, hosting: true });
  });

  it('does not flag residential ISPs, and places them in their country', () => {
    expect(ip.lookup('83.32.0.1')).toEqual({
      country: 'ES',
      asn: 3352,
      organisation: 'TELEFONICA DE ESPANA S.A.U.',
      hosting: false,
    });
    expect(ip.lookup('84.128.0.1')).toMatchObject({ country: 'DE', asn: 3320, hosting: false });
    expect(ip.lookup('2003::1')).toMatchObject({ country: 'DE', asn: 3320, hosting: false });
  });

  it.each([
    '10.0.0.1',
    '192.168.1.1',
    '172.16.0.1',
    '127.0.0.1',
    '100.64.0.1',
    '169.254.1.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '2001:db8::1',
    'fe80::1%eth0',
    'not an ip',
    '',
  ])('knows nothing of %j', (address) => {
    expect(ip.lookup(address)).toEqual(NOTHING);
  });

  it('dates both data sets', () => {
    expect(ip.dataDates.country).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ip.dataDates.asn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('reads every 128-bit decimal bound as the text file writes it', () => {
    // The package ships the IPv6 ranges twice, as text addresses and as decimal numbers: looking up
    // every text bound checks the decimal reader and the address parser against each other.
    const text = readFileSync(path.join(dataPackageDir(ASN_PACKAGE), 'asn-ipv6.csv'), 'utf8').split('\n');
    const words = new Uint32Array(4);
    const wrong: string[] = [];
    let checked = 0;
    for (const line of text) {
      const [start = '', end = '', number] = line.split(',', 3);
      if (number === undefined) continue;
      for (const address of [start, end]) {
        checked += 1;
        if (parseIp(address, words) !== IPV6 || ip.lookup(address).asn !== Number(number)) wrong.push(line);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checked).toBe(2 * asn.records.v6);
  });
});

describe('the hosting list', () => {
  const organisationOf = (number: number) => {
    const index = asn.asns.indexOf(number);
    return index < 0 ? undefined : asn.organisations[index];
  };

  it('names every ASN as the data does, so a typo or a re-assigned number fails', () => {
    const mismatches = HOSTING_ASNS.filter(
      (entry) => !organisationOf(entry.asn)?.toLowerCase().includes(entry.organisation.toLowerCase()),
    ).map((entry) => `${entry.asn} ${entry.provider}: data says ${organisationOf(entry.asn)}`);
    expect(mismatches).toEqual([]);
  });

  it('lists each ASN once and none of the networks that carry people', () => {
    const numbers = HOSTING_ASNS.map((entry) => entry.asn);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const excluded of NOT_HOSTING) {
      expect(numbers).not.toContain(excluded.asn);
      expect(organisationOf(excluded.asn)?.toLowerCase()).toContain(excluded.organisation.toLowerCase());
    }
  });
});
