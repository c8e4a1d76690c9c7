import type { AssessmentInput, SensorSignals } from '@veracity/contracts/detection';
import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';
import type { ParsedUserAgent } from './user-agent.js';

/**
 * Automation reasons from the sensor's probes: WebDriver, headless markers, and an environment that
 * contradicts the user agent it claims. Only raw observations count; probes absent (S2S) mean nothing.
 */

const CHROMIUM_DESKTOP = new Set(['Chrome', 'Microsoft Edge', 'Opera', 'Yandex Browser']);

export function isHeadless(sensor: SensorSignals, parsed: ParsedUserAgent): boolean {
  if (sensor.userAgent !== undefined && /HeadlessChrome/.test(sensor.userAgent)) return true;
  if (sensor.languages !== undefined && sensor.languages.length === 0) return true;
  const { window } = sensor;
  if (
    window &&
    !parsed.inApp &&
    window.outerWidth === 0 &&
    window.outerHeight === 0 &&
    window.innerWidth > 0
  ) {
    return true;
  }
  // Headless Chrome before the new headless mode had no window.chrome; every desktop Chromium has it.
  return (
    sensor.chromeObject === false &&
    parsed.device === 'Desktop' &&
    !parsed.inApp &&
    CHROMIUM_DESKTOP.has(parsed.browser)
  );
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
  // A value no browser reports (a permission state outside the enumerated ones, a string for a count):
  // the probe was rewritten, as older stealth scripts do. The collector keeps it aside (`unexpected`).
  if (sensor.unexpected !== undefined && Object.keys(sensor.unexpected).length > 0) return true;
  if (sensor.userAgent !== undefined && sensor.userAgent.trim() !== headerUserAgent.trim()) return true;
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
      return true;
    }
  }
  // Every phone and tablet has a touch screen; device emulation in a desktop browser has none.
  if (parsed.handheld && sensor.maxTouchPoints === 0) return true;
  // Headless Chrome answered "denied" for Notification.permission and "prompt" for the permission query.
  return sensor.notificationPermission === 'denied' && sensor.notificationQueryState === 'prompt';
}

export function automationReasons(input: AssessmentInput, parsed: ParsedUserAgent): ThreatReasonId[] {
  const { sensor } = input;
  if (sensor === null) return [];
  const reasons: ThreatReasonId[] = [];
  if (sensor.webdriver === true) reasons.push('automation:webdriver');
  if (isHeadless(sensor, parsed)) reasons.push('automation:headless');
  if (isInconsistentEnvironment(sensor, input.request.userAgent, parsed)) {
    reasons.push('automation:inconsistent_environment');
  }
  return reasons;
}
