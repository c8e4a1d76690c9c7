// The exclusion planner (issue 33): a plan for 100,000 invalid IPs over 50 campaigns (5 of them
// Performance Max) under Google's caps (500 a campaign, 500 the account), IPv4 and IPv6, some of them
// clustered in /24s that become ranges, with a never-exclude list and prefixes of legitimate traffic.
// Two cases: a first plan (no entries yet) and a rotation (every list full from an earlier plan, newer
// invalid IPs taking their slots). Target (issue 33): under 1 s. The baseline, measured in the same
// run, sorts the same 100,000 observations with Array.prototype.sort by last invalid time and sessions.
import type {
  CurrentExclusion,
  ExclusionPlanInput,
  InvalidIpObservation,
} from '../apps/server/src/features/google-ads/exclusions/exclusion-plan-types.js';
import { planExclusions } from '../apps/server/src/features/google-ads/exclusions/exclusion-planner.js';
import { type Measurement, measure, report } from './report.js';

const IPS = Number(process.env.EXCLUSIONS_BENCH_IPS ?? 100_000);
const CAMPAIGNS = 50;
const RUNS = 7;
const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const DAY = 86_400_000;

// Seeded, so every run plans the same traffic.
let seed = 0x2545f491;
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
function ipv6(): string {
  return `2001:db8:${below(4096).toString(16)}:${below(65536).toString(16)}::${(below(65535) + 1).toString(16)}`;
}
// A few hundred busy /24s (clusters that may become ranges) amid addresses from anywhere.
const clusters = Array.from({ length: 400 }, () => ((below(200) + 20) << 24) | (below(65536) << 8));

function observations(count: number, newestDaysAgo: number): InvalidIpObservation[] {
  return Array.from({ length: count }, (_, i): InvalidIpObservation => {
    const campaign = below(CAMPAIGNS);
    const dice = random();
    const ip =
      dice < 0.2
        ? ipv4(((clusters[below(clusters.length)] ?? 0) | below(256)) >>> 0)
        : dice < 0.75
          ? ipv4(((below(200) + 20) * 2 ** 24 + below(2 ** 24)) >>> 0)
          : ipv6();
    const sessions = 1 + below(12);
    return {
      customerId: '1234567890',
      campaignId: `${9_000_000_000 + campaign}`,
      campaignType: campaign < 5 ? 'PERFORMANCE_MAX' : campaign % 2 === 0 ? 'SEARCH' : 'DISPLAY',
      ip,
      invalidSessions: sessions,
      threats: i % 3 === 0 ? { 'network:datacenter': sessions } : { 'automation:webdriver': sessions },
      lastInvalidAt: new Date(NOW - (newestDaysAgo + random() * 25) * DAY).toISOString(),
    };
  });
}

const settings = { rotationDays: 30, now: new Date(NOW).toISOString() };
const neverExclude = Array.from({ length: 100 }, (_, i) =>
  i % 10 === 0
    ? `${ipv4(((clusters[i] ?? 0) >>> 0) | 0)}/24`
    : ipv4(((below(200) + 20) * 2 ** 24 + below(2 ** 24)) >>> 0),
);
const legitimatePrefixes = Array.from(
  { length: 10_000 },
  (_, i) =>
    `${ipv4(((i < 100 ? (clusters[i + 100] ?? 0) : (below(200) + 20) * 2 ** 24 + below(2 ** 24) * 256) >>> 0) & 0xffffff00)}/24`,
);
const fresh = observations(IPS, 0);
const first: ExclusionPlanInput = {
  customerIds: ['1234567890'],
  observations: fresh,
  legitimatePrefixes,
  current: [],
  neverExclude,
  settings,
};

// Full lists from an earlier plan (older traffic), so the plan rotates.
const earlier = planExclusions({
  ...first,
  observations: observations(IPS, 4),
  settings: { ...settings, now: new Date(NOW - 2 * DAY).toISOString() },
});
const current: CurrentExclusion[] = earlier.adds.map((add) => ({
  ...add,
  state: 'active',
  addedAt: add.lastInvalidAt ?? settings.now,
}));
const rotation: ExclusionPlanInput = { ...first, current };

const firstPlan = planExclusions(first);
const rotationPlan = planExclusions(rotation);
const summary = (plan: typeof firstPlan) => ({
  adds: plan.adds.length,
  removals: plan.removals.length,
  updates: plan.updates.length,
  ranges: plan.adds.filter((add) => add.cidr.includes('/')).length,
  accountLevel: plan.adds.filter((add) => add.campaignId === null).length,
  fullestList: Math.max(...plan.lists.map((list) => list.entries)),
  heldBack: plan.lists.reduce((sum, list) => sum + list.heldBack, 0),
});
console.log(
  `${IPS.toLocaleString('en')} invalid IPs over ${CAMPAIGNS} campaigns; stored before the rotation: ${current.length}`,
);
console.table({ first: summary(firstPlan), rotation: summary(rotationPlan) });

const byActivity = (a: InvalidIpObservation, b: InvalidIpObservation) =>
  a.lastInvalidAt < b.lastInvalidAt
    ? 1
    : a.lastInvalidAt > b.lastInvalidAt
      ? -1
      : b.invalidSessions - a.invalidSessions;

const measurements: Measurement[] = [];
for (let round = 0; round < 2; round++) {
  // Alternating, so a slower moment of the shared machine falls on every variant.
  measurements.push(
    await measure(`baseline: sort ${IPS} observations`, RUNS, async () => [...fresh].sort(byActivity), IPS),
  );
  measurements.push(
    await measure('plan: first (no entries yet)', RUNS, async () => planExclusions(first), IPS),
  );
  measurements.push(
    await measure('plan: rotation (lists full)', RUNS, async () => planExclusions(rotation), IPS),
  );
}
// Each variant's samples of both rounds together.
const merged = new Map<string, Measurement>();
for (const m of measurements) {
  const into = merged.get(m.name);
  if (into === undefined) merged.set(m.name, { ...m, samples: [...m.samples] });
  else into.samples.push(...m.samples);
}
const rows = [...merged.values()];
const median = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN;
const baselineMs = median(rows[0]?.samples ?? []);
const firstMs = median(rows[1]?.samples ?? []);
const rotationMs = median(rows[2]?.samples ?? []);
const ratio = (ms: number) => Math.round((ms / baselineMs) * 100) / 100;
report('exclusions', rows, {
  ips: IPS,
  campaigns: CAMPAIGNS,
  baselineMs,
  firstMs,
  rotationMs,
  firstRatio: ratio(firstMs),
  rotationRatio: ratio(rotationMs),
  plans: { first: summary(firstPlan), rotation: summary(rotationPlan) },
});
console.log(
  `plan median: first ${firstMs.toFixed(1)} ms, rotation ${rotationMs.toFixed(1)} ms (target < 1000); baseline sort ${baselineMs.toFixed(1)} ms; ratios ${ratio(firstMs)} and ${ratio(rotationMs)}`,
);
