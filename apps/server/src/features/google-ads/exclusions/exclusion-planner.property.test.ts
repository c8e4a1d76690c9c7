import { BlockList, isIP } from 'node:net';
import { GLOBAL_IP_TYPES } from '@veracity/contracts/google-ads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  CurrentExclusion,
  ExclusionPlan,
  ExclusionPlanInput,
  InvalidIpObservation,
} from './exclusion-plan-types.js';
import { planExclusions } from './exclusion-planner.js';
import { applyPlan, CUSTOMER, DAY_MS, NOW } from './exclusion-planner.test-support.js';

/**
 * Random accounts: few addresses in few /24 and /48 prefixes (so ranges, overlaps and shared IPs
 * happen), small caps (so lists fill), a Performance Max campaign, random stored entries of every
 * type and state, never-exclude and legitimate prefixes drawn from the same pool. Every plan, applied,
 * must keep the caps, the never-exclude list, Performance Max without campaign blocks, ranges clear of
 * legitimate traffic and nothing expired; planning again on it must change nothing; and the plan must
 * not depend on the order of its input. A fixed seed in every run, and a random one a failure prints.
 */

const FIXED_SEED = 33_2026;
const NOW_MS = Date.parse(NOW);
const CAMPAIGNS = [
  { id: 'c1', type: 'SEARCH' },
  { id: 'c2', type: 'DISPLAY' },
  { id: 'c3', type: 'SHOPPING' },
  { id: 'pm', type: 'PERFORMANCE_MAX' },
] as const;
const OTHER = '5550001111';

const ipv4 = fc
  .tuple(fc.constantFrom('10.1.0', '10.1.1', '192.0.2'), fc.integer({ min: 1, max: 7 }))
  .map(([net, host]) => `${net}.${host}`);
const ipv6 = fc
  .tuple(fc.constantFrom('2001:db8:1', '2001:db8:2'), fc.integer({ min: 1, max: 6 }))
  .map(([net, host]) => `${net}:${host}::${host}`);
const ip = fc.oneof({ weight: 3, arbitrary: ipv4 }, { weight: 1, arbitrary: ipv6 });
const range = fc.constantFrom(
  '10.1.0.0/24',
  '10.1.1.0/24',
  '192.0.2.0/24',
  '2001:db8:1::/48',
  '192.0.2.0/29',
);
const cidr = fc.oneof({ weight: 3, arbitrary: ip }, { weight: 1, arbitrary: range });
const ago = fc
  .double({ min: 0, max: 45, noNaN: true })
  .map((days) => new Date(NOW_MS - days * DAY_MS).toISOString());
const threats = fc.dictionary(
  fc.constantFrom('automation:webdriver', 'network:datacenter', 'frequency:ip_burst'),
  fc.integer({ min: 1, max: 5 }),
  { maxKeys: 2 },
);

const observation: fc.Arbitrary<InvalidIpObservation> = fc
  .record({
    campaign: fc.constantFrom(...CAMPAIGNS),
    ip,
    invalidSessions: fc.integer({ min: 1, max: 20 }),
    threats,
    lastInvalidAt: ago,
    customerId: fc.constantFrom(CUSTOMER, CUSTOMER, CUSTOMER, OTHER),
  })
  .map(({ campaign, customerId, ...rest }) => ({
    customerId,
    campaignId: campaign.id,
    campaignType: campaign.type,
    ...rest,
  }));

const storedEntry: fc.Arbitrary<CurrentExclusion> = fc
  .record({
    level: fc.constantFrom<string | null>('c1', 'c2', 'c3', 'pm', null),
    cidr,
    type: fc.constantFrom(
      'DYNAMIC',
      'DYNAMIC',
      'PARALLEL',
      'STATIC',
      'ACCOUNT_REGULAR',
      ...GLOBAL_IP_TYPES,
    ) as fc.Arbitrary<CurrentExclusion['type']>,
    state: fc.constantFrom<CurrentExclusion['state']>('active', 'active', 'planned', 'failed', 'removed'),
    lastInvalidAt: fc.option(ago, { nil: null }),
    invalidSessions: fc.integer({ min: 0, max: 30 }),
    threats,
  })
  .map(({ level, ...rest }) => ({
    customerId: CUSTOMER,
    campaignId: level,
    campaignType: CAMPAIGNS.find((campaign) => campaign.id === level)?.type ?? null,
    addedAt: new Date(NOW_MS - 50 * DAY_MS).toISOString(),
    expiresAt: null,
    ...rest,
  }));

const scenario = fc.record({
  observations: fc.array(observation, { maxLength: 40 }),
  current: fc.uniqueArray(storedEntry, {
    maxLength: 14,
    selector: (entry) => `${entry.campaignId}|${entry.cidr}`,
  }),
  neverExclude: fc.array(fc.oneof(ip, fc.constantFrom('10.1.1.0/28', '2001:db8:2::/48')), { maxLength: 3 }),
  legitimatePrefixes: fc.array(fc.constantFrom('10.1.0.0/24', '192.0.2.0/24', '2001:db8:1::/48'), {
    maxLength: 2,
  }),
  globalIntelligence: fc.option(
    fc.array(
      fc.record({
        cidr,
        type: fc.constantFrom(...GLOBAL_IP_TYPES),
        lastSeenAt: fc.option(ago, { nil: null }),
      }),
      {
        maxLength: 4,
      },
    ),
    { nil: undefined },
  ),
  rotationDays: fc.integer({ min: 1, max: 40 }),
  campaignCap: fc.integer({ min: 1, max: 6 }),
  accountCap: fc.integer({ min: 1, max: 6 }),
  rangeMinIps: fc.integer({ min: 2, max: 4 }),
  laterDays: fc.double({ min: 0, max: 20, noNaN: true }),
  laterObservations: fc.array(observation, { maxLength: 15 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function planInput(s: Scenario, current: readonly CurrentExclusion[], now = NOW): ExclusionPlanInput {
  return {
    customerIds: [CUSTOMER],
    observations: s.observations,
    legitimatePrefixes: s.legitimatePrefixes,
    current,
    neverExclude: s.neverExclude,
    settings: {
      rotationDays: s.rotationDays,
      now,
      campaignCap: s.campaignCap,
      accountCap: s.accountCap,
      rangeMinIps: s.rangeMinIps,
    },
    ...(s.globalIntelligence === undefined ? {} : { globalIntelligence: s.globalIntelligence }),
  };
}

/** Independent of the planner's own prefix code: node's BlockList, both ways. */
function overlaps(a: string, b: string): boolean {
  const [aBase = '', aBits] = a.split('/');
  const [bBase = '', bBits] = b.split('/');
  const family = (base: string) => (isIP(base) === 6 ? 'ipv6' : 'ipv4');
  if (family(aBase) !== family(bBase)) return false;
  const holds = (base: string, bits: string | undefined, other: string) => {
    const list = new BlockList();
    if (bits === undefined) list.addAddress(base, family(base));
    else list.addSubnet(base, Number(bits), family(base));
    return list.check(other, family(other));
  };
  return holds(aBase, aBits, bBase) || holds(bBase, bBits, aBase);
}

function checkApplied(s: Scenario, rows: readonly CurrentExclusion[], nowMs: number): void {
  const mine = rows.filter((row) => row.customerId === CUSTOMER);
  const lists = new Map<string, CurrentExclusion[]>();
  for (const row of mine) lists.set(row.campaignId ?? '', [...(lists.get(row.campaignId ?? '') ?? []), row]);
  for (const [listKey, list] of lists) {
    const statics = list.filter((row) => row.type === 'STATIC').length;
    const cap = listKey === '' ? s.accountCap : s.campaignCap;
    expect(list.length, `list ${listKey || 'account'}`).toBeLessThanOrEqual(Math.max(cap, statics));
  }
  for (const row of mine) {
    for (const never of s.neverExclude)
      expect(overlaps(row.cidr, never), `${row.cidr} vs ${never}`).toBe(false);
    expect(row.campaignId === 'pm', `campaign block on Performance Max: ${row.cidr}`).toBe(false);
    const engineRange = row.cidr.includes('/') && row.type !== 'STATIC';
    if (engineRange) {
      for (const legit of s.legitimatePrefixes) expect(overlaps(row.cidr, legit)).toBe(false);
    }
    if (row.expiresAt !== null) expect(Date.parse(row.expiresAt)).toBeGreaterThan(nowMs);
    if (row.type !== 'STATIC' && !GLOBAL_IP_TYPES.includes(row.type as never)) {
      expect(row.expiresAt, `${row.cidr} ${row.type}`).not.toBeNull();
    }
  }
}

function expectEmpty(plan: ExclusionPlan): void {
  expect({ adds: plan.adds, removals: plan.removals, updates: plan.updates }).toEqual({
    adds: [],
    removals: [],
    updates: [],
  });
}

function property(s: Scenario): void {
  const first = planInput(s, s.current);
  const plan = planExclusions(first);
  const applied = applyPlan(s.current, plan);
  checkApplied(s, applied, NOW_MS);
  expectEmpty(planExclusions(planInput(s, applied)));
  // The same plan whatever the order of the input.
  const shuffled = planExclusions({
    ...first,
    observations: [...first.observations].reverse(),
    current: [...first.current].reverse(),
    neverExclude: [...first.neverExclude].reverse(),
  });
  expect(shuffled).toEqual(plan);
  // Later: time passes, new invalid traffic comes; the same holds.
  const laterNow = new Date(NOW_MS + s.laterDays * DAY_MS).toISOString();
  const later = { ...s, observations: [...s.observations, ...s.laterObservations] };
  const laterPlan = planExclusions(planInput(later, applied, laterNow));
  const laterApplied = applyPlan(applied, laterPlan);
  checkApplied(later, laterApplied, Date.parse(laterNow));
  expectEmpty(planExclusions(planInput(later, laterApplied, laterNow)));
}

describe('planExclusions: properties', () => {
  it('keeps caps, never-exclude, Performance Max and ranges; idempotent and order-free (fixed seed)', () => {
    fc.assert(fc.property(scenario, property), { seed: FIXED_SEED, numRuns: 400 });
  });

  it('the same on a random seed', () => {
    fc.assert(fc.property(scenario, property), { numRuns: 200 });
  });
});
