import type { RequestFacts, SensorSignals } from '@veracity/contracts/detection';
import { evidenceText, type ThreatEvidenceOf } from '@veracity/contracts/threat-evidence';
import { BRAND, osFamily, platformFamily } from './ua.js';
import type { ParsedUserAgent } from './user-agent.js';

/**
 * `navigator.userAgentData` (Chromium's client hints in JavaScript) against what the browser claims
 * elsewhere: the user agent, the `sec-ch-ua` header of the same request, and the marks of a brand
 * (`navigator.brave`, Edge's `Edg/` token). A script that spoofs the user agent rarely spoofs all three.
 */

type UaDataEvidence = ThreatEvidenceOf<'consistency:ua_data'>;

const EDGE_TOKEN = /\bEdg(A|iOS)?\//;

function brandList(brands: readonly { brand: string; version: string }[]): string {
  return evidenceText(brands.map(({ brand, version }) => `${brand} ${version}`).join(', '));
}

/** The first contradiction between userAgentData and the rest of the browser's claims, or null. */
export function uaDataContradiction(
  sensor: SensorSignals,
  request: Pick<RequestFacts, 'secChUa'>,
  parsed: ParsedUserAgent,
): UaDataEvidence | null {
  const data = sensor.uaData;
  if (data === undefined) return null;
  const agent = evidenceText(`${parsed.browser} ${parsed.browserVersion ?? ''} on ${parsed.os}`.trim());
  const seen = brandList(data.brands);
  // Only Chromium has userAgentData: an agent claiming Firefox or Safari is a Chromium in disguise.
  if (parsed.chromeMajor === null || parsed.apple) return { check: 'not_chromium', claimed: agent, seen };
  for (const { brand, version } of data.brands) {
    if ((brand === 'Chromium' || brand === 'Google Chrome') && Number(version) !== parsed.chromeMajor) {
      return { check: 'version', claimed: agent, seen };
    }
  }
  const platform = platformFamily(data.platform);
  const os = osFamily(parsed);
  if (platform !== null && os !== null && platform !== os) {
    return { check: 'platform', claimed: agent, seen: evidenceText(data.platform) };
  }
  if (data.mobile ? parsed.os === 'Windows' || parsed.os === 'Mac OS' : parsed.device === 'Phone') {
    return { check: 'mobile', claimed: agent, seen: `mobile=${data.mobile}` };
  }
  if (request.secChUa) {
    const sent = [...request.secChUa.matchAll(BRAND)].map(([, brand]) => brand).sort();
    const own = data.brands.map(({ brand }) => brand).sort();
    if (sent.length > 0 && sent.join('\n') !== own.join('\n')) {
      return { check: 'header_brands', claimed: evidenceText(request.secChUa), seen };
    }
  }
  const names = data.brands.map(({ brand }) => brand);
  const edge = names.some((name) => name.startsWith('Microsoft Edge'));
  if (names.includes('Brave') && sensor.brave === false) {
    return { check: 'brand_marks', claimed: 'Brave', seen: 'navigator.brave missing' };
  }
  if (sensor.userAgent !== undefined && edge !== EDGE_TOKEN.test(sensor.userAgent)) {
    return { check: 'brand_marks', claimed: edge ? 'Microsoft Edge' : agent, seen };
  }
  return null;
}
