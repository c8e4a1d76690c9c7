import { ENGINE_FEATURES, type EngineFeature, type SensorSignals } from '@veracity/contracts/detection';
import type { ThreatEvidenceOf } from '@veracity/contracts/threat-evidence';
import { ENGINE_VERSION_TOLERANCE } from './policy.js';
import type { ParsedUserAgent } from './user-agent.js';

/**
 * The sensor's engine probe (`signals.engine`) against the major the User-Agent claims: a spoofed agent
 * on an old headless build lacks what its claimed major ships with; a new browser claiming an old major
 * has what that major never had.
 */

type Engine = 'chromium' | 'gecko';

/**
 * The first major of each engine that shipped each feature, from MDN's browser-compat-data as the
 * web-features explorer lists it (null when not checked: the feature is skipped for that engine).
 */
export const FEATURE_SHIPPED: Record<EngineFeature, Record<Engine, number | null>> = {
  'Array.prototype.findLast': { chromium: 97, gecko: 104 },
  structuredClone: { chromium: 98, gecko: 94 },
  'Array.prototype.toSorted': { chromium: 110, gecko: 115 },
  'Object.groupBy': { chromium: 117, gecko: 119 },
  'Promise.withResolvers': { chromium: 119, gecko: 121 },
  'Set.prototype.union': { chromium: 122, gecko: 127 },
  'URL.parse': { chromium: 126, gecko: null },
  'Promise.try': { chromium: 128, gecko: 134 },
  'Error.isError': { chromium: 134, gecko: 138 },
  'RegExp.escape': { chromium: 136, gecko: 134 },
  'Uint8Array.fromBase64': { chromium: 140, gecko: 133 },
};

/** Browsers whose major is their engine's: Chrome and Edge (Blink), Firefox (Gecko); not on iOS (WebKit). */
const CHROMIUM_BROWSERS = new Set(['Chrome', 'Chrome Mobile', 'Microsoft Edge']);
const GECKO_BROWSERS = new Set(['Firefox', 'Firefox Mobile']);

function claimedEngine(parsed: ParsedUserAgent): { engine: Engine; major: number } | null {
  if (parsed.apple) return null;
  if (CHROMIUM_BROWSERS.has(parsed.browser) && parsed.chromeMajor !== null) {
    return { engine: 'chromium', major: parsed.chromeMajor };
  }
  if (GECKO_BROWSERS.has(parsed.browser) && parsed.firefoxMajor !== null) {
    return { engine: 'gecko', major: parsed.firefoxMajor };
  }
  return null;
}

type EngineVersionEvidence = ThreatEvidenceOf<'consistency:engine_version'>;

/**
 * The feature that contradicts the claimed major, or null: the oldest one missing though the major is
 * past its version, else the newest one the browser has as its own though the major is before it;
 * `ENGINE_VERSION_TOLERANCE` majors either side are allowed.
 */
export function engineVersionContradiction(
  sensor: SensorSignals,
  parsed: ParsedUserAgent,
): EngineVersionEvidence | null {
  const mask = sensor.engine;
  if (mask === undefined) return null;
  const claim = claimedEngine(parsed);
  if (claim === null) return null;
  let missing: EngineVersionEvidence | null = null;
  let present: EngineVersionEvidence | null = null;
  ENGINE_FEATURES.forEach((feature, index) => {
    const shipped = FEATURE_SHIPPED[feature][claim.engine];
    if (shipped === null) return;
    const bits = Math.floor(mask / 4 ** index) % 4;
    const seen = { browser: parsed.browser, major: claim.major, feature, shipped };
    if ((bits & 1) === 0 && claim.major - ENGINE_VERSION_TOLERANCE >= shipped) {
      if (missing === null || shipped < missing.shipped) missing = { ...seen, seen: 'missing' };
    }
    if ((bits & 2) !== 0 && claim.major + ENGINE_VERSION_TOLERANCE < shipped) {
      if (present === null || shipped > present.shipped) present = { ...seen, seen: 'present' };
    }
  });
  return missing ?? present;
}
