import { GOOGLE_IP_BLOCKS_PER_ACCOUNT, GOOGLE_IP_BLOCKS_PER_CAMPAIGN } from '@veracity/contracts/google-ads';
import {
  ACCOUNT_LEVEL_CAMPAIGN_TYPES,
  ACCOUNT_LIST,
  type CustomerObservations,
  candidateEntries,
  groupObservations,
} from './exclusion-candidates.js';
import {
  applyCap,
  EntryIndex,
  gatherEvidence,
  joinHeldEntries,
  type ListEntry,
  newEntry,
} from './exclusion-lists.js';
import {
  type Context,
  compareText,
  expired,
  isGlobalType,
  remove,
  removeEntry,
  settleKept,
  settleLeft,
} from './exclusion-outcomes.js';
import type {
  CurrentExclusion,
  ExclusionAddReason,
  ExclusionPlan,
  ExclusionPlanInput,
  ExclusionRemovalReason,
} from './exclusion-plan-types.js';
import { formatPrefix, type IpPrefix, isSingleAddress, PrefixSet, parsePrefix } from './ip-prefixes.js';

/**
 * The exclusion planner (issue 33): from the invalid IPs of the linked Google campaigns, the current
 * exclusions, the never-exclude list and the settings, the IP blocks to add, remove and update, with
 * the reasons behind each. Pure and deterministic: the same input gives the same plan in the same
 * order, and planning again on the applied plan gives an empty one. The rules are in
 * docs/integrations/google-ads.md, "How the engine decides".
 */

const DAY_MS = 86_400_000;
/** Account-list groups: what only the account list can block leaves last. */
const GROUP_OWN = 1;
const GROUP_PARALLEL = 2;
const GROUP_GLOBAL = 3;

export function planExclusions(input: ExclusionPlanInput): ExclusionPlan {
  const nowMs = Date.parse(input.settings.now);
  if (Number.isNaN(nowMs)) throw new Error(`planExclusions: now is not a time: ${input.settings.now}`);
  const neverExclude = new PrefixSet(parseAll(input.neverExclude));
  const context: Context = {
    input,
    plan: {
      adds: [],
      removals: [],
      updates: [],
      lists: [],
      skipped: { malformed: 0, expired: 0, neverExclude: 0 },
    },
    nowMs,
    rotationMs: Math.max(1, input.settings.rotationDays) * DAY_MS,
    campaignCap: input.settings.campaignCap ?? GOOGLE_IP_BLOCKS_PER_CAMPAIGN,
    accountCap: input.settings.accountCap ?? GOOGLE_IP_BLOCKS_PER_ACCOUNT,
    neverExclude,
    ranges: {
      minIps: Math.max(2, input.settings.rangeMinIps ?? 3),
      legitimate: new PrefixSet(parseAll(input.legitimatePrefixes)),
      neverExclude,
    },
  };
  const customerIds = [...new Set(input.customerIds)].sort();
  const observed = groupObservations(
    input.observations,
    {
      customerIds: new Set(customerIds),
      neverExclude,
      oldestMs: nowMs - context.rotationMs,
    },
    context.plan.skipped,
  );
  const current = new Map<string, CurrentExclusion[]>();
  for (const entry of input.current) {
    if (entry.state === 'removed') continue;
    const list = current.get(entry.customerId);
    if (list === undefined) current.set(entry.customerId, [entry]);
    else list.push(entry);
  }
  for (const customerId of customerIds) {
    planCustomer(
      context,
      customerId,
      observed.get(customerId) ?? { lists: new Map(), campaignTypes: new Map() },
      current.get(customerId) ?? [],
    );
  }
  const order = (a: { customerId: string; campaignId: string | null; cidr: string }, b: typeof a) =>
    compareText(a.customerId, b.customerId) ||
    compareText(a.campaignId ?? '', b.campaignId ?? '') ||
    compareText(a.cidr, b.cidr);
  context.plan.adds.sort(order);
  context.plan.removals.sort(order);
  context.plan.updates.sort(order);
  return context.plan;
}

function planCustomer(
  context: Context,
  customerId: string,
  observed: CustomerObservations,
  current: readonly CurrentExclusion[],
): void {
  const campaignTypes = new Map(observed.campaignTypes);
  for (const entry of current) {
    if (entry.campaignId !== null && entry.campaignType !== null && !campaignTypes.has(entry.campaignId)) {
      campaignTypes.set(entry.campaignId, entry.campaignType);
    }
  }
  const typeOf = (campaignId: string | null) =>
    campaignId === null ? null : (campaignTypes.get(campaignId) ?? null);

  // The stored entries that may stay, by list; the others leave now.
  const memoryByKey = new Map<string, Map<string, ListEntry>>();
  for (const stored of current) {
    const listKey = stored.campaignId ?? ACCOUNT_LIST;
    const prefix = parsePrefix(stored.cidr);
    const reason = earlyRemoval(context, stored, prefix, typeOf(stored.campaignId));
    if (reason !== null || prefix === null) {
      remove(context, stored, reason ?? 'malformed', null, typeOf(stored.campaignId));
      continue;
    }
    const entry = newEntry(formatPrefix(prefix), prefix, stored);
    let list = memoryByKey.get(listKey);
    if (list === undefined) {
      list = new Map();
      memoryByKey.set(listKey, list);
    }
    // Two rows for one range (written differently): the first in a fixed order stands for both.
    const before = list.get(entry.key);
    if (before?.memory && compareStored(before.memory, stored) <= 0) continue;
    list.set(entry.key, entry);
  }
  const memory = new Map([...memoryByKey].map(([listKey, list]) => [listKey, [...list.values()]]));

  // What the window's invalid IPs ask for, list by list.
  const candidates = new Map<string, Map<string, IpPrefix>>();
  for (const [listKey, ips] of observed.lists) candidates.set(listKey, candidateEntries(ips, context.ranges));
  const campaignLists = [...new Set([...candidates.keys(), ...memory.keys()])]
    .filter((listKey) => listKey !== ACCOUNT_LIST)
    .sort(compareText);

  // The account list first: its blocks hold the campaigns' entries too.
  const accountKept = planAccountList(context, customerId, observed, memory, candidates, campaignLists);
  const accountIndex = new EntryIndex(accountKept);

  const keptByCampaign = new Map<string, ListEntry[]>();
  for (const campaignId of campaignLists) {
    const entries = new Map<string, ListEntry>();
    for (const entry of memory.get(campaignId) ?? []) entries.set(entry.key, entry);
    for (const [key, prefix] of candidates.get(campaignId) ?? []) {
      const entry = entries.get(key) ?? newEntry(key, prefix, null);
      entry.candidate = true;
      entries.set(key, entry);
    }
    const all = [...entries.values()];
    for (const entry of all) entry.group = entry.isStatic ? 0 : GROUP_OWN;
    gatherEvidence(entries, [observed.lists.get(campaignId)?.values() ?? []]);
    const standing: ListEntry[] = [];
    for (const entry of all) {
      if (!entry.isStatic && expired(context, entry)) {
        removeEntry(context, customerId, campaignId, entry, 'expired', typeOf(campaignId));
      } else if (!entry.isStatic && accountIndex.holds(entry.prefix)) {
        if (entry.memory !== null) {
          removeEntry(context, customerId, campaignId, entry, 'covered_by_account', typeOf(campaignId));
        }
      } else {
        standing.push(entry);
      }
    }
    joinHeldEntries(standing);
    const { kept, left } = applyCap(standing, context.campaignCap);
    settleLeft(context, customerId, campaignId, standing, left, typeOf(campaignId));
    keptByCampaign.set(campaignId, kept);
  }

  // The same IP or range kept on several campaigns is PARALLEL.
  const campaignsOf = new Map<string, number>();
  for (const kept of keptByCampaign.values()) {
    for (const entry of kept) campaignsOf.set(entry.key, (campaignsOf.get(entry.key) ?? 0) + 1);
  }
  for (const [campaignId, kept] of keptByCampaign) {
    for (const entry of kept) {
      const type = entry.isStatic ? 'STATIC' : (campaignsOf.get(entry.key) ?? 0) > 1 ? 'PARALLEL' : 'DYNAMIC';
      const reason: ExclusionAddReason = isSingleAddress(entry.prefix) ? 'invalid_ip' : 'invalid_range';
      settleKept(context, customerId, campaignId, entry, type, reason, typeOf(campaignId));
    }
  }
}

/** The account's own list: Performance Max, IPs of several full campaign lists, global intelligence. */
function planAccountList(
  context: Context,
  customerId: string,
  observed: CustomerObservations,
  memory: Map<string, ListEntry[]>,
  candidates: Map<string, Map<string, IpPrefix>>,
  campaignLists: readonly string[],
): ListEntry[] {
  const entries = new Map<string, ListEntry>();
  const entryFor = (key: string, prefix: IpPrefix) => {
    let entry = entries.get(key);
    if (entry === undefined) {
      entry = newEntry(key, prefix, null);
      entries.set(key, entry);
    }
    return entry;
  };
  for (const entry of memory.get(ACCOUNT_LIST) ?? []) entries.set(entry.key, entry);
  for (const [key, prefix] of candidates.get(ACCOUNT_LIST) ?? []) {
    const entry = entryFor(key, prefix);
    entry.candidate = true;
    entry.performanceMax = true;
  }
  // A campaign list is full when what the window asks for there (with its STATIC entries) passes the
  // cap; an entry wanted on several campaigns, one of them full, may take one account-level slot.
  const fullLists: Map<string, IpPrefix>[] = [];
  const wantedLists: Map<string, IpPrefix>[] = [];
  for (const campaignId of campaignLists) {
    const wanted = candidates.get(campaignId);
    if (wanted === undefined) continue;
    const statics = (memory.get(campaignId) ?? []).filter(
      (entry) => entry.isStatic && !wanted.has(entry.key),
    ).length;
    wantedLists.push(wanted);
    if (wanted.size + statics > context.campaignCap) fullLists.push(wanted);
  }
  if (fullLists.length > 0) {
    // How many campaign lists want each entry of a full list.
    const lists = new Map<string, number>();
    for (const wanted of fullLists) for (const key of wanted.keys()) lists.set(key, 0);
    for (const wanted of wantedLists) {
      for (const key of wanted.keys()) {
        const count = lists.get(key);
        if (count !== undefined) lists.set(key, count + 1);
      }
    }
    for (const wanted of fullLists) {
      for (const [key, prefix] of wanted) {
        if ((lists.get(key) ?? 0) < 2) continue;
        const entry = entryFor(key, prefix);
        entry.candidate = true;
        entry.parallel = true;
      }
    }
  }
  for (const global of context.input.globalIntelligence ?? []) {
    const prefix = parsePrefix(global.cidr);
    if (prefix === null || context.neverExclude.overlaps(prefix)) continue;
    if (!isSingleAddress(prefix) && context.ranges.legitimate.overlaps(prefix)) continue;
    const entry = entryFor(formatPrefix(prefix), prefix);
    if (entry.global === null || compareText(global.type, entry.global.type) < 0) entry.global = global;
  }

  const all = [...entries.values()];
  const standing: ListEntry[] = [];
  // Account-level blocks hold every campaign's IPs.
  gatherEvidence(
    entries,
    [...observed.lists.values()].map((list) => list.values()),
  );
  for (const entry of all) {
    entry.group = entry.isStatic
      ? 0
      : entry.performanceMax
        ? GROUP_OWN
        : entry.parallel
          ? GROUP_PARALLEL
          : entry.global !== null
            ? GROUP_GLOBAL
            : GROUP_OWN;
    const storedGlobal = entry.memory !== null && isGlobalType(entry.memory.type);
    if (!entry.isStatic && entry.group === GROUP_OWN && !entry.performanceMax && storedGlobal) {
      removeEntry(context, customerId, null, entry, 'global_withdrawn', null);
    } else if (!entry.isStatic && entry.group === GROUP_OWN && expired(context, entry)) {
      removeEntry(context, customerId, null, entry, 'expired', null);
    } else {
      standing.push(entry);
    }
  }
  joinHeldEntries(standing);
  const { kept, left } = applyCap(standing, context.accountCap);
  settleLeft(context, customerId, null, standing, left, null);
  for (const entry of kept) {
    const type = entry.isStatic
      ? 'STATIC'
      : entry.group === GROUP_GLOBAL && entry.global !== null
        ? entry.global.type
        : 'ACCOUNT_REGULAR';
    const reason: ExclusionAddReason = entry.performanceMax
      ? 'performance_max'
      : entry.parallel
        ? 'parallel_campaigns'
        : entry.group === GROUP_GLOBAL
          ? 'global_intelligence'
          : 'performance_max';
    settleKept(context, customerId, null, entry, type, reason, null);
  }
  return kept;
}

/** Why a stored entry leaves before any ranking, or null. */
function earlyRemoval(
  context: Context,
  stored: CurrentExclusion,
  prefix: IpPrefix | null,
  campaignType: string | null,
): ExclusionRemovalReason | null {
  if (prefix === null) return 'malformed';
  if (context.neverExclude.overlaps(prefix)) return 'never_exclude';
  if (stored.campaignId !== null && campaignType !== null && ACCOUNT_LEVEL_CAMPAIGN_TYPES.has(campaignType)) {
    return 'performance_max';
  }
  if (stored.type !== 'STATIC' && !isSingleAddress(prefix) && context.ranges.legitimate.overlaps(prefix)) {
    return 'legitimate_traffic';
  }
  if (isGlobalType(stored.type) && (stored.campaignId !== null || !context.input.globalIntelligence)) {
    return 'global_withdrawn';
  }
  return null;
}

function parseAll(texts: readonly string[]): IpPrefix[] {
  const prefixes: IpPrefix[] = [];
  for (const text of texts) {
    const prefix = parsePrefix(text.trim());
    if (prefix !== null) prefixes.push(prefix);
  }
  return prefixes;
}

function compareStored(a: CurrentExclusion, b: CurrentExclusion): number {
  return (
    compareText(a.campaignId ?? '', b.campaignId ?? '') ||
    compareText(a.cidr, b.cidr) ||
    compareText(a.addedAt, b.addedAt) ||
    compareText(a.state, b.state)
  );
}
