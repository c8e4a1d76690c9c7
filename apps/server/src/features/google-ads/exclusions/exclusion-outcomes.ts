import type { RangeRules } from './exclusion-candidates.js';
import type { ListEntry } from './exclusion-lists.js';
import type {
  CurrentExclusion,
  ExclusionAddReason,
  ExclusionPlan,
  ExclusionPlanInput,
  ExclusionRemovalReason,
} from './exclusion-plan-types.js';
import { addDetail, evidenceOf, removalDetail } from './exclusion-reasons.js';
import type { PrefixSet } from './ip-prefixes.js';

/**
 * What the planner does with each entry once its list is decided: kept (an add, a retry or an update
 * when its evidence, expiry or type changed), left out by the cap, held by a range, or removed with its
 * reason; and each list's use.
 */

export interface Context {
  input: ExclusionPlanInput;
  plan: ExclusionPlan;
  nowMs: number;
  rotationMs: number;
  campaignCap: number;
  accountCap: number;
  neverExclude: PrefixSet;
  ranges: RangeRules;
}

export function expired(context: Context, entry: ListEntry): boolean {
  return expiresMs(context, entry) <= context.nowMs;
}

export function expiresMs(context: Context, entry: ListEntry): number {
  if (Number.isFinite(entry.lastMs)) return entry.lastMs + context.rotationMs;
  const added = entry.memory === null ? Number.NaN : Date.parse(entry.memory.addedAt);
  return Number.isNaN(added) ? context.nowMs : added + context.rotationMs;
}

export function settleLeft(
  context: Context,
  customerId: string,
  campaignId: string | null,
  standing: readonly ListEntry[],
  left: readonly ListEntry[],
  campaignType: string | null,
): void {
  for (const entry of standing) {
    if (entry.heldBy !== null && entry.memory !== null) {
      removeEntry(context, customerId, campaignId, entry, 'covered_by_range', campaignType);
    }
  }
  for (const entry of left) {
    if (entry.memory !== null) removeEntry(context, customerId, campaignId, entry, 'rotation', campaignType);
  }
  context.plan.lists.push({
    customerId,
    campaignId,
    cap: campaignId === null ? context.accountCap : context.campaignCap,
    entries: standing.length - left.length - standing.filter((entry) => entry.heldBy !== null).length,
    heldBack: left.length,
  });
}

export function settleKept(
  context: Context,
  customerId: string,
  campaignId: string | null,
  entry: ListEntry,
  type: CurrentExclusion['type'],
  reason: ExclusionAddReason,
  campaignType: string | null,
): void {
  const evidence = evidenceOf(entry);
  const expiresAt =
    type === 'STATIC' || isGlobalType(type) ? null : new Date(expiresMs(context, entry)).toISOString();
  const stored = entry.memory;
  // A stored entry keeps its text (a STATIC one may be written `/32`): the caller finds its row by it.
  const target = { customerId, campaignId, campaignType, cidr: stored?.cidr ?? entry.key };
  if (stored === null || stored.state === 'failed') {
    context.plan.adds.push({
      ...target,
      ...evidence,
      type,
      expiresAt,
      reason,
      detail: addDetail(reason, evidence),
      retry: stored !== null,
    });
    return;
  }
  const changed =
    stored.type !== type ||
    !sameTime(stored.expiresAt, expiresAt) ||
    !sameTime(stored.lastInvalidAt, evidence.lastInvalidAt) ||
    stored.invalidSessions !== evidence.invalidSessions ||
    !sameThreats(stored.threats, evidence.threats);
  if (changed) context.plan.updates.push({ ...target, ...evidence, type, expiresAt });
}

export function removeEntry(
  context: Context,
  customerId: string,
  campaignId: string | null,
  entry: ListEntry,
  reason: ExclusionRemovalReason,
  campaignType: string | null,
): void {
  if (entry.memory === null) return;
  remove(context, entry.memory, reason, entry, campaignType, customerId, campaignId);
}

export function remove(
  context: Context,
  stored: CurrentExclusion,
  reason: ExclusionRemovalReason,
  entry: ListEntry | null,
  campaignType: string | null,
  customerId = stored.customerId,
  campaignId = stored.campaignId,
): void {
  const evidence = entry
    ? evidenceOf(entry)
    : {
        invalidSessions: stored.invalidSessions,
        threats: { ...stored.threats },
        lastInvalidAt: stored.lastInvalidAt,
        invalidIps: 0,
      };
  context.plan.removals.push({
    customerId,
    campaignId,
    campaignType,
    // The stored text, so the caller finds the row (and its Google resource) as it is.
    cidr: stored.cidr,
    ...evidence,
    type: stored.type,
    state: stored.state,
    reason,
    detail: removalDetail(reason, evidence),
  });
}

export function isGlobalType(type: string): boolean {
  return type === 'COUNTRY_GOOGLE' || type === 'COUNTRY_GLOBAL' || type === 'GLOBAL_REGULAR';
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sameTime(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return Date.parse(a) === Date.parse(b);
}

function sameThreats(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => a[key] === b[key]);
}
