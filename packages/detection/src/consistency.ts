import type { AssessmentInput, SensorSignals } from '@veracity/contracts/detection';
import { evidenceText, type ThreatEvidenceOf } from '@veracity/contracts/threat-evidence';
import { engineVersionContradiction } from './engine-version.js';
import { type Finding, finding } from './finding.js';
import { PHONE_MAX_SHORT_SIDE_PX, WINDOW_OVER_SCREEN_TOLERANCE } from './policy.js';
import { countriesOfTimezone } from './timezone-countries.js';
import { uaDataContradiction } from './ua-data.js';
import type { ParsedUserAgent } from './user-agent.js';

/**
 * Consistency reasons: the browser's time zone against the IP's country, the screen against the device,
 * the graphics renderer and userAgentData against the system, the engine's features against its version.
 */

export function timezoneContradictsCountry(timezone: string | undefined, country: string | null): boolean {
  if (timezone === undefined || country === null) return false;
  const countries = countriesOfTimezone(timezone);
  return countries !== null && !countries.includes(country);
}

/** A desktop screen in CSS px is at least this wide on its long side, even at 200% scaling. */
const DESKTOP_MIN_LONG_SIDE_PX = 480;

export function hasImpossibleScreen(sensor: SensorSignals, parsed: ParsedUserAgent): boolean {
  const { screen } = sensor;
  if (screen === undefined) return false;
  if (screen.width === 0 || screen.height === 0) return true;
  const short = Math.min(screen.width, screen.height);
  const long = Math.max(screen.width, screen.height);
  // In-app browsers report the app's web view, which can be any size; only the device claim counts.
  if (parsed.device === 'Phone' && short > PHONE_MAX_SHORT_SIDE_PX) return true;
  return parsed.device === 'Desktop' && long < DESKTOP_MIN_LONG_SIDE_PX;
}

/**
 * A desktop window larger than its screen (outer sizes: zoom changes the inner ones): old headless
 * Chrome's 800×600 screen under a 1280×720 window, or a spoofed screen. A window may span two screens,
 * hence the tolerance.
 */
export function windowExceedsScreen(sensor: SensorSignals, parsed: ParsedUserAgent): boolean {
  const { screen, window } = sensor;
  if (screen === undefined || window === undefined || parsed.device !== 'Desktop' || parsed.inApp)
    return false;
  if (screen.width === 0 || screen.height === 0) return false; // consistency:screen's business
  const limit = 1 + WINDOW_OVER_SCREEN_TOLERANCE;
  return window.outerWidth > screen.width * limit || window.outerHeight > screen.height * limit;
}

const DIRECT3D = /Direct3D|\bD3D(9|11|12)\b/i;
const SOFTWARE_RENDERER = /SwiftShader|llvmpipe|softpipe/i;
const APPLE_GPU = /\bApple (GPU|M\d)|Metal Renderer/;
/** Apple's own OpenGL driver's name for a GPU ("Intel Iris OpenGL Engine"), never seen off Apple. */
const APPLE_OPENGL = /OpenGL Engine$/;
const ANGLE = /^ANGLE \(/;
/** What WebGL names without its debug extension (masked by the browser or a privacy setting): no claim. */
const MASKED_RENDERER = /^(WebKit WebGL|Mozilla|Generic Renderer)?$/;
const NOT_WINDOWS = new Set(['Mac OS', 'Linux', 'Ubuntu', 'Fedora', 'Chrome OS', 'Android', 'iOS', 'iPadOS']);

/** The WebGL renderer against the system the agent claims (the first rule it breaks), or null. */
export function rendererContradiction(
  sensor: SensorSignals,
  parsed: ParsedUserAgent,
): ThreatEvidenceOf<'consistency:webgl_renderer'> | null {
  const renderer = sensor.webgl?.renderer;
  if (renderer === undefined) return null;
  const { os } = parsed;
  const seen = (rule: ThreatEvidenceOf<'consistency:webgl_renderer'>['rule']) => ({
    rule,
    renderer: evidenceText(renderer),
    os,
  });
  if (DIRECT3D.test(renderer) && NOT_WINDOWS.has(os)) return seen('direct3d_off_windows');
  if (
    SOFTWARE_RENDERER.test(renderer) &&
    parsed.device === 'Desktop' &&
    (os === 'Windows' || os === 'Mac OS')
  ) {
    return seen('software_renderer');
  }
  if (APPLE_GPU.test(renderer) && (os === 'Windows' || os === 'Android')) return seen('apple_gpu_off_apple');
  const apple = os === 'Mac OS' || os === 'iOS';
  if (APPLE_OPENGL.test(renderer) && !ANGLE.test(renderer) && !apple) return seen('apple_gpu_off_apple');
  const desktopChromium = parsed.engine === 'Blink' && parsed.device === 'Desktop';
  return desktopChromium &&
    (os === 'Windows' || os === 'Mac OS') &&
    !ANGLE.test(renderer) &&
    !MASKED_RENDERER.test(renderer)
    ? seen('not_angle')
    : null;
}

export function consistencyFindings(input: AssessmentInput, parsed: ParsedUserAgent): Finding[] {
  const { sensor } = input;
  if (sensor === null) return [];
  const found: Finding[] = [];
  const { timezone } = sensor;
  const { country } = input.enrichment;
  if (timezone !== undefined && country !== null && timezoneContradictsCountry(timezone, country)) {
    found.push(finding('consistency:timezone_country', { timezone: evidenceText(timezone), country }));
  }
  if (sensor.screen !== undefined && hasImpossibleScreen(sensor, parsed)) {
    const { width, height } = sensor.screen;
    found.push(
      finding('consistency:screen', {
        width: Math.round(width),
        height: Math.round(height),
        device: parsed.device,
      }),
    );
  }
  if (sensor.screen !== undefined && sensor.window !== undefined && windowExceedsScreen(sensor, parsed)) {
    found.push(
      finding('consistency:window_screen', {
        outerWidth: Math.round(sensor.window.outerWidth),
        outerHeight: Math.round(sensor.window.outerHeight),
        screenWidth: Math.round(sensor.screen.width),
        screenHeight: Math.round(sensor.screen.height),
      }),
    );
  }
  const renderer = rendererContradiction(sensor, parsed);
  if (renderer !== null) found.push(finding('consistency:webgl_renderer', renderer));
  const uaData = uaDataContradiction(sensor, input.request, parsed);
  if (uaData !== null) found.push(finding('consistency:ua_data', uaData));
  const engine = engineVersionContradiction(sensor, parsed);
  if (engine !== null) found.push(finding('consistency:engine_version', engine));
  return found;
}
