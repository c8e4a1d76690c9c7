import type { AssessmentInput } from '@veracity/contracts/detection';
import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';
import {
  CHROME_RELEASE_ANCHOR,
  FIREFOX_RELEASE_ANCHOR,
  MAJORS_AHEAD_ALLOWED,
  RELEASE_CYCLE_MS,
} from './policy.js';
import type { ParsedUserAgent } from './user-agent.js';

/**
 * User-agent reasons: declared bots, HTTP libraries, versions that never shipped, client hints that
 * contradict the agent, and modern browsers arriving without the headers every such browser sends.
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
  const { chromeMajor, chromeBuild, firefoxMajor, safariMajor } = parsed;
  if (parsed.apple && (/\bChrome\/\d/.test(ua) || /AppleWebKit\/537\.36/.test(ua))) return true;
  if (chromeMajor !== null) {
    if (chromeMajor > currentMajor(CHROME_RELEASE_ANCHOR, at) + MAJORS_AHEAD_ALLOWED) return true;
    if (chromeBuild !== null && chromeBuild !== 0 && chromeMajor >= 40) {
      const low = chromeBranchBuild(chromeMajor - 2) - BUILD_TOLERANCE;
      const high = chromeBranchBuild(chromeMajor) + BUILD_TOLERANCE;
      if (chromeBuild < low || chromeBuild > high) return true;
    }
    const android = /Android (\d+)/.exec(ua)?.[1];
    const floor = android === undefined ? undefined : ANDROID_CHROME_FLOOR[Number(android)];
    if (floor !== undefined && chromeMajor < floor) return true;
  }
  if (
    firefoxMajor !== null &&
    firefoxMajor > currentMajor(FIREFOX_RELEASE_ANCHOR, at) + MAJORS_AHEAD_ALLOWED
  ) {
    return true;
  }
  return safariMajor !== null && chromeMajor === null && !safariExists(safariMajor, at);
}

const BRAND = /"([^"]+)";\s*v="(\d+)/g;

function platformFamily(value: string): string | null {
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

function osFamily(parsed: ParsedUserAgent): string | null {
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
  const { secChUa, secChUaPlatform, secChUaMobile } = input.request;
  if (!secChUa && !secChUaPlatform) return false;
  // Only Chromium browsers send client hints; Firefox and Safari never do.
  if (parsed.chromeMajor === null || parsed.apple) return true;
  if (secChUa) {
    for (const [, brand, version] of secChUa.matchAll(BRAND)) {
      if ((brand === 'Chromium' || brand === 'Google Chrome') && Number(version) !== parsed.chromeMajor)
        return true;
    }
  }
  if (secChUaPlatform) {
    const claimed = platformFamily(secChUaPlatform);
    const actual = osFamily(parsed);
    if (claimed !== null && actual !== null && claimed !== actual) return true;
  }
  return secChUaMobile === '?1' && (parsed.os === 'Windows' || parsed.os === 'Mac OS');
}

/** Chromium 90+, Firefox 90+ and Safari 17+ send Sec-Fetch-* on every request to an HTTPS origin. */
export function lacksBrowserHeaders(input: AssessmentInput, parsed: ParsedUserAgent): boolean {
  if (input.channel === 's2s') return false;
  const { secFetchSite, secChUa } = input.request;
  if (secFetchSite) return false;
  if (parsed.chromeMajor !== null && !parsed.apple) return parsed.chromeMajor >= 90 && !secChUa;
  if (parsed.firefoxMajor !== null) return parsed.firefoxMajor >= 90;
  return parsed.safariMajor !== null && parsed.safariMajor >= 17;
}

export function uaReasons(input: AssessmentInput, parsed: ParsedUserAgent): ThreatReasonId[] {
  const ua = input.request.userAgent;
  if (isHttpLibrary(ua)) return ['ua:http_library'];
  if (parsed.declaredBot) return ['ua:known_bot'];
  const reasons: ThreatReasonId[] = [];
  if (hasImpossibleVersion(ua, parsed, input.at)) reasons.push('ua:impossible_version');
  if (hasClientHintsMismatch(input, parsed)) reasons.push('ua:client_hints_mismatch');
  if (lacksBrowserHeaders(input, parsed)) reasons.push('ua:missing_browser_headers');
  return reasons;
}
