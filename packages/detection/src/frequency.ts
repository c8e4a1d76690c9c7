import type { AssessmentInput, Enrichment } from '@veracity/contracts/detection';
import type { ThreatFinding } from '@veracity/contracts/threat-evidence';
import { ACTIVITY_WINDOWS_MS, CLICK_REPLAY_MIN_HITS, DEVICE_BURST_MIN_HITS, IP_BURST } from './policy.js';

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

/** Counts are the hits before this one within the window (`ACTIVITY_WINDOWS_MS`). */
export function frequencyFindings(input: AssessmentInput): ThreatFinding[] {
  const found: ThreatFinding[] = [];
  const { history } = input;
  const network = networkKind(input.enrichment);
  const ipRule = IP_BURST[network];
  if (history.sameIp >= ipRule.minHits) {
    found.push({
      id: 'frequency:ip_burst',
      evidence: {
        count: history.sameIp,
        windowMs: ACTIVITY_WINDOWS_MS.ip,
        threshold: ipRule.minHits,
        network,
      },
    });
  }
  if (history.sameDevice >= DEVICE_BURST_MIN_HITS) {
    found.push({
      id: 'frequency:device_burst',
      evidence: {
        count: history.sameDevice,
        windowMs: ACTIVITY_WINDOWS_MS.device,
        threshold: DEVICE_BURST_MIN_HITS,
      },
    });
  }
  if (input.kind === 'hit' && history.sameClickId >= CLICK_REPLAY_MIN_HITS) {
    found.push({
      id: 'frequency:click_replay',
      evidence: {
        count: history.sameClickId,
        windowMs: ACTIVITY_WINDOWS_MS.clickId,
        threshold: CLICK_REPLAY_MIN_HITS,
      },
    });
  }
  return found;
}
