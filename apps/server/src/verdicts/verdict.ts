import type { RiskLevel, TrafficType } from '@veracity/contracts/detection';
import type { VerdictThreat } from '@veracity/contracts/s2s';
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

function isThreatId(id: string): id is ThreatReasonId {
  return Object.hasOwn(THREAT_REASONS, id);
}

/** Stored reason ids as the verdict lists them (ids no longer in the catalogue are left out). */
export function verdictThreats(ids: readonly string[]): VerdictThreat[] {
  return ids.filter(isThreatId).map(threatOf);
}
