import type { AssessmentInput } from '@veracity/contracts/detection';
import { evidenceList } from '@veracity/contracts/threat-evidence';
import { type Finding, finding } from './finding.js';

/** Geography: a hit from a country its campaign does not target. Unknown countries say nothing. */
export function geoFindings(input: AssessmentInput): Finding[] {
  const { targetedCountries } = input.campaign;
  const { country } = input.enrichment;
  if (targetedCountries.length === 0 || country === null) return [];
  if (targetedCountries.includes(country)) return [];
  const evidence = {
    country,
    targeted: evidenceList(targetedCountries),
    targetedCount: targetedCountries.length,
  };
  return [finding('geo:outside_target', evidence)];
}
