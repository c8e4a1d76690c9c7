import type { InvalidIpObservation } from './exclusion-plan-types.js';
import {
  formatPrefix,
  type IpPrefix,
  isSingleAddress,
  networkKey,
  type PrefixSet,
  parsePrefix,
  prefixAt,
} from './ip-prefixes.js';

/**
 * Candidates of the exclusion planner: the invalid IPs of the window, per list (a campaign's IP blocks,
 * or the account's for Performance Max), and the ranges they make (several invalid IPs of one /24 or
 * /48 on one list, no legitimate traffic from it, nothing of it on the never-exclude list).
 */

/** Google takes no campaign IP blocks on these: their IPs go to the account's list. */
export const ACCOUNT_LEVEL_CAMPAIGN_TYPES: ReadonlySet<string> = new Set(['PERFORMANCE_MAX']);

/** The list key of the account-level list. */
export const ACCOUNT_LIST = '';

export const RANGE_LENGTH = { 4: 24, 6: 48 } as const;

/** One invalid IP on one list, its observations summed. */
export interface InvalidIp {
  /** Canonical text. */
  key: string;
  prefix: IpPrefix;
  sessions: number;
  /** The threats of each observation, summed when an entry's reason is written. */
  threats: Readonly<Record<string, number>>[];
  lastMs: number;
}

export interface CustomerObservations {
  /** List key (campaign id, or ACCOUNT_LIST) -> IP text -> the invalid IP. */
  lists: Map<string, Map<string, InvalidIp>>;
  /** Campaign id -> type, as the observations name them. */
  campaignTypes: Map<string, string>;
}

export interface ObservationFilter {
  customerIds: ReadonlySet<string>;
  neverExclude: PrefixSet;
  /** Observations invalid last at or before this are too old to act on. */
  oldestMs: number;
}

export interface Skipped {
  malformed: number;
  expired: number;
  neverExclude: number;
}

export function groupObservations(
  observations: readonly InvalidIpObservation[],
  filter: ObservationFilter,
  skipped: Skipped,
): Map<string, CustomerObservations> {
  const customers = new Map<string, CustomerObservations>();
  for (const observation of observations) {
    if (!filter.customerIds.has(observation.customerId)) continue;
    const lastMs = Date.parse(observation.lastInvalidAt);
    const prefix = parsePrefix(observation.ip);
    if (prefix === null || !isSingleAddress(prefix) || Number.isNaN(lastMs)) {
      skipped.malformed += 1;
      continue;
    }
    if (lastMs <= filter.oldestMs) {
      skipped.expired += 1;
      continue;
    }
    if (filter.neverExclude.overlaps(prefix)) {
      skipped.neverExclude += 1;
      continue;
    }
    let customer = customers.get(observation.customerId);
    if (customer === undefined) {
      customer = { lists: new Map(), campaignTypes: new Map() };
      customers.set(observation.customerId, customer);
    }
    customer.campaignTypes.set(observation.campaignId, observation.campaignType);
    const listKey = ACCOUNT_LEVEL_CAMPAIGN_TYPES.has(observation.campaignType)
      ? ACCOUNT_LIST
      : observation.campaignId;
    let list = customer.lists.get(listKey);
    if (list === undefined) {
      list = new Map();
      customer.lists.set(listKey, list);
    }
    // A dotted quad that parsed is already canonical (the parser refuses leading zeros and spaces).
    const key =
      prefix.version === 4 && !observation.ip.includes(':') && !observation.ip.includes('/')
        ? observation.ip
        : formatPrefix(prefix);
    let ip = list.get(key);
    if (ip === undefined) {
      ip = { key, prefix, sessions: 0, threats: [], lastMs };
      list.set(key, ip);
    }
    ip.sessions += Math.max(0, Math.trunc(observation.invalidSessions));
    if (lastMs > ip.lastMs) ip.lastMs = lastMs;
    ip.threats.push(observation.threats);
  }
  return customers;
}

export interface RangeRules {
  minIps: number;
  legitimate: PrefixSet;
  neverExclude: PrefixSet;
}

/**
 * The entries a list's invalid IPs ask for: each IP, or its /24 (/48) when at least `minIps` of them
 * share it and the range is clear of legitimate traffic and of the never-exclude list. Keys are the
 * canonical CIDR texts.
 */
export function candidateEntries(list: Map<string, InvalidIp>, rules: RangeRules): Map<string, IpPrefix> {
  const byRange = new Map<number | bigint, InvalidIp[]>();
  for (const ip of list.values()) {
    const key = networkKey(ip.prefix, RANGE_LENGTH[ip.prefix.version]);
    const members = byRange.get(key);
    if (members === undefined) byRange.set(key, [ip]);
    else members.push(ip);
  }
  const entries = new Map<string, IpPrefix>();
  for (const members of byRange.values()) {
    const first = members[0];
    if (first === undefined) continue;
    if (members.length >= rules.minIps) {
      const range = prefixAt(first.prefix, RANGE_LENGTH[first.prefix.version]);
      if (!rules.legitimate.overlaps(range) && !rules.neverExclude.overlaps(range)) {
        entries.set(formatPrefix(range), range);
        continue;
      }
    }
    for (const member of members) entries.set(member.key, member.prefix);
  }
  return entries;
}
