import type { ThreatReason } from '@veracity/contracts/detection';
import type { ThreatEvidenceOf, ThreatFinding } from '@veracity/contracts/threat-evidence';
import { THREAT_REASONS, type ThreatReasonId } from '@veracity/contracts/threat-reasons';
import { REASON_POLICY } from './policy.js';

/**
 * A reason a family found: its id and evidence, with the category and the weight it adds, so that
 * `assess` lists it as it is (one object a reason that fires, none for those that do not).
 */
export type Finding = ThreatFinding & ThreatReason;

export function finding<Id extends ThreatReasonId>(
  id: Id,
  evidence: ThreatEvidenceOf<Id>,
  weight: number = REASON_POLICY[id].weight,
): Finding {
  return { id, category: THREAT_REASONS[id].category, weight, evidence } as Finding;
}
