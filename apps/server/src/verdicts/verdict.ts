import type { RiskLevel, ThreatReason, TrafficType } from '@veracity/contracts/detection';
import type { VerdictThreat } from '@veracity/contracts/s2s';
import type { ThreatEvidence, ThreatFinding } from '@veracity/contracts/threat-evidence';
import { THREAT_REASONS, type ThreatReasonId } from '@veracity/contracts/threat-reasons';

/** What ingestion answers about an event: the tier, the score and the reasons with their labels. */
export interface Verdict {
  id: string;
  riskLevel: RiskLevel;
  score: number;
  threats: VerdictThreat[];
  duplicate: boolean;
}

export interface HitVerdict extends Verdict {
  sessionId: string;
  trafficType: TrafficType;
}

export const LEVEL_RANK: Record<RiskLevel, number> = { low: 0, medium: 1, high: 2 };

export function worst(a: RiskLevel, b: RiskLevel): RiskLevel {
  return LEVEL_RANK[a] >= LEVEL_RANK[b] ? a : b;
}

export function riskLabel(level: RiskLevel): 'Legitimate' | 'Suspicious' | 'Invalid' {
  return level === 'high' ? 'Invalid' : level === 'medium' ? 'Suspicious' : 'Legitimate';
}

function threatOf(id: ThreatReasonId): VerdictThreat {
  const reason = THREAT_REASONS[id];
  return { id, category: reason.category, label: reason.label };
}

export function isThreatId(id: string): id is ThreatReasonId {
  return Object.hasOwn(THREAT_REASONS, id);
}

/** The evidence of an assessment's reasons, keyed by reason id; null when it has none. */
export function evidenceOfReasons(reasons: readonly ThreatReason[]): ThreatEvidence | null {
  if (reasons.length === 0) return null;
  const evidence: Record<string, unknown> = {};
  for (const reason of reasons) if (reason.evidence !== undefined) evidence[reason.id] = reason.evidence;
  return evidence as ThreatEvidence;
}

/**
 * A stored verdict's evidence with that of reasons found since: a reason the verdict had keeps the
 * evidence it was given (a verdict only escalates; what first triggered a reason stands).
 */
export function withEvidence(
  earlier: ThreatEvidence | null | undefined,
  earlierIds: readonly string[],
  added: readonly ThreatFinding[],
): ThreatEvidence | null {
  const fresh = added.filter((found) => !earlierIds.includes(found.id));
  if (fresh.length === 0) return earlier ?? null;
  const evidence: Record<string, unknown> = { ...earlier };
  for (const found of fresh) evidence[found.id] = found.evidence;
  return evidence as ThreatEvidence;
}

/** Stored reason ids as the verdict lists them (ids no longer in the catalogue are left out). */
export function verdictThreats(ids: readonly string[]): VerdictThreat[] {
  return ids.filter(isThreatId).map(threatOf);
}
