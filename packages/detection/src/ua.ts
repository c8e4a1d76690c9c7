import type { AssessmentInput } from '@veracity/contracts/detection';
import { evidenceText, type ThreatEvidenceOf } from '@veracity/contracts/threat-evidence';
import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';
import { type Finding, finding } from './finding.js';
import {
  CHROME_RELEASE_ANCHOR,
  FIREFOX_RELEASE_ANCHOR,
  MAJORS_AHEAD_ALLOWED,
  RELEASE_CYCLE_MS,
} from './policy.js';
import type { ParsedUserAgent } from './user-agent.js';

/**
 * User-agent reasons: declared bots, HTTP libraries, versions that never shipped, client hints that
 * contradict the agent, modern browsers arriving without the headers every such browser sends, and
 * requests forwarded whole over S2S without the headers every browser sends.
 */

/** Clients that announce themselves as libraries or tools, not browsers. */
const HTTP_LIBRARY =
  /(?:^|[\s(;])(?:curl|wget|python-requests|python-urllib|python-httpx|httpx|aiohttp|Python\/|Go-http-client|okhttp|Java\/|Apache-HttpClient|axios|node-fetch|undici|node\/|got \(|PostmanRuntime|insomnia|Scrapy|libwww-perl|LWP::Simple|HTTPie|Ruby|Faraday|GuzzleHttp|Dalvik\/|WinHttp|Mechanize|Jakarta Commons-HttpClient|reqwest|hyper\/)/i;

export function isHttpLibrary(userAgent: string): boolean {
  return userAgent.trim() === '' || HTTP_LIBRARY.test(userAgent);
}

export function currentMajor(anchor: { major: number; at: number }, at: number): number {
  return anchor.major + Math.floor((at - anchor.at) / RELEASE_CYCLE_MS);
}

/** Chrome's build number at the branch point of some majors; builds in between are interpolated. */
const CHROME_BRANCH_BUILDS: readonly (readonly [major: number, build: number])[] = [
  [40, 2214],
  [50, 2661],
  [60, 3112],
  [70, 3538],
  [80, 3987],
  [90, 4430],
  [100, 4896],
  [110, 5481],
  [120, 6099],
  [130, 6723],
  [140, 7339],
  [150, 7871],
  [153, 8010],
];
const BUILDS_PER_MAJOR_AFTER_LAST = 47;
const BUILD_TOLERANCE = 150;

export function chromeBranchBuild(major: number): number {
  let previous = CHROME_BRANCH_BUILDS[0] ?? [40, 2214];
  for (const anchor of CHROME_BRANCH_BUILDS) {
    if (major <= anchor[0]) {
      if (anchor[0] === previous[0]) return anchor[1];
      const share = (major - previous[0]) / (anchor[0] - previous[0]);
      return Math.round(previous[1] + share * (anchor[1] - previous[1]));
    }
    previous = anchor;
  }
  return previous[1] + (major - previous[0]) * BUILDS_PER_MAJOR_AFTER_LAST;
}

/** The lowest Chrome major each Android version shipped with (Chrome on Android 10+ reports "10"). */
const ANDROID_CHROME_FLOOR: Record<number, number> = {
  5: 37,
  6: 44,
  7: 51,
  8: 58,
  9: 66,
  11: 80,
  12: 91,
  13: 100,
  14: 110,
  15: 120,
  16: 130,
};

/** Safari 18 was followed by Safari 26 (2025: versions follow the year). */
function safariExists(major: number, at: number): boolean {
  const nextYear = (new Date(at).getUTCFullYear() % 100) + 1;
  return major >= 1 && (major <= 18 || (major >= 26 && major <= nextYear));
}

export function hasImpossibleVersion(ua: string, parsed: ParsedUserAgent, at: number): boolean {
  return impossibleVersion(ua, parsed, at) !== null;
}

type VersionEvidence = ThreatEvidenceOf<'ua:impossible_version'>;

function claim(
  parsed: ParsedUserAgent,
  rule: VersionEvidence['rule'],
  major: number | null,
  allowed: string | null,
  build: number | null = null,
): VersionEvidence {
  return { rule, browser: parsed.browser, major, build, allowed };
}

/** Which rule the claimed version breaks (the first that does), with the version; null when possible. */
export function impossibleVersion(ua: string, parsed: ParsedUserAgent, at: number): VersionEvidence | null {
  const { chromeMajor, chromeBuild, firefoxMajor, safariMajor } = parsed;
  if (parsed.apple && (/\bChrome\/\d/.test(ua) || /AppleWebKit\/537\.36/.test(ua))) {
    return claim(parsed, 'apple_with_chromium_engine', chromeMajor, null);
  }
  if (chromeMajor !== null) {
    const newest = currentMajor(CHROME_RELEASE_ANCHOR, at) + MAJORS_AHEAD_ALLOWED;
    if (chromeMajor > newest) return claim(parsed, 'future_major', chromeMajor, `<= ${newest}`);
    if (chromeBuild !== null && chromeBuild !== 0 && chromeMajor >= 40) {
      const low = chromeBranchBuild(chromeMajor - 2) - BUILD_TOLERANCE;
      const high = chromeBranchBuild(chromeMajor) + BUILD_TOLERANCE;
      if (chromeBuild < low || chromeBuild > high) {
        return claim(parsed, 'build_of_other_major', chromeMajor, `${low}-${high}`, chromeBuild);
      }
    }
    const android = /Android (\d+)/.exec(ua)?.[1];
    const floor = android === undefined ? undefined : ANDROID_CHROME_FLOOR[Number(android)];
    if (floor !== undefined && chromeMajor < floor) {
      return claim(parsed, 'older_than_android', chromeMajor, `>= ${floor}`);
    }
  }
  if (firefoxMajor !== null) {
    const newest = currentMajor(FIREFOX_RELEASE_ANCHOR, at) + MAJORS_AHEAD_ALLOWED;
    if (firefoxMajor > newest) return claim(parsed, 'future_major', firefoxMajor, `<= ${newest}`);
  }
  return safariMajor !== null && chromeMajor === null && !safariExists(safariMajor, at)
    ? claim(parsed, 'unreleased_safari', safariMajor, null)
    : null;
}

export const BRAND = /"([^"]+)";\s*v="(\d+)/g;

/** The OS family a `sec-ch-ua-platform` value (or `userAgentData.platform`, quoted or not) names. */
export function platformFamily(value: string): string | null {
  switch (value.replaceAll('"', '').trim()) {
    case 'Windows':
      return 'windows';
    case 'macOS':
      return 'mac';
    case 'Android':
    case 'Linux':
      return 'linux';
    case 'Chrome OS':
    case 'Chromium OS':
      return 'chromeos';
    default:
      return null;
  }
}

/** The OS family of the agent, in {@link platformFamily}'s terms. */
export function osFamily(parsed: ParsedUserAgent): string | null {
  switch (parsed.os) {
    case 'Windows':
      return 'windows';
    case 'Mac OS':
      return 'mac';
    case 'Android':
    case 'Android TV':
    case 'Fire OS':
    case 'Linux':
    case 'Ubuntu':
    case 'Fedora':
      return 'linux';
    case 'Chrome OS':
      return 'chromeos';
    default:
      return null;
  }
}

export function hasClientHintsMismatch(input: AssessmentInput, parsed: ParsedUserAgent): boolean {
  return clientHintsMismatch(input, parsed) !== null;
}

type HintsEvidence = ThreatEvidenceOf<'ua:client_hints_mismatch'>;

function contradiction(
  parsed: ParsedUserAgent,
  header: HintsEvidence['header'],
  sent: string,
): HintsEvidence {
  const version = parsed.browserVersion === null ? '' : ` ${parsed.browserVersion}`;
  return {
    header,
    sent: evidenceText(sent),
    agent: evidenceText(`${parsed.browser}${version} on ${parsed.os}`),
  };
}

/** The client hint that contradicts the user agent (the first found), or null. */
export function clientHintsMismatch(input: AssessmentInput, parsed: ParsedUserAgent): HintsEvidence | null {
  const { secChUa, secChUaPlatform, secChUaMobile } = input.request;
  if (!secChUa && !secChUaPlatform) return null;
  // Only Chromium browsers send client hints; Firefox and Safari never do.
  if (parsed.chromeMajor === null || parsed.apple) {
    return secChUa
      ? contradiction(parsed, 'sec-ch-ua', secChUa)
      : contradiction(parsed, 'sec-ch-ua-platform', secChUaPlatform ?? '');
  }
  if (secChUa) {
    for (const [, brand, version] of secChUa.matchAll(BRAND)) {
      if ((brand === 'Chromium' || brand === 'Google Chrome') && Number(version) !== parsed.chromeMajor)
        return contradiction(parsed, 'sec-ch-ua', secChUa);
    }
  }
  if (secChUaPlatform) {
    const claimed = platformFamily(secChUaPlatform);
    const actual = osFamily(parsed);
    if (claimed !== null && actual !== null && claimed !== actual) {
      return contradiction(parsed, 'sec-ch-ua-platform', secChUaPlatform);
    }
  }
  return secChUaMobile === '?1' && (parsed.os === 'Windows' || parsed.os === 'Mac OS')
    ? contradiction(parsed, 'sec-ch-ua-mobile', secChUaMobile)
    : null;
}

/**
 * Whether the request's headers are all the visitor's browser sent, so that one missing is evidence: on
 * the collector and the firewall they are the browser's own request; on S2S only when the customer's
 * server forwards the visitor's whole set (`headersForwarded`).
 */
function headersComplete(input: AssessmentInput): boolean {
  return input.channel !== 's2s' || input.request.headersForwarded === true;
}

/**
 * Browsers send `Sec-Fetch-*` and client hints only to secure origins; a landing page on plain HTTP
 * (forwarded over S2S) never receives them.
 */
function plainHttpLanding(input: AssessmentInput): boolean {
  const url = input.request.landingUrl;
  return url !== null && url !== undefined && /^\s*http:/i.test(url);
}

/** Chromium 90+, Firefox 90+ and Safari 17+ send Sec-Fetch-* on every request to an HTTPS origin. */
export function lacksBrowserHeaders(input: AssessmentInput, parsed: ParsedUserAgent): boolean {
  return missingBrowserHeaders(input, parsed) !== null;
}

type HeadersEvidence = ThreatEvidenceOf<'ua:missing_browser_headers'>;

/** The headers every such browser sends that the request lacks, with the browser; or null. */
export function missingBrowserHeaders(
  input: AssessmentInput,
  parsed: ParsedUserAgent,
): HeadersEvidence | null {
  if (!headersComplete(input) || (input.channel === 's2s' && plainHttpLanding(input))) return null;
  const { secFetchSite, secChUa } = input.request;
  if (secFetchSite) return null;
  const { browser } = parsed;
  if (parsed.chromeMajor !== null && !parsed.apple) {
    return parsed.chromeMajor >= 90 && !secChUa
      ? { missing: ['sec-fetch-site', 'sec-ch-ua'], browser, major: parsed.chromeMajor }
      : null;
  }
  if (parsed.firefoxMajor !== null) {
    return parsed.firefoxMajor >= 90
      ? { missing: ['sec-fetch-site'], browser, major: parsed.firefoxMajor }
      : null;
  }
  return parsed.safariMajor !== null && parsed.safariMajor >= 17
    ? { missing: ['sec-fetch-site'], browser, major: parsed.safariMajor }
    : null;
}

type ForwardedEvidence = ThreatEvidenceOf<'ua:missing_forwarded_headers'>;

/**
 * The headers every browser sends on every request (`Accept`, `Accept-Language`) that a request a
 * customer's server declared forwarded whole lacks, with the browser its agent claims; or null. Sent
 * with none of its headers, the request lacks both.
 */
export function missingForwardedHeaders(
  input: AssessmentInput,
  parsed: ParsedUserAgent,
): ForwardedEvidence | null {
  if (input.channel !== 's2s' || input.request.headersForwarded !== true) return null;
  const missing: ForwardedEvidence['missing'] = [];
  if (!input.request.accept) missing.push('accept');
  if (!input.request.acceptLanguage) missing.push('accept-language');
  return missing.length > 0 ? { missing, browser: parsed.browser } : null;
}

export function uaFindings(input: AssessmentInput, parsed: ParsedUserAgent): Finding[] {
  const ua = input.request.userAgent;
  if (isHttpLibrary(ua)) return [finding('ua:http_library', { userAgent: evidenceText(ua) })];
  if (parsed.declaredBot) return [finding('ua:known_bot', { userAgent: evidenceText(ua) })];
  const found: Finding[] = [];
  const version = impossibleVersion(ua, parsed, input.at);
  if (version !== null) found.push(finding('ua:impossible_version', version));
  const hints = clientHintsMismatch(input, parsed);
  if (hints !== null) found.push(finding('ua:client_hints_mismatch', hints));
  const headers = missingBrowserHeaders(input, parsed);
  if (headers !== null) found.push(finding('ua:missing_browser_headers', headers));
  const forwarded = missingForwardedHeaders(input, parsed);
  if (forwarded !== null) found.push(finding('ua:missing_forwarded_headers', forwarded));
  return found;
}

/** The reason ids of {@link uaFindings}. */
export function uaReasons(input: AssessmentInput, parsed: ParsedUserAgent): ThreatReasonId[] {
  return uaFindings(input, parsed).map((found) => found.id);
}
