import type { AssessmentInput } from '@veracity/contracts/detection';
import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';
import { CONVERSION_MIN_MS } from './policy.js';

/** Conversion: a form filled or a purchase made sooner after the click than a person can. */
export function conversionReasons(input: AssessmentInput): ThreatReasonId[] {
  const since = input.history.sinceClickMs;
  return input.kind === 'conversion' && since !== null && since < CONVERSION_MIN_MS
    ? ['conversion:too_fast']
    : [];
}
