import type { AssessmentInput } from '@veracity/contracts/detection';
import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';

/** Geography: a hit from a country its campaign does not target. Unknown countries say nothing. */
export function geoReasons(input: AssessmentInput): ThreatReasonId[] {
  const { targetedCountries } = input.campaign;
  const { country } = input.enrichment;
  if (targetedCountries.length === 0 || country === null) return [];
  return targetedCountries.includes(country) ? [] : ['geo:outside_target'];
}
