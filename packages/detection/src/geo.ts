import type { AssessmentInput } from '@veracity/contracts/detection';
import { evidenceList, type ThreatFinding } from '@veracity/contracts/threat-evidence';

/** Geography: a hit from a country its campaign does not target. Unknown countries say nothing. */
export function geoFindings(input: AssessmentInput): ThreatFinding[] {
  const { targetedCountries } = input.campaign;
  const { country } = input.enrichment;
  if (targetedCountries.length === 0 || country === null) return [];
  if (targetedCountries.includes(country)) return [];
  const evidence = {
    country,
    targeted: evidenceList(targetedCountries),
    targetedCount: targetedCountries.length,
  };
  return [{ id: 'geo:outside_target', evidence }];
}
