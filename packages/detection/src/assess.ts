import type {
  Assessment,
  AssessmentInput,
  RiskLevel,
  SensorSignals,
  ThreatReason,
} from '@veracity/contracts/detection';
import { THREAT_REASONS, type ThreatReasonId } from '@veracity/contracts/threat-reasons';
import { appFindings } from './app.js';
import { automationFindings } from './automation.js';
import { behaviourFindings } from './behaviour.js';
import { consistencyFindings } from './consistency.js';
import { conversionFindings } from './conversion.js';
import type { Finding } from './finding.js';
import { frequencyFindings } from './frequency.js';
import { geoFindings } from './geo.js';
import { isAllowListed, networkFindings } from './network.js';
import { isPaidLanding, paidFindings } from './paid.js';
import { MAX_SCORE, REASON_POLICY, TIER_THRESHOLDS } from './policy.js';
import { renderFindings } from './render.js';
import { sensorProofFindings } from './sensor-proof.js';
import { uaFindings } from './ua.js';
import { parseUserAgentCached } from './user-agent.js';
import { velocityFindings } from './velocity.js';

/**
 * The detection engine: one hit or conversion in, a risk tier, a score and the threat reasons out,
 * each with the evidence that triggered it (`threat-evidence` in contracts; built only for the
 * reasons that fire). Pure: no I/O, no clock (the hit carries its time); the user-agent parse is
 * memoised.
 *
 * Tiering (thresholds in policy.ts): an allow-listed IP is low with no reasons; a decisive reason
 * makes the hit high; otherwise high needs `TIER_THRESHOLDS.high` points from at least two
 * categories, medium needs `TIER_THRESHOLDS.medium`, and anything less is low.
 */
export function assess(input: AssessmentInput): Assessment {
  if (isAllowListed(input)) return { riskLevel: 'low', score: 0, reasons: [], allowListed: true };
  const parsed = parseUserAgentCached(input.request.userAgent);
  return tier([
    ...uaFindings(input, parsed),
    ...automationFindings(input, parsed),
    ...networkFindings(input),
    ...consistencyFindings(input, parsed),
    ...behaviourFindings(input.sensor, isPaidLanding(input)),
    ...frequencyFindings(input),
    ...velocityFindings(input),
    ...conversionFindings(input),
    ...paidFindings(input),
    ...geoFindings(input),
    ...renderFindings(input),
    ...sensorProofFindings(input),
    ...appFindings(input),
  ]);
}

/** The tier of a set of reasons; exported for the policy's own tests. */
export function tier(reasons: ThreatReason[]): Assessment {
  let total = 0;
  for (const found of reasons) total += found.weight;
  const score = Math.min(MAX_SCORE, total);
  const riskLevel = levelOf(
    score,
    new Set(reasons.map((found) => found.category)).size,
    // A reason found at the full weight is decisive too: the account made it so (an excluded foreign domain).
    reasons.some((found) => REASON_POLICY[found.id].decisive || found.weight >= MAX_SCORE),
  );
  reasons.sort((a, b) => b.weight - a.weight);
  return { riskLevel, score, reasons, allowListed: false };
}

/** What the engagement beacon's reasons need to know of its page view. */
export interface EngagedPageView {
  /** The page was hidden when the sensor started (a background tab). */
  loadedHidden: boolean;
  /** The page view landed from a bought ad ({@link isPaidLanding}). */
  paidLanding: boolean;
}

/**
 * The reasons a page view's engagement beacon adds: no interaction and a paid landing left within a
 * second (behaviour), and a page loaded hidden that stayed hidden (rendering). No other family reads the
 * beacon's figures, so the page view's verdict joined with these ({@link withReasons}) is the page view
 * assessed again with its behaviour, except that a reason it had stays (hits are immutable; a verdict
 * only escalates).
 */
export function engagementReasons(
  page: EngagedPageView,
  engagement: { behaviour: NonNullable<SensorSignals['behaviour']>; visibleMs: number },
): ThreatReasonId[] {
  return engagementFindings(page, engagement).map((found) => found.id);
}

/** {@link engagementReasons} with the evidence of each. */
export function engagementFindings(
  page: EngagedPageView,
  engagement: { behaviour: NonNullable<SensorSignals['behaviour']>; visibleMs: number },
): Finding[] {
  const sensor: SensorSignals = { ...engagement, hiddenAtLoad: page.loadedHidden };
  return [...behaviourFindings(sensor, page.paidLanding), ...renderFindings({ sensor })];
}

const RISK_ORDER: Record<RiskLevel, number> = { low: 0, medium: 1, high: 2 };

function levelOf(score: number, categories: number, decisive: boolean): RiskLevel {
  if (decisive) return 'high';
  if (score >= TIER_THRESHOLDS.high && categories >= TIER_THRESHOLDS.highMinCategories) return 'high';
  return score >= TIER_THRESHOLDS.medium ? 'medium' : 'low';
}

/**
 * A verdict given earlier, joined with reasons found since (a page view's engagement beacon, a click's
 * conversion): the earlier score plus the weights of the new reasons, tiered by the same rule as
 * {@link tier}. Reasons it already had add nothing; ids the engine does not know (from an older
 * version) count towards categories only through the known ones. Given the earlier tier, the joined one
 * is never lower (a reason the account made decisive is not decisive by the policy alone).
 */
export function withReasons(
  earlier: { score: number; reasonIds: readonly string[]; riskLevel?: RiskLevel },
  added: readonly ThreatReasonId[],
): { riskLevel: RiskLevel; score: number; reasonIds: string[] } {
  const known = (id: string): id is ThreatReasonId => Object.hasOwn(THREAT_REASONS, id);
  const fresh = [...new Set(added)].filter((id) => !earlier.reasonIds.includes(id));
  const reasonIds = [...earlier.reasonIds, ...fresh];
  const knownIds = reasonIds.filter(known);
  const score = Math.min(
    MAX_SCORE,
    earlier.score + fresh.reduce((sum, id) => sum + REASON_POLICY[id].weight, 0),
  );
  const joinedLevel = levelOf(
    score,
    new Set(knownIds.map((id) => THREAT_REASONS[id].category)).size,
    knownIds.some((id) => REASON_POLICY[id].decisive),
  );
  const riskLevel =
    earlier.riskLevel !== undefined && RISK_ORDER[earlier.riskLevel] > RISK_ORDER[joinedLevel]
      ? earlier.riskLevel
      : joinedLevel;
  return { riskLevel, score, reasonIds };
}
