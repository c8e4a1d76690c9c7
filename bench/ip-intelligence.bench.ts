// IP intelligence: the cost of loading the country and ASN tables (time, heap, RSS, typed arrays),
// then lookups per second over a million addresses and the time of one lookup (median and p99 of
// batches of 1,000, since one lookup is below the timer's resolution). Target: below 2 µs a lookup.
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadAsnTables } from '../packages/detection/src/ip/asn.js';
import { createIpIntelligence } from '../packages/detection/src/ip/create-ip-intelligence.js';
import { loadCountryTables } from '../packages/detection/src/ip/geoip.js';
import { type RangeTable6, tableBytes } from '../packages/detection/src/ip/ip-ranges.js';
import { type Measurement, measure, report } from './report.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const LOOKUPS = 1_000_000;
const BATCH = 1_000;
const MB = 1024 * 1024;

function memory() {
  gc();
  gc();
  const { heapUsed, rss, arrayBuffers } = process.memoryUsage();
  return { heapUsed, rss, arrayBuffers };
}

function growth(before: ReturnType<typeof memory>, after: ReturnType<typeof memory>) {
  return {
    heapMB: round((after.heapUsed - before.heapUsed) / MB),
    arrayBuffersMB: round((after.arrayBuffers - before.arrayBuffers) / MB),
    rssMB: round((after.rss - before.rss) / MB),
  };
}

const results: Measurement[] = [];
const start = memory();
let started = performance.now();
const country = loadCountryTables();
results.push({ name: 'load country tables (geoip-country)', samples: [performance.now() - started] });
const afterCountry = memory();
started = performance.now();
const asn = loadAsnTables();
results.push({ name: 'load ASN tables (@ip-location-db/asn)', samples: [performance.now() - started] });
const afterAsn = memory();
const ip = createIpIntelligence({ country, asn });

const loadMemory = {
  country: {
    ...growth(start, afterCountry),
    ranges: country.v4.size + country.v6.size,
    tableMB: round((tableBytes(country.v4) + tableBytes(country.v6)) / MB),
  },
  asn: {
    ...growth(afterCountry, afterAsn),
    ranges: asn.v4.size + asn.v6.size,
    tableMB: round((tableBytes(asn.v4) + tableBytes(asn.v6)) / MB),
  },
  both: { ...growth(start, afterAsn), ranges: '', tableMB: '' },
};
console.table(loadMemory);

// Seeded, so every run looks up the same addresses.
let seed = 0x9e3779b9;
function random(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const below = (n: number) => Math.floor(random() * n);

function ipv4(n: number): string {
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/** An address inside a random range of the table (so most lookups find a network). */
function ipv6In(table: RangeTable6): string {
  const at = below(table.size) << 2;
  const groups: string[] = [];
  for (let k = 0; k < 4; k++) {
    const word = k < 2 ? (table.starts[at + k] ?? 0) : (random() * 2 ** 32) >>> 0;
    groups.push((word >>> 16).toString(16), (word & 0xffff).toString(16));
  }
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
}

function ipv4In(): string {
  const at = below(asn.v4.size);
  const first = asn.v4.starts[at] ?? 0;
  return ipv4(first + below((asn.v4.ends[at] ?? first) - first + 1));
}

const sets: Record<string, string[]> = {
  'IPv4, uniformly random': Array.from({ length: LOOKUPS }, () => ipv4((random() * 2 ** 32) >>> 0)),
  'IPv6, inside announced ranges': Array.from({ length: LOOKUPS }, () => ipv6In(asn.v6)),
  // What ingestion sees: mostly IPv4, a third IPv6, some IPv4-mapped from dual-stack proxies.
  'mix: 62% IPv4, 30% IPv6, 5% mapped, 3% private': Array.from({ length: LOOKUPS }, () => {
    const dice = random();
    if (dice < 0.62) return ipv4In();
    if (dice < 0.92) return ipv6In(asn.v6);
    if (dice < 0.97) return `::ffff:${ipv4In()}`;
    return `192.168.${below(256)}.${below(256)}`;
  }),
};

let found = 0;
const latency: Record<string, { medianNs: number; p99Ns: number; maxBatchNs: number }> = {};
for (const [name, addresses] of Object.entries(sets)) {
  results.push(
    await measure(
      `lookup, ${name}`,
      5,
      async () => {
        for (const address of addresses) if (ip.lookup(address).asn !== null) found += 1;
      },
      addresses.length,
    ),
  );
  const perLookup: number[] = [];
  for (let from = 0; from < addresses.length; from += BATCH) {
    const t0 = performance.now();
    for (let i = from; i < from + BATCH; i++) if (ip.lookup(addresses[i] ?? '').hosting) found += 1;
    perLookup.push(((performance.now() - t0) * 1e6) / BATCH);
  }
  perLookup.sort((a, b) => a - b);
  latency[name] = {
    medianNs: Math.round(perLookup[perLookup.length >> 1] ?? Number.NaN),
    p99Ns: Math.round(perLookup[Math.floor(perLookup.length * 0.99)] ?? Number.NaN),
    maxBatchNs: Math.round(perLookup[perLookup.length - 1] ?? Number.NaN),
  };
}

// For the record: the geoip-country package's own lookup (country only) over the same IPv4 set.
const geoip = createRequire(import.meta.url)('geoip-country') as { lookup(ip: string): unknown };
const reference = (sets['IPv4, uniformly random'] ?? []).slice(0, 200_000);
results.push(
  await measure(
    "geoip-country's own lookup (country only, reference)",
    3,
    async () => {
      for (const address of reference) if (geoip.lookup(address) !== null) found += 1;
    },
    reference.length,
  ),
);

console.log(`per lookup, from batches of ${BATCH.toLocaleString('en')}:`);
console.table(latency);
report('ip-intelligence', results, { loadMemory, perLookup: latency });
if (found === 0) throw new Error('no lookup found anything');

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
