import { ENGINE_FEATURES } from '@veracity/contracts/detection';
import { THREAT_EVIDENCE_SHAPES } from '@veracity/contracts/threat-evidence';
import { describe, expect, it } from 'vitest';
import { assess } from './assess.js';
import { FEATURE_SHIPPED } from './engine-version.js';
import { aHit, type HitChanges } from './test-support/hits.js';

/** consistency:engine_version: the engine probe against the claimed major (issue 38). */

const chrome = (major: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
const firefox = (major: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${major}.0) Gecko/20100101 Firefox/${major}.0`;

/** A desktop visit whose agent is `userAgent` everywhere it appears, with the engine probe `engine`. */
function visit(userAgent: string, engine: unknown): HitChanges {
  const chromeMajor = /Chrome\/(\d+)/.exec(userAgent)?.[1];
  const request = chromeMajor
    ? {
        userAgent,
        secChUa: `"Chromium";v="${chromeMajor}", "Google Chrome";v="${chromeMajor}", "Not.A/Brand";v="99"`,
      }
    : { userAgent, secChUa: null, secChUaMobile: null, secChUaPlatform: null };
  return {
    request,
    enrichment: chromeMajor ? {} : { browser: 'Firefox' },
    sensor: { userAgent, chromeObject: chromeMajor !== undefined, engine } as HitChanges['sensor'],
  };
}

/** The mask of a browser with every feature its engine shipped by `major`, each its own. */
const real = (engine: 'chromium' | 'gecko', major: number) =>
  ENGINE_FEATURES.reduce((mask, feature, index) => {
    const shipped = FEATURE_SHIPPED[feature][engine];
    return shipped !== null && shipped <= major ? mask + 3 * 4 ** index : mask;
  }, 0);
const bit = (feature: (typeof ENGINE_FEATURES)[number], value: 1 | 3) =>
  value * 4 ** ENGINE_FEATURES.indexOf(feature);

const reasonsOf = (changes: HitChanges) => assess(aHit(changes)).reasons;
const ids = (changes: HitChanges) => reasonsOf(changes).map((reason) => reason.id);
const evidenceOf = (changes: HitChanges) => {
  const found = reasonsOf(changes).find((reason) => reason.id === 'consistency:engine_version');
  if (found === undefined) throw new Error('consistency:engine_version did not fire');
  expect(THREAT_EVIDENCE_SHAPES['consistency:engine_version'].parse(found.evidence)).toEqual(found.evidence);
  return found.evidence;
};

describe('consistency:engine_version', () => {
  it('is clean for real browsers: Chrome 131 and Firefox 128 with their own features', () => {
    // Chrome 131 has every feature up to Promise.try (128): the first eight, both bits each.
    expect(real('chromium', 131)).toBe(4 ** 8 - 1);
    expect(ids(visit(chrome(131), 4 ** 8 - 1))).toEqual([]);
    expect(ids(visit(firefox(128), real('gecko', 128)))).toEqual([]);
    // Firefox has URL.parse; the table does not hold Firefox to it either way.
    expect(ids(visit(firefox(128), real('gecko', 128) + bit('URL.parse', 3)))).toEqual([]);
  });

  it('fires for a Chrome 140 agent on a Chrome 120 engine, naming the oldest feature it lacks', () => {
    expect(real('chromium', 120)).toBe(4 ** 5 - 1);
    const changes = visit(chrome(140), 4 ** 5 - 1);
    expect(evidenceOf(changes)).toEqual({
      browser: 'Chrome',
      major: 140,
      feature: 'Set.prototype.union',
      shipped: 122,
      seen: 'missing',
    });
    // One consistency reason of 25: alone it is low.
    expect(assess(aHit(changes))).toMatchObject({ riskLevel: 'low', score: 25 });
  });

  it('fires for a Chrome 120 agent on a newer engine, naming the newest feature it has', () => {
    expect(evidenceOf(visit(chrome(120), real('chromium', 140)))).toEqual({
      browser: 'Chrome',
      major: 120,
      feature: 'Uint8Array.fromBase64',
      shipped: 140,
      seen: 'present',
    });
  });

  it('fires for Firefox both ways', () => {
    expect(evidenceOf(visit(firefox(145), real('gecko', 120)))).toEqual({
      browser: 'Firefox',
      major: 145,
      feature: 'Promise.withResolvers',
      shipped: 121,
      seen: 'missing',
    });
    expect(evidenceOf(visit(firefox(128), real('gecko', 140)))).toMatchObject({
      feature: 'Error.isError',
      shipped: 138,
      seen: 'present',
    });
  });

  it('allows a major either side of the shipping version (betas, rollouts)', () => {
    const withTry = real('chromium', 126) + bit('Promise.try', 3);
    expect(ids(visit(chrome(127), withTry))).not.toContain('consistency:engine_version');
    expect(ids(visit(chrome(126), withTry))).toContain('consistency:engine_version');
    const withoutTry = real('chromium', 127);
    expect(ids(visit(chrome(128), withoutTry))).not.toContain('consistency:engine_version');
    expect(ids(visit(chrome(129), withoutTry))).toContain('consistency:engine_version');
  });

  it('reads presence from polyfills only as presence: neither a polyfill on an old browser nor a replaced native fires', () => {
    // Chrome 110 on a page that polyfills Object.groupBy and Promise.try: there, not the browser's own.
    const polyfilled = real('chromium', 110) + bit('Object.groupBy', 1) + bit('Promise.try', 1);
    expect(ids(visit(chrome(110), polyfilled))).toEqual([]);
    // Chrome 131 on a page whose core-js replaced the native structuredClone.
    const replaced = real('chromium', 131) - bit('structuredClone', 3) + bit('structuredClone', 1);
    expect(ids(visit(chrome(131), replaced))).toEqual([]);
  });

  it('says nothing for browsers without a table, nor without the probe', () => {
    const safari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.1 Safari/605.1.15';
    expect(ids({ ...visit(safari, 0), enrichment: { browser: 'Safari', os: 'Mac OS' } })).not.toContain(
      'consistency:engine_version',
    );
    const samsung =
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36';
    expect(ids(visit(samsung, 0))).not.toContain('consistency:engine_version');
    expect(ids(visit(chrome(131), undefined))).toEqual([]);
  });

  it('keeps a malformed probe as an unexpected value, without a crash and without this reason', () => {
    for (const engine of ['2047', -1, 4 ** ENGINE_FEATURES.length, { bits: 1 }]) {
      const reasons = reasonsOf(visit(chrome(131), engine));
      expect(reasons.map((reason) => reason.id)).toEqual(['automation:inconsistent_environment']);
      expect(reasons[0]?.evidence).toMatchObject({
        check: 'unexpected_values',
        seen: expect.stringMatching(/^engine=/),
      });
    }
  });
});
