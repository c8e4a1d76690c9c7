import type { AssessmentInput } from '@veracity/contracts/detection';
import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';
import { CONVERSION_MIN_MS } from './policy.js';

/** Conversion: a form filled or a purchase made sooner after the click than a person can. */
export function conversionReasons(input: AssessmentInput): ThreatReasonId[] {
  return input.kind === 'conversion' ? clickToConversionReasons(input.history.sinceClickMs) : [];
}

/** What the time from its click (null: unknown) says about a conversion. */
export function clickToConversionReasons(sinceClickMs: number | null): ThreatReasonId[] {
  return sinceClickMs !== null && sinceClickMs < CONVERSION_MIN_MS ? ['conversion:too_fast'] : [];
}
