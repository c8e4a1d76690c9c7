import type {
  CurrentExclusion,
  ExclusionPlan,
  ExclusionPlanInput,
  InvalidIpObservation,
} from './exclusion-plan-types.js';

/** Builders of planner inputs for the tests, and the plan applied to the current entries. */

export const NOW = '2026-11-27T12:00:00.000Z';
export const CUSTOMER = '1234567890';
export const DAY_MS = 86_400_000;

export function daysAgo(days: number): string {
  return new Date(Date.parse(NOW) - days * DAY_MS).toISOString();
}

export function observation(
  ip: string,
  campaignId = 'c1',
  options: Partial<InvalidIpObservation> = {},
): InvalidIpObservation {
  return {
    customerId: CUSTOMER,
    campaignId,
    campaignType: 'SEARCH',
    ip,
    invalidSessions: 1,
    threats: { 'automation:webdriver': 1 },
    lastInvalidAt: daysAgo(1),
    ...options,
  };
}

export function input(options: Partial<ExclusionPlanInput> = {}): ExclusionPlanInput {
  return {
    customerIds: [CUSTOMER],
    observations: [],
    legitimatePrefixes: [],
    current: [],
    neverExclude: [],
    settings: { rotationDays: 30, now: NOW },
    ...options,
  };
}

export function stored(cidr: string, options: Partial<CurrentExclusion> = {}): CurrentExclusion {
  return {
    customerId: CUSTOMER,
    campaignId: 'c1',
    campaignType: 'SEARCH',
    cidr,
    type: 'DYNAMIC',
    state: 'active',
    addedAt: daysAgo(5),
    expiresAt: daysAgo(-25),
    lastInvalidAt: daysAgo(5),
    invalidSessions: 1,
    threats: { 'automation:webdriver': 1 },
    ...options,
  };
}

const targetKey = (entry: { customerId: string; campaignId: string | null; cidr: string }) =>
  `${entry.customerId}|${entry.campaignId ?? ''}|${entry.cidr}`;

/** The entries after the sync job applied the plan (every add pushed, every removal done). */
export function applyPlan(current: readonly CurrentExclusion[], plan: ExclusionPlan): CurrentExclusion[] {
  const rows = new Map(current.filter((row) => row.state !== 'removed').map((row) => [targetKey(row), row]));
  for (const removal of plan.removals) rows.delete(targetKey(removal));
  for (const change of [...plan.updates, ...plan.adds]) {
    const before = rows.get(targetKey(change));
    rows.set(targetKey(change), {
      customerId: change.customerId,
      campaignId: change.campaignId,
      campaignType: change.campaignType,
      cidr: change.cidr,
      type: change.type,
      state: 'active',
      addedAt: before?.addedAt ?? NOW,
      expiresAt: change.expiresAt,
      lastInvalidAt: change.lastInvalidAt,
      invalidSessions: change.invalidSessions,
      threats: change.threats,
    });
  }
  return [...rows.values()];
}

/** The entries a plan leaves on each list: list key -> cidrs. */
export function listsAfter(rows: readonly CurrentExclusion[]): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const row of rows) {
    const key = `${row.customerId}|${row.campaignId ?? ''}`;
    lists.set(key, [...(lists.get(key) ?? []), row.cidr].sort());
  }
  return lists;
}
