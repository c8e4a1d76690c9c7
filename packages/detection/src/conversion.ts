import type { AssessmentInput } from '@veracity/contracts/detection';
import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';
import { type Finding, finding } from './finding.js';
import { CONVERSION_MIN_MS } from './policy.js';

/** Conversion: a form filled or a purchase made sooner after the click than a person can. */
export function conversionFindings(input: AssessmentInput): Finding[] {
  return input.kind === 'conversion' ? clickToConversionFindings(input.history.sinceClickMs) : [];
}

/** What the time from its click (null: unknown) says about a conversion. */
export function clickToConversionFindings(sinceClickMs: number | null): Finding[] {
  return sinceClickMs !== null && sinceClickMs < CONVERSION_MIN_MS
    ? [finding('conversion:too_fast', { sinceClickMs, minimumMs: CONVERSION_MIN_MS })]
    : [];
}

/** The reason ids of {@link clickToConversionFindings}. */
export function clickToConversionReasons(sinceClickMs: number | null): ThreatReasonId[] {
  return clickToConversionFindings(sinceClickMs).map((found) => found.id);
}

/**
 * Click injection: a conversion reported for a click the firewall did not deliver. A paused or blocked
 * visitor was sent to the safe page, never to the offer, so no conversion can follow from that visit:
 * its click id reached the advertiser some other way (copied, guessed or injected by a tracker that
 * saw it). A click delivered, or one whose status is unknown (null), says nothing.
 */
export function clickInjectionFindings(hitStatus: 'delivered' | 'paused' | 'blocked' | null): Finding[] {
  return hitStatus === 'paused' || hitStatus === 'blocked'
    ? [finding('conversion:click_injection', { hitStatus })]
    : [];
}
