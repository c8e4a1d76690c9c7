import type { Assessment, AssessmentInput, RiskLevel, ThreatReason } from '@veracity/contracts/detection';
import { THREAT_REASONS, type ThreatReasonId } from '@veracity/contracts/threat-reasons';
import { automationReasons } from './automation.js';
import { behaviourReasons } from './behaviour.js';
import { consistencyReasons } from './consistency.js';
import { conversionReasons } from './conversion.js';
import { frequencyReasons, ipBurstWeight } from './frequency.js';
import { geoReasons } from './geo.js';
import { isAllowListed, networkReasons } from './network.js';
import { paidReasons } from './paid.js';
import { MAX_SCORE, REASON_POLICY, TIER_THRESHOLDS } from './policy.js';
import { renderReasons } from './render.js';
import { uaReasons } from './ua.js';
import { parseUserAgentCached } from './user-agent.js';

/**
 * The detection engine: one hit or conversion in, a risk tier, a score and the threat reasons out.
 * Pure: no I/O, no clock (the hit carries its time); the user-agent parse is memoised.
 *
 * Tiering (thresholds in policy.ts): an allow-listed IP is low with no reasons; a decisive reason
 * makes the hit high; otherwise high needs `TIER_THRESHOLDS.high` points from at least two
 * categories, medium needs `TIER_THRESHOLDS.medium`, and anything less is low.
 */
export function assess(input: AssessmentInput): Assessment {
  if (isAllowListed(input)) return { riskLevel: 'low', score: 0, reasons: [], allowListed: true };
  const parsed = parseUserAgentCached(input.request.userAgent);
  const ids: ThreatReasonId[] = [
    ...uaReasons(input, parsed),
    ...automationReasons(input, parsed),
    ...networkReasons(input),
    ...consistencyReasons(input, parsed),
    ...behaviourReasons(input),
    ...frequencyReasons(input),
    ...conversionReasons(input),
    ...paidReasons(input),
    ...geoReasons(input),
    ...renderReasons(input),
  ];
  return tier(ids.map((id) => reason(id, input)));
}

function reason(id: ThreatReasonId, input: AssessmentInput): ThreatReason {
  const weight = id === 'frequency:ip_burst' ? ipBurstWeight(input) : REASON_POLICY[id].weight;
  return { id, category: THREAT_REASONS[id].category, weight };
}

/** The tier of a set of reasons; exported for the policy's own tests. */
export function tier(reasons: ThreatReason[]): Assessment {
  let total = 0;
  let decisive = false;
  const categories = new Set<string>();
  for (const found of reasons) {
    total += found.weight;
    categories.add(found.category);
    if (REASON_POLICY[found.id].decisive) decisive = true;
  }
  const score = Math.min(MAX_SCORE, total);
  let riskLevel: RiskLevel = 'low';
  if (decisive) riskLevel = 'high';
  else if (score >= TIER_THRESHOLDS.high && categories.size >= TIER_THRESHOLDS.highMinCategories)
    riskLevel = 'high';
  else if (score >= TIER_THRESHOLDS.medium) riskLevel = 'medium';
  reasons.sort((a, b) => b.weight - a.weight);
  return { riskLevel, score, reasons, allowListed: false };
}
