import { THREAT_EVIDENCE_SHAPES } from '@veracity/contracts/threat-evidence';
import { describe, expect, it } from 'vitest';
import { assess } from './assess.js';
import { REASON_POLICY, STEALTH_KIT_WEIGHT } from './policy.js';
import { AT, aHit, CHROME_WINDOWS, type HitChanges, MAC_WEBGL } from './test-support/hits.js';

/** The environment-integrity and sensor-proof reasons (issue 38): each fires, each stays clear of people. */

const assessed = (changes: HitChanges) => assess(aHit(changes));
const ids = (changes: HitChanges) => assessed(changes).reasons.map((reason) => reason.id);
const evidenceOf = (changes: HitChanges, id: keyof typeof THREAT_EVIDENCE_SHAPES) => {
  const found = assessed(changes).reasons.find((reason) => reason.id === id);
  if (found === undefined) throw new Error(`${id} did not fire`);
  expect(THREAT_EVIDENCE_SHAPES[id].parse(found.evidence)).toEqual(found.evidence);
  return found.evidence;
};

const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.1 Safari/605.1.15';
const safariMac: HitChanges = {
  request: { userAgent: SAFARI_MAC, secChUa: null, secChUaMobile: null, secChUaPlatform: null },
  enrichment: { browser: 'Safari', os: 'Mac OS' },
  sensor: {
    userAgent: SAFARI_MAC,
    platform: 'MacIntel',
    chromeObject: false,
    webgl: MAC_WEBGL,
    window: { innerWidth: 1512, innerHeight: 862, outerWidth: 1512, outerHeight: 945 },
    screen: { width: 1512, height: 982 },
  },
};
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/153.0.0.0 Safari/537.36';
const chromeLinux = (sensor: HitChanges['sensor'] = {}): HitChanges => ({
  request: { userAgent: CHROME_LINUX, secChUaPlatform: '"Linux"' },
  enrichment: { os: 'Linux' },
  sensor: { userAgent: CHROME_LINUX, platform: 'Linux x86_64', ...sensor },
});
const CHROME_BRANDS = [
  { brand: 'Chromium', version: '153' },
  { brand: 'Google Chrome', version: '153' },
  { brand: 'Not.A/Brand', version: '99' },
];
const chromeUaData = { brands: CHROME_BRANDS, mobile: false, platform: 'Windows' };
const CHROME_SEC_CH_UA = '"Chromium";v="153", "Google Chrome";v="153", "Not.A/Brand";v="99"';

describe('automation:patched_native', () => {
  it('fires for rewritten functions and for properties a script defined on navigator', () => {
    expect(
      evidenceOf({ sensor: { patched: ['permissions.query', 'toString'] } }, 'automation:patched_native'),
    ).toEqual({
      patched: ['permissions.query', 'toString'],
      navigatorOwn: [],
    });
    expect(evidenceOf({ sensor: { navigatorOwn: ['webdriver'] } }, 'automation:patched_native')).toEqual({
      patched: [],
      navigatorOwn: ['webdriver'],
    });
    // Chrome defines Navigator.prototype.webdriver: deleting it is the stealth plugin's mark.
    expect(ids({ sensor: { patched: ['webdriver:absent'] } })).toContain('automation:patched_native');
  });

  it('does not fire for untouched browsers, nor for a Safari without the webdriver getter', () => {
    expect(ids({ sensor: { patched: [], navigatorOwn: [] } })).not.toContain('automation:patched_native');
    const safari = {
      ...safariMac,
      sensor: { ...safariMac.sensor, patched: ['webdriver:absent'], navigatorOwn: [] },
    };
    expect(ids(safari)).toEqual([]);
  });

  it('weighs more when toString was rewritten to hide two or more other rewrites (a stealth kit)', () => {
    const weightOf = (patched: string[]) =>
      assessed({ sensor: { patched } }).reasons.find((reason) => reason.id === 'automation:patched_native')
        ?.weight;
    // What the stealth plugin leaves in Debian's Chromium: languages, cores, toString, permissions, WebGL.
    expect(
      weightOf(['languages', 'hardwareConcurrency', 'toString', 'permissions.query', 'getParameter']),
    ).toBe(STEALTH_KIT_WEIGHT);
    expect(weightOf(['toString', 'permissions.query'])).toBe(
      REASON_POLICY['automation:patched_native'].weight,
    );
    expect(weightOf(['userAgent', 'platform', 'languages'])).toBe(
      REASON_POLICY['automation:patched_native'].weight,
    );
  });
});

describe('automation:window_chrome', () => {
  it('fires for a desktop window whose outer size is its inner size, at a low weight', () => {
    const window = { innerWidth: 1280, innerHeight: 720, outerWidth: 1280, outerHeight: 720 };
    const result = assessed({ sensor: { window } });
    expect(result.reasons.map((reason) => reason.id)).toEqual(['automation:window_chrome']);
    expect(result.riskLevel).toBe('low');
    expect(result.reasons[0]?.evidence).toEqual({ width: 1280, height: 720 });
  });

  it('does not fire for a phone nor for a page in a frame', () => {
    const window = { innerWidth: 390, innerHeight: 844, outerWidth: 390, outerHeight: 844 };
    const android =
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/153.0.0.0 Mobile Safari/537.36';
    expect(
      ids({
        request: { userAgent: android },
        sensor: { userAgent: android, platform: 'Linux armv81', window },
      }),
    ).not.toContain('automation:window_chrome');
    expect(ids({ sensor: { window, frame: { width: 390, height: 844 } } })).not.toContain(
      'automation:window_chrome',
    );
  });
});

describe('consistency:window_screen', () => {
  it("fires for old headless Chrome's 1280×720 window on an 800×600 screen", () => {
    expect(
      evidenceOf(
        {
          sensor: {
            screen: { width: 800, height: 600 },
            window: { innerWidth: 1280, innerHeight: 657, outerWidth: 1280, outerHeight: 720 },
          },
        },
        'consistency:window_screen',
      ),
    ).toEqual({ outerWidth: 1280, outerHeight: 720, screenWidth: 800, screenHeight: 600 });
  });

  it('does not fire for a zoomed-out page (the inner size grows, the outer does not) nor across two screens', () => {
    const zoomedOut = { innerWidth: 3840, innerHeight: 2000, outerWidth: 1920, outerHeight: 1040 };
    expect(ids({ sensor: { window: zoomedOut } })).toEqual([]);
    const spanning = { innerWidth: 2000, innerHeight: 1000, outerWidth: 2016, outerHeight: 1040 };
    expect(ids({ sensor: { window: spanning } })).toEqual([]);
  });
});

describe('consistency:webgl_renderer', () => {
  it('fires for Direct3D off Windows, a software renderer on a Windows or Mac claim, an Apple GPU on Windows', () => {
    const d3d = {
      vendor: 'Google Inc. (NVIDIA)',
      renderer: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11)',
    };
    expect(evidenceOf(chromeLinux({ webgl: d3d }), 'consistency:webgl_renderer')).toMatchObject({
      rule: 'direct3d_off_windows',
      os: 'Linux',
    });
    const swiftShader = {
      vendor: 'Google Inc. (Google)',
      renderer: 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)',
    };
    expect(evidenceOf({ sensor: { webgl: swiftShader } }, 'consistency:webgl_renderer')).toMatchObject({
      rule: 'software_renderer',
    });
    expect(evidenceOf({ sensor: { webgl: MAC_WEBGL } }, 'consistency:webgl_renderer')).toMatchObject({
      rule: 'apple_gpu_off_apple',
      os: 'Windows',
    });
  });

  it("fires for a renderer without ANGLE's wording on a desktop Chrome claim, and Apple's OpenGL names off Apple", () => {
    const nativeGl = { vendor: 'NVIDIA Corporation', renderer: 'NVIDIA GeForce GTX 1050/PCIe/SSE2' };
    expect(evidenceOf({ sensor: { webgl: nativeGl } }, 'consistency:webgl_renderer')).toMatchObject({
      rule: 'not_angle',
      os: 'Windows',
    });
    // The stealth plugin's default WebGL spoof, on its Windows mask and on a Linux agent.
    const spoofed = { vendor: 'Intel Inc.', renderer: 'Intel Iris OpenGL Engine' };
    for (const changes of [{ sensor: { webgl: spoofed } }, chromeLinux({ webgl: spoofed })]) {
      expect(evidenceOf(changes, 'consistency:webgl_renderer')).toMatchObject({
        rule: 'apple_gpu_off_apple',
      });
    }
  });

  it('does not fire for a masked renderer, ANGLE on a Mac, nor a phone GPU', () => {
    expect(ids({ sensor: { webgl: { vendor: 'WebKit', renderer: 'WebKit WebGL' } } })).toEqual([]);
    const macChrome = {
      vendor: 'Google Inc. (Intel Inc.)',
      renderer: 'ANGLE (Intel Inc., Intel(R) Iris(TM) Plus Graphics OpenGL Engine, OpenGL 4.1)',
    };
    expect(ids({ sensor: { webgl: macChrome } })).not.toContain('consistency:webgl_renderer');
    expect(ids(safariMac)).toEqual([]);
  });

  it('does not fire for Direct3D on Windows, a Mac GPU on a Mac, nor llvmpipe on a Linux desktop', () => {
    expect(ids({})).toEqual([]);
    expect(ids(safariMac)).toEqual([]);
    const llvmpipe = { vendor: 'Mesa', renderer: 'llvmpipe (LLVM 17.0.6, 256 bits)' };
    expect(ids(chromeLinux({ webgl: llvmpipe }))).toEqual([]);
  });
});

describe('consistency:ua_data', () => {
  it('stays clear of a real Chrome whose userAgentData agrees with its agent and headers', () => {
    expect(ids({ request: { secChUa: CHROME_SEC_CH_UA }, sensor: { uaData: chromeUaData } })).toEqual([]);
  });

  it('fires for userAgentData under a Safari agent (a Chromium in disguise)', () => {
    const disguised = {
      ...safariMac,
      sensor: { ...safariMac.sensor, uaData: { ...chromeUaData, platform: 'macOS' } },
    };
    expect(evidenceOf(disguised, 'consistency:ua_data')).toMatchObject({ check: 'not_chromium' });
  });

  it('fires for another major, another platform, a mobile flag on Windows, other brands than the header', () => {
    const older = CHROME_BRANDS.map((brand) =>
      brand.brand === 'Not.A/Brand' ? brand : { ...brand, version: '120' },
    );
    expect(
      evidenceOf({ sensor: { uaData: { ...chromeUaData, brands: older } } }, 'consistency:ua_data'),
    ).toMatchObject({
      check: 'version',
    });
    expect(
      evidenceOf({ sensor: { uaData: { ...chromeUaData, platform: 'Linux' } } }, 'consistency:ua_data'),
    ).toMatchObject({
      check: 'platform',
      seen: 'Linux',
    });
    expect(
      evidenceOf({ sensor: { uaData: { ...chromeUaData, mobile: true } } }, 'consistency:ua_data'),
    ).toMatchObject({
      check: 'mobile',
    });
    expect(
      evidenceOf(
        {
          request: { secChUa: '"Chromium";v="153", "Not.A/Brand";v="99"' },
          sensor: { uaData: chromeUaData },
        },
        'consistency:ua_data',
      ),
    ).toMatchObject({ check: 'header_brands' });
  });

  it('fires for a Brave brand without navigator.brave and an Edge brand without the Edg/ token', () => {
    const brave = [{ brand: 'Brave', version: '153' }, ...CHROME_BRANDS.slice(0, 1)];
    expect(
      evidenceOf(
        { request: { secChUa: null }, sensor: { brave: false, uaData: { ...chromeUaData, brands: brave } } },
        'consistency:ua_data',
      ),
    ).toMatchObject({ check: 'brand_marks', claimed: 'Brave' });
    expect(
      ids({
        request: { secChUa: null },
        sensor: { brave: true, uaData: { ...chromeUaData, brands: brave } },
      }),
    ).toEqual([]);
    const edge = [{ brand: 'Microsoft Edge', version: '153' }, ...CHROME_BRANDS.slice(0, 1)];
    expect(
      evidenceOf(
        { request: { secChUa: null }, sensor: { uaData: { ...chromeUaData, brands: edge } } },
        'consistency:ua_data',
      ),
    ).toMatchObject({
      check: 'brand_marks',
      claimed: 'Microsoft Edge',
    });
    const edgeAgent = `${CHROME_WINDOWS} Edg/153.0.3405.80`;
    expect(
      ids({
        request: { userAgent: edgeAgent, secChUa: null },
        enrichment: { browser: 'Microsoft Edge' },
        sensor: { userAgent: edgeAgent, uaData: { ...chromeUaData, brands: edge } },
      }),
    ).toEqual([]);
  });
});

describe('sensor:no_proof', () => {
  it('fires for a page view without a valid proof, with what was wrong', () => {
    for (const proof of ['missing', 'malformed', 'forged', 'expired'] as const) {
      const result = assess({ ...aHit(), sensorProof: proof });
      expect(result.reasons.map((reason) => reason.id)).toEqual(['sensor:no_proof']);
      expect(result.reasons[0]?.evidence).toEqual({ proof });
      // Alone it is suspicious, never invalid.
      expect(result.riskLevel).toBe('medium');
    }
  });

  it('says nothing for a valid proof, for another channel, or when nothing was checked', () => {
    expect(assess({ ...aHit(), sensorProof: 'valid' }).reasons).toEqual([]);
    expect(assess({ ...aHit({ channel: 's2s', sensor: null }), sensorProof: 'missing' }).reasons).toEqual([]);
    expect(assess({ ...aHit(), sensorProof: null }).reasons).toEqual([]);
  });

  it('makes a stealth browser that posts its own page views invalid with its patched functions', () => {
    const stealth = {
      ...aHit({
        sensor: {
          patched: ['permissions.query'],
          window: { innerWidth: 1280, innerHeight: 720, outerWidth: 1280, outerHeight: 720 },
        },
      }),
      sensorProof: 'forged' as const,
      at: AT,
    };
    const result = assess(stealth);
    expect(result.reasons.map((reason) => reason.id).sort()).toEqual([
      'automation:patched_native',
      'automation:window_chrome',
      'sensor:no_proof',
    ]);
    expect(result.riskLevel).toBe('high');
  });
});
