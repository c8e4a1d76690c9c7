import type { AssessmentInput, Enrichment } from '@veracity/contracts/detection';
import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';
import { CLICK_REPLAY_MIN_HITS, DEVICE_BURST_MIN_HITS, IP_BURST } from './policy.js';

/**
 * Frequency reasons from the counts `RecentActivity` gave for this hit's IP, device and click id.
 * The IP threshold and weight depend on the network: many people share a carrier's or an ISP's
 * address (carrier-grade NAT), nobody browses from a cloud server.
 */

export type NetworkKind = keyof typeof IP_BURST;

export function networkKind(enrichment: Enrichment): NetworkKind {
  if (enrichment.hosting) return 'hosting';
  if (enrichment.carrier !== null) return 'carrier';
  if (enrichment.isp !== null) return 'isp';
  return 'unknown';
}

/** The weight of an IP burst for this hit, or 0 when the IP is not bursting. */
export function ipBurstWeight(input: AssessmentInput): number {
  const rule = IP_BURST[networkKind(input.enrichment)];
  return input.history.sameIp >= rule.minHits ? rule.weight : 0;
}

export function frequencyReasons(input: AssessmentInput): ThreatReasonId[] {
  const reasons: ThreatReasonId[] = [];
  const { history } = input;
  if (ipBurstWeight(input) > 0) reasons.push('frequency:ip_burst');
  if (history.sameDevice >= DEVICE_BURST_MIN_HITS) reasons.push('frequency:device_burst');
  if (input.kind === 'hit' && history.sameClickId >= CLICK_REPLAY_MIN_HITS)
    reasons.push('frequency:click_replay');
  return reasons;
}
