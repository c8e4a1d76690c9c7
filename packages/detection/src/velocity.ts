import type { AssessmentInput } from '@veracity/contracts/detection';
import { type Finding, finding } from './finding.js';
import { networkKind } from './frequency.js';
import { hasClickId } from './paid.js';
import {
  CADENCE,
  DEVICE_CLICKS_MIN,
  IP_CLICKS,
  IP_CLICKS_HEAVY_WEIGHT,
  PAID_CLICK_WINDOWS_MS,
} from './policy.js';

/**
 * Velocity and cadence of paid clicks, from what `RecentActivity` counted on the hit's account: how many
 * new ad click ids came from the same address and the same device within the last minute, and how
 * regular the gaps between the latest ones from the address are. They judge a paid click (a hit with an
 * ad click id) only. Velocity is a category of its own, apart from the ten-minute `frequency` counts, so
 * a heavy burst from one address reaches invalid on its own evidence; cadence is another, because a
 * crowd behind one address (a household, a carrier's NAT) can be fast but does not click on a clock.
 */
export function velocityFindings(input: AssessmentInput): Finding[] {
  if (input.kind !== 'hit' || !hasClickId(input)) return [];
  const found: Finding[] = [];
  const { history } = input;
  const network = networkKind(input.enrichment);
  const ipRule = IP_CLICKS[network];
  if (history.paidClicksSameIp >= ipRule.minClicks) {
    const heavy = history.paidClicksSameIp >= ipRule.heavy;
    const evidence = {
      count: history.paidClicksSameIp,
      windowMs: PAID_CLICK_WINDOWS_MS.velocity,
      threshold: heavy ? ipRule.heavy : ipRule.minClicks,
      network,
    };
    found.push(finding('velocity:ip_clicks', evidence, heavy ? IP_CLICKS_HEAVY_WEIGHT : ipRule.weight));
  }
  if (history.paidClicksSameDevice >= DEVICE_CLICKS_MIN) {
    const evidence = {
      count: history.paidClicksSameDevice,
      windowMs: PAID_CLICK_WINDOWS_MS.velocity,
      threshold: DEVICE_CLICKS_MIN,
    };
    found.push(finding('velocity:device_clicks', evidence));
  }
  const cadence = regularGaps(history.paidClickGapsMs);
  if (cadence !== null) found.push(finding('cadence:regular_clicks', cadence));
  return found;
}

/**
 * The latest gaps (at most `CADENCE.maxGaps`) when there are enough of them and their coefficient of
 * variation (standard deviation over mean) is below `CADENCE.maxVariation`; null otherwise. Clicks all
 * at one instant have no spread at all.
 */
function regularGaps(gapsMs: readonly number[]) {
  const from = Math.max(0, gapsMs.length - CADENCE.maxGaps);
  const n = gapsMs.length - from;
  if (n < CADENCE.minGaps) return null;
  let sum = 0;
  for (let i = from; i < gapsMs.length; i++) sum += gapsMs[i] ?? 0;
  const mean = sum / n;
  let squares = 0;
  for (let i = from; i < gapsMs.length; i++) squares += ((gapsMs[i] ?? 0) - mean) ** 2;
  const variation = mean > 0 ? Math.sqrt(squares / n) / mean : 0;
  if (variation >= CADENCE.maxVariation) return null;
  return {
    clicks: n + 1,
    meanGapMs: Math.round(mean),
    variationPercent: Math.round(variation * 100),
    maxVariationPercent: Math.round(CADENCE.maxVariation * 100),
  };
}
