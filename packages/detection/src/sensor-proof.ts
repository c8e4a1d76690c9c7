import type { AssessmentInput } from '@veracity/contracts/detection';
import { type Finding, finding } from './finding.js';

/**
 * The sensor's proof: a page view posted to the collector whose token is not one the served script
 * carried (missing, malformed, forged or expired) did not come from our script. The collector checks
 * the token (its signature and age need the instance secret and the clock) and passes what it found.
 */
export function sensorProofFindings(
  input: Pick<AssessmentInput, 'channel' | 'kind' | 'sensorProof'>,
): Finding[] {
  const { sensorProof } = input;
  if (input.channel !== 'sensor' || input.kind !== 'hit') return [];
  return sensorProof == null || sensorProof === 'valid'
    ? []
    : [finding('sensor:no_proof', { proof: sensorProof })];
}

/**
 * A paid click sent over S2S, on an account whose pages run the sensor, that no sensor page view with
 * valid proof followed (nor preceded) within `waitedMs`: the visitor's browser never ran the page's
 * scripts. The server finds such clicks once the wait is over (its sensor-coverage job) and adds this
 * to the click's session.
 */
export function sensorPageViewMissing(waitedMs: number): Finding {
  return finding('sensor:no_page_view', { waitedMs: Math.round(waitedMs) });
}
