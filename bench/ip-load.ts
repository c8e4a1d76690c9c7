// Child process of the ip-intelligence bench: loads one variant of the IP data in a fresh process
// and prints, as one JSON line, the time it took and how much the process grew. `tables` is today's
// createIpIntelligence; `mmdb` is maxmind over the two .mmdb files (the ASN one written beforehand).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

function memory() {
  gc();
  gc();
  return process.memoryUsage();
}

const variant = process.argv[2];
// Import the modules before measuring, so only the data counts.
const { createIpIntelligence } = await import('../packages/detection/src/ip/create-ip-intelligence.js');
const { loadAsnTables } = await import('../packages/detection/src/ip/asn.js');
const { loadCountryTables } = await import('../packages/detection/src/ip/geoip.js');
const maxmind = (await import('maxmind')).default;
const { ASN_CACHE, COUNTRY_MMDB, asnMmdbFile } = await import('./ip-mmdb.js');

const before = memory();
const started = performance.now();
let probe: unknown;
if (variant === 'tables') {
  const ip = createIpIntelligence({ country: loadCountryTables(), asn: loadAsnTables() });
  probe = ip.lookup('8.8.8.8');
} else if (variant === 'mmdb') {
  const country = await maxmind.open(COUNTRY_MMDB);
  const asn = await maxmind.open(asnMmdbFile(), { cache: { max: ASN_CACHE } });
  probe = [country.get('8.8.8.8'), asn.get('8.8.8.8')];
} else {
  throw new Error(`unknown variant ${variant}`);
}
const loadMs = performance.now() - started;
const after = memory();
const round = (n: number) => Math.round(n * 10) / 10;
console.log(
  JSON.stringify({
    variant,
    loadMs: round(loadMs),
    rssMB: round((after.rss - before.rss) / MB),
    rssAfterMB: round(after.rss / MB),
    heapMB: round((after.heapUsed - before.heapUsed) / MB),
    arrayBuffersMB: round((after.arrayBuffers - before.arrayBuffers) / MB),
    probe,
  }),
);
