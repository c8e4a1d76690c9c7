// The detection engine: accuracy on labelled traffic built from packages (declared bots, real
// browsers by usage, undeclared automation), the time of one assessment with warm caches, and the
// memory the engine holds. Addresses are enriched by the real IP intelligence (packages/detection/src/ip).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AssessmentInput, RiskLevel } from '@veracity/contracts/detection';
import { type LabelledHit, labelledTraffic } from './detection-fixtures.js';
import { type Measurement, measure, report } from './report.js';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
function memory() {
  for (let i = 0; i < 3; i++) collect();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heap: heapUsed + external + arrayBuffers };
}
const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

const traffic = labelledTraffic();
const before = memory();
const { assess } = await import('../packages/detection/src/assess.js');
const { enrich } = await import('../packages/detection/src/enrich.js');
const { InProcessRecentActivity } = await import('../apps/server/src/counters/recent-activity.js');

const engineLoaded = memory();
const { createIpIntelligence } = await import('../packages/detection/src/ip/create-ip-intelligence.js');
const intelligence = createIpIntelligence();
const source = 'real (geoip-country, @ip-location-db/asn)';
const ipLoaded = memory();
const inputs: AssessmentInput[] = traffic.map((hit) => hit.input(enrich(hit.request, intelligence)));
const engineWarm = memory();

// (a) Accuracy.
interface Tally {
  n: number;
  high: number;
  medium: number;
  reasons: Map<string, number>;
}
const tallies = new Map<LabelledHit['group'], Tally>();
traffic.forEach((hit, i) => {
  const input = inputs[i];
  if (input === undefined) return;
  const result = assess(input);
  const tally = tallies.get(hit.group) ?? { n: 0, high: 0, medium: 0, reasons: new Map() };
  tally.n += 1;
  if (result.riskLevel === 'high') tally.high += 1;
  if (result.riskLevel === 'medium') tally.medium += 1;
  if (result.riskLevel !== 'low') {
    for (const reason of result.reasons)
      tally.reasons.set(reason.id, (tally.reasons.get(reason.id) ?? 0) + 1);
  }
  tallies.set(hit.group, tally);
});
const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;
const accuracy = [...tallies].map(([group, tally]) => {
  const bot = traffic.find((hit) => hit.group === group)?.bot ?? false;
  const top = [...tally.reasons].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return {
    group,
    hits: tally.n,
    ...(bot
      ? {
          'caught high %': percent(tally.high, tally.n),
          'caught medium+high %': percent(tally.high + tally.medium, tally.n),
        }
      : {
          'wrongly suspicious %': percent(tally.medium, tally.n),
          'wrongly invalid %': percent(tally.high, tally.n),
        }),
    'top reasons when flagged': top.map(([id, count]) => `${id} ${count}`).join(', '),
  };
});
console.log(`IP intelligence: ${source}`);
console.table(accuracy);

// (b) Time of one assessment with warm caches: batches beat the timer's resolution; per-call
// hrtime gives the tail.
const BATCH = 1_000;
let cursor = 0;
let sink: RiskLevel = 'low';
function assessBatch(): void {
  for (let i = 0; i < BATCH; i++) {
    const input = inputs[cursor];
    cursor = (cursor + 1) % inputs.length;
    if (input) sink = assess(input).riskLevel;
  }
}
for (let i = 0; i < 50; i++) assessBatch();
const results: Measurement[] = [];
results.push(await measure(`assess, batches of ${BATCH}`, 300, async () => assessBatch(), BATCH));
results.push(
  await measure(
    `enrich + assess, batches of ${BATCH}`,
    100,
    async () => {
      for (let i = 0; i < BATCH; i++) {
        const hit = traffic[cursor];
        cursor = (cursor + 1) % traffic.length;
        if (hit) sink = assess(hit.input(enrich(hit.request, intelligence))).riskLevel;
      }
    },
    BATCH,
  ),
);
const perCall: number[] = [];
for (let round = 0; round < 20; round++) {
  for (const input of inputs) {
    const started = process.hrtime.bigint();
    sink = assess(input).riskLevel;
    perCall.push(Number(process.hrtime.bigint() - started) / 1000);
  }
}
perCall.sort((a, b) => a - b);
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const batchMicros = (name: string) => {
  const samples = [...(results.find((m) => m.name.startsWith(name))?.samples ?? [])].sort((a, b) => a - b);
  return { median: (quantile(samples, 0.5) * 1000) / BATCH, p99: (quantile(samples, 0.99) * 1000) / BATCH };
};
const round2 = (value: number) => Math.round(value * 100) / 100;
const assessBatches = batchMicros('assess,');
const enrichBatches = batchMicros('enrich');
const timing = [
  {
    measure: 'assess (batch mean)',
    'median µs': round2(assessBatches.median),
    'p99 µs': round2(assessBatches.p99),
  },
  {
    measure: 'enrich + assess (batch mean)',
    'median µs': round2(enrichBatches.median),
    'p99 µs': round2(enrichBatches.p99),
  },
  {
    measure: `assess (each call, ${perCall.length.toLocaleString('en')} calls, hrtime)`,
    'median µs': round2(quantile(perCall, 0.5)),
    'p99 µs': round2(quantile(perCall, 0.99)),
  },
];
console.table(timing);

// (c) Memory: the engine's modules with a warm user-agent cache, and RecentActivity at its key budget.
const activity = new InProcessRecentActivity({ clock: () => 0 });
const activityEmpty = memory();
for (let i = 0; i < 200_000; i++) {
  activity.recordNow({
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    deviceId: `device-${i}`,
    clickId: `click-${i}`,
  });
}
const activityFull = memory();

// (d) RecentActivity past its key budget: every hit brings new keys, each evicting the least recently
// seen one (the case of a busy collector, or of a flood of addresses).
const OVER_BUDGET = 100_000;
const overStarted = performance.now();
for (let i = 200_000; i < 200_000 + OVER_BUDGET; i++) {
  activity.recordNow({
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    deviceId: `device-${i}`,
    clickId: `click-${i}`,
  });
}
const overBudgetUs = round2(((performance.now() - overStarted) * 1000) / OVER_BUDGET);
console.log(`RecentActivity.record past its key budget: ${overBudgetUs} µs a hit (${OVER_BUDGET} hits)`);
const memoryRows = [
  {
    part: 'engine modules + warm UA cache (resident)',
    MB: mb(engineLoaded.rss - before.rss + engineWarm.rss - ipLoaded.rss),
  },
  {
    part: 'engine modules + warm UA cache (heap)',
    MB: mb(engineLoaded.heap - before.heap + engineWarm.heap - ipLoaded.heap),
  },
  {
    part: 'IP intelligence (resident)',
    MB: mb(ipLoaded.rss - engineLoaded.rss),
  },
  {
    part: `RecentActivity, ${activity.ip.size.toLocaleString('en')} IPs + ${activity.device.size.toLocaleString('en')} devices + ${activity.clickId.size.toLocaleString('en')} click ids + ${activity.paidIp.size.toLocaleString('en')} paid-click addresses and devices (heap)`,
    MB: mb(activityFull.heap - activityEmpty.heap),
  },
  { part: 'process resident total', MB: mb(activityFull.rss) },
];
console.table(memoryRows);
if (sink === undefined) console.log('unreachable');

report('detection', results, {
  ipIntelligence: source,
  accuracy,
  timing,
  memory: memoryRows,
  recentActivityPastBudgetUs: overBudgetUs,
});
