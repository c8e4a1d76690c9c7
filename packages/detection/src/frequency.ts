import type { AssessmentInput, Enrichment } from '@veracity/contracts/detection';
import { type Finding, finding } from './finding.js';
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

/** Counts are the hits before this one within the window (`ACTIVITY_WINDOWS_MS`). */
export function frequencyFindings(input: AssessmentInput): Finding[] {
  const found: Finding[] = [];
  const { history } = input;
  const network = networkKind(input.enrichment);
  const ipRule = IP_BURST[network];
  if (history.sameIp >= ipRule.minHits) {
    const evidence = {
      count: history.sameIp,
      windowMs: ACTIVITY_WINDOWS_MS.ip,
      threshold: ipRule.minHits,
      network,
    };
    found.push(finding('frequency:ip_burst', evidence, ipRule.weight));
  }
  if (history.sameDevice >= DEVICE_BURST_MIN_HITS) {
    const evidence = {
      count: history.sameDevice,
      windowMs: ACTIVITY_WINDOWS_MS.device,
      threshold: DEVICE_BURST_MIN_HITS,
    };
    found.push(finding('frequency:device_burst', evidence));
  }
  if (input.kind === 'hit' && history.sameClickId >= CLICK_REPLAY_MIN_HITS) {
    const evidence = {
      count: history.sameClickId,
      windowMs: ACTIVITY_WINDOWS_MS.clickId,
      threshold: CLICK_REPLAY_MIN_HITS,
    };
    found.push(finding('frequency:click_replay', evidence));
  }
  return found;
}
