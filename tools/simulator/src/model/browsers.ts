import type { S2sVisitorHeaders } from '@veracity/contracts/s2s';
import type { Random } from './random.js';

/**
 * Real browsers as they present themselves at a given date: the user agent (Chrome's reduced
 * `M.0.0.0` form), the client hints Chromium sends with it, and the device facts a collection script
 * reads (navigator.platform, screen, touch points). Versions follow the release trains from the hit's
 * date, so a simulated hit never claims a browser that had not shipped yet.
 */

export type BrowserFamily =
  | 'chrome_windows'
  | 'edge_windows'
  | 'chrome_mac'
  | 'safari_mac'
  | 'firefox_windows'
  | 'firefox_mac'
  | 'safari_iphone'
  | 'chrome_android'
  | 'samsung_android';

export const DESKTOP_FAMILIES: Partial<Record<BrowserFamily, number>> = {
  chrome_windows: 44,
  edge_windows: 14,
  chrome_mac: 13,
  safari_mac: 14,
  firefox_windows: 10,
  firefox_mac: 5,
};
export const MOBILE_FAMILIES: Partial<Record<BrowserFamily, number>> = {
  safari_iphone: 50,
  chrome_android: 38,
  samsung_android: 12,
};

export interface BrowserProfile {
  family: BrowserFamily;
  engine: 'chromium' | 'gecko' | 'webkit';
  mobile: boolean;
  userAgent: string;
  /** Client hints (Chromium only), without Accept-Language and Sec-Fetch-*. */
  clientHints: S2sVisitorHeaders;
  platform: string;
  screen: { width: number; height: number };
  devicePixelRatio: number;
  window: { innerWidth: number; innerHeight: number; outerWidth: number; outerHeight: number };
  maxTouchPoints: number;
  hardwareConcurrency: number;
  pluginsCount: number;
  mimeTypesCount: number;
  chromeObject: boolean;
  /** Notification API present (not in iOS Safari outside a home-screen app). */
  notifications: boolean;
}

const DAY_MS = 86_400_000;
/** Public release dates: Chrome 131 on 12 Nov 2024, Firefox 133 on 26 Nov 2024, both every four weeks. */
const CHROME_ANCHOR = { major: 131, at: Date.UTC(2024, 10, 12) };
const FIREFOX_ANCHOR = { major: 133, at: Date.UTC(2024, 10, 26) };
const CYCLE_MS = 28 * DAY_MS;

function stableMajor(anchor: { major: number; at: number }, at: number): number {
  return anchor.major + Math.floor((at - anchor.at) / CYCLE_MS);
}

/** Most people run the current major; auto-update leaves a tail one or two behind. */
function installedMajor(anchor: { major: number; at: number }, at: number, random: Random): number {
  return stableMajor(anchor, at) - random.pick([0, 0, 0, 0, 1, 1, 2]);
}

/** Safari 18 until September 2025, then Safari 26 and one major each September. */
export function safariMajor(at: number): number {
  const date = new Date(at);
  const year = date.getUTCFullYear() % 100;
  const major = date.getUTCMonth() >= 8 ? year + 1 : year;
  return major >= 26 ? major : 18;
}

function greaseBrand(major: number): string {
  return ['"Not?A_Brand";v="99"', '"Not_A Brand";v="24"', '"Not A(Brand";v="8"', '"Not)A;Brand";v="99"'][
    major % 4
  ] as string;
}

/** Chromium's full version for a major: its branch build (about 61 builds a major) and a patch. */
function chromiumVersion(major: number, random: Random): string {
  return `${major}.0.${6723 + (major - 130) * 61}.${random.int(40, 140)}`;
}

/**
 * Client hints of a Chromium browser. `brand` is the vendor brand (Google Chrome, Microsoft Edge,
 * Samsung Internet) with its own version; Chromium carries the engine's full version.
 */
function chromiumHints(
  brand: { name: string; version: string },
  chromium: string,
  platform: string,
  platformVersion: string,
  mobile: boolean,
): S2sVisitorHeaders {
  const major = Number(chromium.split('.')[0]);
  const grease = greaseBrand(major);
  const brands = [`"${brand.name}";v="${brand.version.split('.')[0]}"`, `"Chromium";v="${major}"`, grease];
  const full = [
    `"${brand.name}";v="${brand.version}"`,
    `"Chromium";v="${chromium}"`,
    grease.replace(/v="(\d+)"/, 'v="$1.0.0.0"'),
  ];
  return {
    'sec-ch-ua': brands.join(', '),
    'sec-ch-ua-mobile': mobile ? '?1' : '?0',
    'sec-ch-ua-platform': `"${platform}"`,
    'sec-ch-ua-platform-version': `"${platformVersion}"`,
    'sec-ch-ua-full-version-list': full.join(', '),
  };
}

const DESKTOP_SCREENS = [
  { width: 1920, height: 1080, dpr: 1, weight: 40 },
  { width: 1536, height: 864, dpr: 1.25, weight: 20 },
  { width: 1366, height: 768, dpr: 1, weight: 12 },
  { width: 2560, height: 1440, dpr: 1, weight: 10 },
  { width: 1280, height: 720, dpr: 1.5, weight: 6 },
] as const;
const MAC_SCREENS = [
  { width: 1512, height: 982, dpr: 2 },
  { width: 1440, height: 900, dpr: 2 },
  { width: 1728, height: 1117, dpr: 2 },
  { width: 1920, height: 1080, dpr: 1 },
  { width: 2560, height: 1440, dpr: 1 },
] as const;
const IPHONE_SCREENS = [
  { width: 390, height: 844, dpr: 3 },
  { width: 393, height: 852, dpr: 3 },
  { width: 430, height: 932, dpr: 3 },
  { width: 402, height: 874, dpr: 3 },
  { width: 375, height: 667, dpr: 2 },
] as const;
const ANDROID_SCREENS = [
  { width: 412, height: 915, dpr: 2.625 },
  { width: 360, height: 800, dpr: 3 },
  { width: 384, height: 854, dpr: 2.8125 },
  { width: 412, height: 892, dpr: 2.625 },
  { width: 393, height: 873, dpr: 2.75 },
] as const;

function desktopScreen(random: Random): (typeof DESKTOP_SCREENS)[number] {
  const index = random.weighted(
    Object.fromEntries(DESKTOP_SCREENS.map((screen, i) => [String(i), screen.weight])),
  );
  return DESKTOP_SCREENS[Number(index)] ?? DESKTOP_SCREENS[0];
}

function desktopWindow(screen: { width: number; height: number }, random: Random) {
  const maximised = random.chance(0.7);
  const outerWidth = maximised ? screen.width : random.int(Math.round(screen.width * 0.6), screen.width);
  const outerHeight = screen.height - (maximised ? 40 : random.int(40, 200));
  return {
    innerWidth: outerWidth - (random.chance(0.2) ? 15 : 0),
    innerHeight: outerHeight - 87,
    outerWidth,
    outerHeight,
  };
}

function mobileWindow(screen: { width: number; height: number }, random: Random) {
  const innerHeight = screen.height - random.int(90, 140);
  return { innerWidth: screen.width, innerHeight, outerWidth: screen.width, outerHeight: innerHeight };
}

/** One person's browser at `at`. */
export function browserProfile(family: BrowserFamily, at: number, random: Random): BrowserProfile {
  const chrome = installedMajor(CHROME_ANCHOR, at, random);
  const full = chromiumVersion(chrome, random);
  const cores = random.pick([4, 8, 8, 8, 12, 16]);
  switch (family) {
    case 'chrome_windows':
    case 'edge_windows': {
      const edge = family === 'edge_windows';
      const screen = desktopScreen(random);
      const ua =
        `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Safari/537.36` +
        (edge ? ` Edg/${chrome}.0.0.0` : '');
      return {
        family,
        engine: 'chromium',
        mobile: false,
        userAgent: ua,
        clientHints: chromiumHints(
          { name: edge ? 'Microsoft Edge' : 'Google Chrome', version: full },
          full,
          'Windows',
          random.pick(['10.0.0', '15.0.0', '19.0.0']),
          false,
        ),
        platform: 'Win32',
        screen: { width: screen.width, height: screen.height },
        devicePixelRatio: screen.dpr,
        window: desktopWindow(screen, random),
        maxTouchPoints: 0,
        hardwareConcurrency: cores,
        pluginsCount: 5,
        mimeTypesCount: 2,
        chromeObject: true,
        notifications: true,
      };
    }
    case 'chrome_mac':
    case 'safari_mac':
    case 'firefox_mac': {
      const screen = random.pick(MAC_SCREENS);
      const base = {
        family,
        mobile: false,
        clientHints: {},
        platform: 'MacIntel',
        screen: { width: screen.width, height: screen.height },
        devicePixelRatio: screen.dpr,
        window: desktopWindow(screen, random),
        maxTouchPoints: 0,
        hardwareConcurrency: random.pick([8, 8, 10, 12]),
        pluginsCount: 5,
        mimeTypesCount: 2,
        chromeObject: false,
        notifications: true,
      };
      if (family === 'chrome_mac') {
        return {
          ...base,
          engine: 'chromium',
          userAgent: `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome}.0.0.0 Safari/537.36`,
          clientHints: chromiumHints(
            { name: 'Google Chrome', version: full },
            full,
            'macOS',
            random.pick(['15.6.1', '26.1.0', '14.7.2']),
            false,
          ),
          chromeObject: true,
        };
      }
      if (family === 'safari_mac') {
        const safari = safariMajor(at);
        return {
          ...base,
          engine: 'webkit',
          userAgent: `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${safari}.${random.int(0, 1)} Safari/605.1.15`,
        };
      }
      const firefox = installedMajor(FIREFOX_ANCHOR, at, random);
      return {
        ...base,
        engine: 'gecko',
        userAgent: `Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:${firefox}.0) Gecko/20100101 Firefox/${firefox}.0`,
      };
    }
    case 'firefox_windows': {
      const firefox = installedMajor(FIREFOX_ANCHOR, at, random);
      const screen = desktopScreen(random);
      return {
        family,
        engine: 'gecko',
        mobile: false,
        userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${firefox}.0) Gecko/20100101 Firefox/${firefox}.0`,
        clientHints: {},
        platform: 'Win32',
        screen: { width: screen.width, height: screen.height },
        devicePixelRatio: screen.dpr,
        window: desktopWindow(screen, random),
        maxTouchPoints: 0,
        hardwareConcurrency: cores,
        pluginsCount: 5,
        mimeTypesCount: 2,
        chromeObject: false,
        notifications: true,
      };
    }
    case 'safari_iphone': {
      const safari = safariMajor(at);
      // iOS 26 froze the OS version in the agent at 18_6; the Version/ token carries the real one.
      const os = safari >= 26 ? '18_6' : `18_${random.int(3, 6)}`;
      const screen = random.pick(IPHONE_SCREENS);
      return {
        family,
        engine: 'webkit',
        mobile: true,
        userAgent: `Mozilla/5.0 (iPhone; CPU iPhone OS ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${safari}.${random.int(0, 1)} Mobile/15E148 Safari/604.1`,
        clientHints: {},
        platform: 'iPhone',
        screen: { width: screen.width, height: screen.height },
        devicePixelRatio: screen.dpr,
        window: mobileWindow(screen, random),
        maxTouchPoints: 5,
        hardwareConcurrency: 6,
        pluginsCount: 0,
        mimeTypesCount: 0,
        chromeObject: false,
        notifications: false,
      };
    }
    case 'chrome_android':
    case 'samsung_android': {
      const samsung = family === 'samsung_android';
      // Samsung Internet ships on a Chromium a few majors behind Chrome.
      const major = samsung ? chrome - 6 : chrome;
      const samsungVersion = `${Math.max(27, 28 + Math.floor((major - 130) / 4))}.0`;
      const engine = chromiumVersion(major, random);
      const screen = random.pick(ANDROID_SCREENS);
      return {
        family,
        engine: 'chromium',
        mobile: true,
        userAgent: samsung
          ? `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/${samsungVersion} Chrome/${major}.0.0.0 Mobile Safari/537.36`
          : `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`,
        clientHints: chromiumHints(
          {
            name: samsung ? 'Samsung Internet' : 'Google Chrome',
            version: samsung ? samsungVersion : engine,
          },
          engine,
          'Android',
          random.pick(['14.0.0', '15.0.0', '16.0.0']),
          true,
        ),
        platform: 'Linux armv81',
        screen: { width: screen.width, height: screen.height },
        devicePixelRatio: screen.dpr,
        window: mobileWindow(screen, random),
        maxTouchPoints: 5,
        hardwareConcurrency: 8,
        pluginsCount: 0,
        mimeTypesCount: 0,
        chromeObject: true,
        notifications: true,
      };
    }
  }
}
