// IP intelligence, today's range tables against maxmind over MMDB files (issue 32 §3: switch if a
// lookup stays under 2 µs at p99). For each: the load (time, RSS, heap, buffers), in fresh child
// processes run alternately; then lookups over three sets of addresses (a mix like ingestion's, random
// IPv4, IPv6 in announced ranges), country alone, ASN alone and the full lookup, the two variants
// alternating round by round in one process. The time of one lookup is the median and p99 of batches
// of 1,000 (one lookup is below the timer's resolution), by the process's CPU time and by the wall
// clock. Both variants must give the same ASN for every address (same data); countries come from two
// releases of GeoLite2 and may differ on a few.
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import maxmind, { type AsnResponse } from 'maxmind';
import { loadAsnTables } from '../packages/detection/src/ip/asn.js';
import { createIpIntelligence } from '../packages/detection/src/ip/create-ip-intelligence.js';
import { loadCountryTables } from '../packages/detection/src/ip/geoip.js';
import { IPV4, IPV6, parseIp } from '../packages/detection/src/ip/ip-address.js';
import {
  find4,
  find6,
  NO_VALUE,
  type RangeTable6,
  tableBytes,
} from '../packages/detection/src/ip/ip-ranges.js';
import {
  ASN_CACHE,
  asnMmdbFile,
  COUNTRY_MMDB,
  type CountryRecord,
  createMmdbIpIntelligence,
  type MmdbReader,
  mmdbText,
  writeAsnMmdb,
} from './ip-mmdb.js';
import { type Measurement, measure, report } from './report.js';

const LOOKUPS = Number(process.env.IP_BENCH_LOOKUPS ?? 500_000);
const BATCH = 1_000;
const ROUNDS = 2;
const LOADS = 2;
const here = path.dirname(fileURLToPath(import.meta.url));

// The ASN .mmdb, written once per @ip-location-db/asn version (it takes seconds; not part of a load).
const asn = loadAsnTables();
const asnFile = asnMmdbFile();
if (!existsSync(asnFile)) {
  const started = performance.now();
  const nodes = writeAsnMmdb(asn, `${asnFile}.${process.pid}`);
  renameSync(`${asnFile}.${process.pid}`, asnFile);
  console.log(
    `wrote ${asnFile} (${nodes.toLocaleString('en')} nodes) in ${Math.round(performance.now() - started)} ms`,
  );
}

// Load cost, each in a fresh process, alternating tables / mmdb.
const loads: Record<string, unknown>[] = [];
for (let run = 0; run < LOADS; run++) {
  for (const variant of ['tables', 'mmdb']) {
    const child = spawnSync(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', path.join(here, 'ip-load.ts'), variant],
      { encoding: 'utf8', cwd: path.join(here, '..') },
    );
    if (child.status !== 0) throw new Error(`ip-load ${variant} failed: ${child.stderr}`);
    const { probe: _, ...figures } = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}');
    loads.push({ run: run + 1, ...figures });
  }
}
console.log('load, each in a fresh process (MB = 2^20 bytes; rssMB is the growth, rssAfterMB the total):');
console.table(loads);

const country = loadCountryTables();
const tables = createIpIntelligence({ country, asn });
// ip-location-db's country records are `{ country_code }`, not MaxMind's CountryResponse.
const countryDb = await maxmind.open(COUNTRY_MMDB);
const countryReader = countryDb as unknown as MmdbReader<CountryRecord> & Pick<typeof countryDb, 'metadata'>;
const asnReader = await maxmind.open<AsnResponse>(asnFile, { cache: { max: ASN_CACHE } });
const asnReaderDefault = await maxmind.open<AsnResponse>(asnFile);
const mmdb = createMmdbIpIntelligence(countryReader, asnReader, tables.dataDates);
const sizes = {
  tables: {
    countryRanges: country.v4.size + country.v6.size,
    countryMB: mb(tableBytes(country.v4) + tableBytes(country.v6)),
    asnRanges: asn.v4.size + asn.v6.size,
    asnMB: mb(tableBytes(asn.v4) + tableBytes(asn.v6)),
  },
  mmdb: {
    countryNodes: countryReader.metadata.nodeCount,
    countryMB: mb(countryReader.metadata.searchTreeSize),
    asnNodes: asnReader.metadata.nodeCount,
    asnMB: mb(asnReader.metadata.searchTreeSize),
  },
};
console.log('data held (tables: typed arrays; mmdb: search tree, the data section comes on top):');
console.table(sizes);

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
  // What ingestion sees: mostly IPv4, a third IPv6, some IPv4-mapped from dual-stack proxies.
  'mix: 62% IPv4, 30% IPv6, 5% mapped, 3% private': Array.from({ length: LOOKUPS }, () => {
    const dice = random();
    if (dice < 0.62) return ipv4In();
    if (dice < 0.92) return ipv6In(asn.v6);
    if (dice < 0.97) return `::ffff:${ipv4In()}`;
    return `192.168.${below(256)}.${below(256)}`;
  }),
  'IPv4, uniformly random': Array.from({ length: LOOKUPS }, () => ipv4((random() * 2 ** 32) >>> 0)),
  'IPv6, inside announced ranges': Array.from({ length: LOOKUPS }, () => ipv6In(asn.v6)),
};

// The same answers first: ASN everywhere (same data), country where the two GeoLite2 releases agree.
const agreement: Record<string, { asnDiffers: number; countryDiffers: number; example?: string }> = {};
for (const [name, addresses] of Object.entries(sets)) {
  const row: (typeof agreement)[string] = { asnDiffers: 0, countryDiffers: 0 };
  for (const address of addresses) {
    const a = tables.lookup(address);
    const b = mmdb.lookup(address);
    if (a.asn !== b.asn || a.organisation !== b.organisation || a.hosting !== b.hosting) {
      row.asnDiffers += 1;
      row.example ??= `${address}: ${a.asn} / ${b.asn}`;
    }
    if (a.country !== b.country) row.countryDiffers += 1;
  }
  agreement[name] = row;
}
console.log(`answers that differ, of ${LOOKUPS.toLocaleString('en')} a set:`);
console.table(agreement);
const asnMismatches = Object.values(agreement).reduce((sum, row) => sum + row.asnDiffers, 0);
if (asnMismatches > 0) throw new Error('the ASN .mmdb answers differently from the ASN tables');

// The three lookups of each variant: country alone, ASN alone, everything (IpFacts).
const words = new Uint32Array(4);
function tableCountry(ip: string): number {
  const kind = parseIp(ip, words);
  if (kind === IPV4) return find4(country.v4, words[0] ?? 0);
  if (kind === IPV6) return find6(country.v6, words[0] ?? 0, words[1] ?? 0, words[2] ?? 0, words[3] ?? 0);
  return NO_VALUE;
}
function tableAsn(ip: string): number {
  const kind = parseIp(ip, words);
  if (kind === IPV4) return find4(asn.v4, words[0] ?? 0);
  if (kind === IPV6) return find6(asn.v6, words[0] ?? 0, words[1] ?? 0, words[2] ?? 0, words[3] ?? 0);
  return NO_VALUE;
}
function mmdbCountry(ip: string): number {
  const text = mmdbText(ip);
  return text === null ? NO_VALUE : countryReader.get(text)?.country_code ? 1 : NO_VALUE;
}
function mmdbAsn(ip: string): number {
  const text = mmdbText(ip);
  return text === null ? NO_VALUE : (asnReader.get(text)?.autonomous_system_number ?? NO_VALUE);
}
const lookups: Record<string, Record<string, (ip: string) => unknown>> = {
  tables: { country: tableCountry, asn: tableAsn, full: (ip) => tables.lookup(ip) },
  mmdb: { country: mmdbCountry, asn: mmdbAsn, full: (ip) => mmdb.lookup(ip) },
};

let sink = 0;
/**
 * Mean ns per lookup of each batch of BATCH addresses, by the wall clock and by the process's CPU time.
 * On a shared machine a batch is often descheduled, and a longer batch more often: the CPU time leaves
 * that out (but counts V8's helper threads, GC marking and compiling, while the batch runs).
 */
function batches(addresses: string[], lookup: (ip: string) => unknown): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let from = 0; from < addresses.length; from += BATCH) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = from; i < from + BATCH; i++) if (lookup(addresses[i] ?? '') !== null) sink += 1;
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    wall.push(((t1 - t0) * 1e6) / BATCH);
    cpu.push(((c1.user + c1.system) * 1e3) / BATCH);
  }
  return { wall, cpu };
}
function quantile(sorted: number[], q: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN);
}

// Warm both (JIT, caches of mmdb-lib's decoder) on a slice, then alternate: round by round, and within
// a round tables first on even rounds, mmdb first on odd ones.
for (const variant of Object.values(lookups))
  for (const lookup of Object.values(variant))
    batches((sets['mix: 62% IPv4, 30% IPv6, 5% mapped, 3% private'] ?? []).slice(0, 100_000), lookup);
const latency: Record<
  string,
  { cpuP50Ns: number; cpuP99Ns: number; wallP50Ns: number; wallP99Ns: number; cpuPerRound: string }
> = {};
const results: Measurement[] = [];
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
for (const [setName, addresses] of Object.entries(sets)) {
  for (const what of ['country', 'asn', 'full']) {
    const samples: Record<string, { wall: number[]; cpu: number[] }[]> = { tables: [], mmdb: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['tables', 'mmdb'] : ['mmdb', 'tables'];
      for (const variant of order) {
        const lookup = lookups[variant]?.[what];
        if (lookup) samples[variant]?.push(batches(addresses, lookup));
      }
    }
    for (const [variant, rounds] of Object.entries(samples)) {
      const cpu = sorted(rounds.flatMap((r) => r.cpu));
      const wall = sorted(rounds.flatMap((r) => r.wall));
      const cpuPerRound = rounds.map((r) => {
        const round = sorted(r.cpu);
        return `${quantile(round, 0.5)}/${quantile(round, 0.99)}`;
      });
      latency[`${variant} ${what}, ${setName}`] = {
        cpuP50Ns: quantile(cpu, 0.5),
        cpuP99Ns: quantile(cpu, 0.99),
        wallP50Ns: quantile(wall, 0.5),
        wallP99Ns: quantile(wall, 0.99),
        cpuPerRound: cpuPerRound.join(' '),
      };
      if (what === 'full') {
        const ms = rounds.map((r) => r.wall.reduce((sum, ns) => sum + ns * BATCH, 0) / 1e6);
        results.push({ name: `${variant}: lookup, ${setName}`, samples: ms, items: addresses.length });
      }
    }
  }
}

// Where the time of an MMDB lookup goes, on the mix: our parser, mmdb-lib's tree walk (its own text
// parsing included), the whole get (walk and the decoded record from its cache), and how deep it walks.
const mix = sets['mix: 62% IPv4, 30% IPv6, 5% mapped, 3% private'] ?? [];
const texts = mix.map(mmdbText).filter((text): text is string => text !== null);
type Walker = { findAddressInTree(ip: string): [number | null, number] };
const walk = (reader: unknown) => (ip: string) => (reader as Walker).findAddressInTree(ip)[0];
const mmdbIp = createRequire(createRequire(import.meta.url).resolve('maxmind'))('mmdb-lib/lib/ip.js')
  .default as { parse(ip: string): number[] };
const steps: Record<string, (ip: string) => unknown> = {
  'our parser (parseIp + text for mmdb)': mmdbText,
  "mmdb-lib's parser": (ip) => mmdbIp.parse(ip),
  'mmdb-lib tree walk, country (parse + walk)': walk(countryDb),
  'mmdb-lib get, country (parse + walk + record)': (ip) => countryReader.get(ip),
  'mmdb-lib tree walk, ASN': walk(asnReader),
  'mmdb-lib get, ASN (records cached)': (ip) => asnReader.get(ip),
  "mmdb-lib get, ASN (maxmind's default cache of 10,000 records)": (ip) => asnReaderDefault.get(ip),
};
const breakdown: Record<string, { cpuP50Ns: number; cpuP99Ns: number; wallP50Ns: number }> = {};
for (const [name, step] of Object.entries(steps)) {
  const input = name.startsWith('our') ? mix : texts;
  const [a, b] = [batches(input, step), batches(input, step)];
  const cpu = sorted([...a.cpu, ...b.cpu]);
  breakdown[name] = {
    cpuP50Ns: quantile(cpu, 0.5),
    cpuP99Ns: quantile(cpu, 0.99),
    wallP50Ns: quantile(sorted([...a.wall, ...b.wall]), 0.5),
  };
}
const depth = { country: 0, asn: 0 };
for (const text of texts) {
  depth.country += countryDb.getWithPrefixLength(text)[1];
  depth.asn += asnReader.getWithPrefixLength(text)[1];
}
const treeDepth = {
  country: Math.round((depth.country / texts.length) * 10) / 10,
  asn: Math.round((depth.asn / texts.length) * 10) / 10,
};

// For the record: the geoip-country package's own lookup (country only) over part of the IPv4 set.
const geoip = createRequire(import.meta.url)('geoip-country') as { lookup(ip: string): unknown };
const reference = (sets['IPv4, uniformly random'] ?? []).slice(0, 200_000);
results.push(
  await measure(
    "geoip-country's own lookup (country only, reference)",
    3,
    async () => {
      for (const address of reference) if (geoip.lookup(address) !== null) sink += 1;
    },
    reference.length,
  ),
);

console.log(
  `per lookup, from batches of ${BATCH.toLocaleString('en')} (ns of CPU time and of wall clock; cpuPerRound: p50/p99 of each round):`,
);
console.table(latency);
console.log(
  `MMDB lookup on the mix, step by step (ns); mean tree depth walked: ${JSON.stringify(treeDepth)}`,
);
console.table(breakdown);
report('ip-intelligence', results, { loads, sizes, agreement, perLookup: latency, breakdown, treeDepth });
if (sink === 0) throw new Error('no lookup found anything');

function mb(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}
