import type { ListEntry } from './exclusion-lists.js';
import type {
  ExclusionAddReason,
  ExclusionEvidence,
  ExclusionRemovalReason,
} from './exclusion-plan-types.js';

/** The evidence of an entry as the plan gives it, and its reason in words for the exclusion log. */

export function evidenceOf(entry: ListEntry): ExclusionEvidence {
  const lastInvalidAt = Number.isFinite(entry.lastMs) ? new Date(entry.lastMs).toISOString() : null;
  const only = entry.sources.length === 1 ? entry.sources[0] : undefined;
  if (only !== undefined && only.threats.length === 1) {
    // The common case, one IP seen once: its threats as they are.
    const observed = only.threats[0] ?? {};
    const keys = Object.keys(observed);
    const threats: Record<string, number> = {};
    for (const key of keys.length > 1 ? keys.sort() : keys) threats[key] = observed[key] ?? 0;
    return { invalidSessions: entry.sessions, threats, lastInvalidAt, invalidIps: 1 };
  }
  const threats = new Map<string, number>();
  const ips = new Set<string>();
  for (const source of entry.sources) {
    ips.add(source.key);
    for (const observed of source.threats) {
      for (const reason in observed)
        threats.set(reason, (threats.get(reason) ?? 0) + (observed[reason] ?? 0));
    }
  }
  if (entry.sources.length === 0 && entry.memory !== null) {
    for (const [reason, count] of Object.entries(entry.memory.threats)) threats.set(reason, count);
  }
  return {
    invalidSessions: entry.sessions,
    threats: sortedThreats(threats),
    lastInvalidAt,
    invalidIps: ips.size,
  };
}

export function sortedThreats(threats: ReadonlyMap<string, number>): Record<string, number> {
  return Object.fromEntries([...threats].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function sessionsText(evidence: ExclusionEvidence): string {
  const ips = evidence.invalidIps === 1 ? '1 IP' : `${evidence.invalidIps} IPs`;
  const sessions =
    evidence.invalidSessions === 1 ? '1 invalid session' : `${evidence.invalidSessions} invalid sessions`;
  // The threats behind it travel beside the text (the log line's `threats`), shown by their labels.
  return `${sessions} from ${ips}`;
}

const ADDED: Record<ExclusionAddReason, string> = {
  invalid_ip: 'invalid on the campaign',
  invalid_range: 'invalid IPs of one range without legitimate traffic',
  performance_max: 'invalid on Performance Max, which takes account-level blocks only',
  parallel_campaigns: 'invalid on several campaigns whose lists are full: one account-level block',
  global_intelligence: 'found invalid across accounts (global intelligence)',
};

const REMOVED: Record<ExclusionRemovalReason, string> = {
  expired: 'rotation window over without a new invalid session',
  never_exclude: 'on the never-exclude list',
  rotation: 'list full: a more recently active or more harmful entry takes the slot',
  covered_by_range: 'a range on the same list holds it',
  covered_by_account: 'an account-level block holds it',
  legitimate_traffic: 'legitimate traffic came from inside the range',
  performance_max: 'Performance Max takes no campaign IP blocks',
  global_withdrawn: 'no longer in global intelligence, or the account opted out',
  malformed: 'not an IP or CIDR range',
};

export function addDetail(reason: ExclusionAddReason, evidence: ExclusionEvidence): string {
  if (reason === 'global_intelligence' && evidence.invalidIps === 0) return ADDED[reason];
  return `${ADDED[reason]}: ${sessionsText(evidence)}`;
}

export function removalDetail(reason: ExclusionRemovalReason, evidence: ExclusionEvidence): string {
  const last = evidence.lastInvalidAt === null ? '' : `; last invalid ${evidence.lastInvalidAt}`;
  return `${REMOVED[reason]}: ${sessionsText(evidence)}${last}`;
}
