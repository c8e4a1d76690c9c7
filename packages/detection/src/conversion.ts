import type { AssessmentInput } from '@veracity/contracts/detection';
import type { ThreatFinding } from '@veracity/contracts/threat-evidence';
import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';
import { CONVERSION_MIN_MS } from './policy.js';

/** Conversion: a form filled or a purchase made sooner after the click than a person can. */
export function conversionFindings(input: AssessmentInput): ThreatFinding[] {
  return input.kind === 'conversion' ? clickToConversionFindings(input.history.sinceClickMs) : [];
}

/** What the time from its click (null: unknown) says about a conversion. */
export function clickToConversionFindings(sinceClickMs: number | null): ThreatFinding[] {
  return sinceClickMs !== null && sinceClickMs < CONVERSION_MIN_MS
    ? [{ id: 'conversion:too_fast', evidence: { sinceClickMs, minimumMs: CONVERSION_MIN_MS } }]
    : [];
}

/** The reason ids of {@link clickToConversionFindings}. */
export function clickToConversionReasons(sinceClickMs: number | null): ThreatReasonId[] {
  return clickToConversionFindings(sinceClickMs).map((found) => found.id);
}
