import type { AssessmentInput, SensorSignals } from '@veracity/contracts/detection';
import {
  evidenceList,
  evidenceText,
  type HEADLESS_MARKERS,
  type ThreatEvidenceOf,
} from '@veracity/contracts/threat-evidence';
import { type Finding, finding } from './finding.js';
import { STEALTH_KIT_WEIGHT } from './policy.js';
import type { ParsedUserAgent } from './user-agent.js';

/**
 * Automation reasons from the sensor's probes: WebDriver, headless markers, and an environment that
 * contradicts the user agent it claims. Only raw observations count; probes absent (S2S) mean nothing.
 */

const CHROMIUM_DESKTOP = new Set(['Chrome', 'Microsoft Edge', 'Opera', 'Yandex Browser']);

export function isHeadless(sensor: SensorSignals, parsed: ParsedUserAgent): boolean {
  return headlessMarker(sensor, parsed) !== null;
}

/** The first headless marker the probes show, or null. */
export function headlessMarker(
  sensor: SensorSignals,
  parsed: ParsedUserAgent,
): (typeof HEADLESS_MARKERS)[number] | null {
  if (sensor.userAgent !== undefined && /HeadlessChrome/.test(sensor.userAgent)) return 'headless_user_agent';
  if (sensor.languages !== undefined && sensor.languages.length === 0) return 'no_languages';
  const { window } = sensor;
  if (
    window &&
    !parsed.inApp &&
    window.outerWidth === 0 &&
    window.outerHeight === 0 &&
    window.innerWidth > 0
  ) {
    return 'zero_outer_window';
  }
  // Headless Chrome before the new headless mode had no window.chrome; every desktop Chromium has it.
  return sensor.chromeObject === false &&
    parsed.device === 'Desktop' &&
    !parsed.inApp &&
    CHROMIUM_DESKTOP.has(parsed.browser)
    ? 'no_window_chrome'
    : null;
}

type PlatformFamily = 'windows' | 'mac' | 'apple-mobile' | 'linux';

function navigatorPlatformFamily(platform: string): PlatformFamily | null {
  if (platform.startsWith('Win')) return 'windows';
  if (platform === 'MacIntel' || platform.startsWith('Mac')) return 'mac';
  if (platform === 'iPhone' || platform === 'iPad' || platform === 'iPod') return 'apple-mobile';
  if (platform.startsWith('Linux') || platform === 'Android') return 'linux';
  return null;
}

function agentPlatformFamily(parsed: ParsedUserAgent): PlatformFamily | null {
  if (parsed.apple) return 'apple-mobile';
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
    case 'Chrome OS':
      return 'linux';
    default:
      return null;
  }
}

export function isInconsistentEnvironment(
  sensor: SensorSignals,
  headerUserAgent: string,
  parsed: ParsedUserAgent,
): boolean {
  return inconsistentEnvironment(sensor, headerUserAgent, parsed) !== null;
}

type EnvironmentEvidence = ThreatEvidenceOf<'automation:inconsistent_environment'>;

/** What contradicts the user agent in the browser's environment (the first check that fails), or null. */
export function inconsistentEnvironment(
  sensor: SensorSignals,
  headerUserAgent: string,
  parsed: ParsedUserAgent,
): EnvironmentEvidence | null {
  // A value no browser reports (a permission state outside the enumerated ones, a string for a count):
  // the probe was rewritten, as older stealth scripts do. The collector keeps it aside (`unexpected`).
  if (sensor.unexpected !== undefined) {
    const sent = Object.entries(sensor.unexpected);
    if (sent.length > 0) {
      const seen = sent.map(([name, value]) => `${name}=${value}`).join('; ');
      return { check: 'unexpected_values', claimed: null, seen: evidenceText(seen) };
    }
  }
  if (sensor.userAgent !== undefined && sensor.userAgent.trim() !== headerUserAgent.trim()) {
    return {
      check: 'user_agent',
      claimed: evidenceText(headerUserAgent),
      seen: evidenceText(sensor.userAgent),
    };
  }
  if (sensor.platform !== undefined) {
    const claimed = agentPlatformFamily(parsed);
    const seen = navigatorPlatformFamily(sensor.platform);
    // iPads asking for the desktop site report MacIntel with a Mac agent: both say mac.
    if (
      claimed !== null &&
      seen !== null &&
      claimed !== seen &&
      !(claimed === 'apple-mobile' && seen === 'mac')
    ) {
      return { check: 'platform', claimed, seen: evidenceText(sensor.platform) };
    }
  }
  // Every phone and tablet has a touch screen; device emulation in a desktop browser has none.
  if (parsed.handheld && sensor.maxTouchPoints === 0) {
    return { check: 'touch', claimed: parsed.device, seen: 'maxTouchPoints=0' };
  }
  // Headless Chrome answered "denied" for Notification.permission and "prompt" for the permission query.
  return sensor.notificationPermission === 'denied' && sensor.notificationQueryState === 'prompt'
    ? { check: 'notification_permission', claimed: null, seen: 'permission=denied; query=prompt' }
    : null;
}

/**
 * Chromium from 90 and Firefox from 90 define `Navigator.prototype.webdriver` in every browser; a
 * stealth script deletes it. Elsewhere its absence says nothing.
 */
function definesWebdriver(parsed: ParsedUserAgent): boolean {
  if (parsed.apple) return false;
  return (parsed.chromeMajor ?? parsed.firefoxMajor ?? 0) >= 90;
}

/** The browser functions and getters a script replaced, and what it defined on `navigator`; or null. */
export function patchedNatives(
  sensor: SensorSignals,
  parsed: ParsedUserAgent,
): ThreatEvidenceOf<'automation:patched_native'> | null {
  const patched = (sensor.patched ?? []).filter(
    (name) => name !== 'webdriver:absent' || definesWebdriver(parsed),
  );
  const own = sensor.navigatorOwn ?? [];
  return patched.length > 0 || own.length > 0
    ? { patched: evidenceList(patched), navigatorOwn: evidenceList(own) }
    : null;
}

/**
 * `Function.prototype.toString` rewritten together with at least two other natives: a kit that hides
 * its own rewrites (the stealth plugins do exactly this). A privacy extension rewrites one or two
 * functions and seldom hides them.
 */
function isStealthKit(patched: readonly string[]): boolean {
  return patched.includes('toString') && patched.filter((name) => name !== 'toString').length >= 2;
}

/**
 * A desktop window whose outer size is its inner size: no toolbar, no tabs, no frame. Headless and
 * automation windows look so; so does a person in full screen (hence a low weight).
 */
export function withoutWindowChrome(sensor: SensorSignals, parsed: ParsedUserAgent): boolean {
  const { window } = sensor;
  return (
    window !== undefined &&
    parsed.device === 'Desktop' &&
    !parsed.inApp &&
    sensor.frame === undefined &&
    window.innerWidth > 0 &&
    window.outerWidth === window.innerWidth &&
    window.outerHeight === window.innerHeight
  );
}

export function automationFindings(input: AssessmentInput, parsed: ParsedUserAgent): Finding[] {
  const { sensor } = input;
  if (sensor === null) return [];
  const found: Finding[] = [];
  if (sensor.webdriver === true) {
    found.push(finding('automation:webdriver', { probe: 'navigator.webdriver', value: true }));
  }
  const marker = headlessMarker(sensor, parsed);
  if (marker !== null) found.push(finding('automation:headless', { marker }));
  const environment = inconsistentEnvironment(sensor, input.request.userAgent, parsed);
  if (environment !== null) found.push(finding('automation:inconsistent_environment', environment));
  const patched = patchedNatives(sensor, parsed);
  if (patched !== null) {
    found.push(
      finding(
        'automation:patched_native',
        patched,
        isStealthKit(patched.patched) ? STEALTH_KIT_WEIGHT : undefined,
      ),
    );
  }
  if (sensor.window !== undefined && withoutWindowChrome(sensor, parsed)) {
    const { innerWidth, innerHeight } = sensor.window;
    found.push(
      finding('automation:window_chrome', { width: Math.round(innerWidth), height: Math.round(innerHeight) }),
    );
  }
  return found;
}
