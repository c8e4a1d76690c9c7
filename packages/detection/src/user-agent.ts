import type { BrowserName, DeviceName, OsName } from '@veracity/contracts/detection';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { UAParser } from 'ua-parser-js';

/**
 * A user agent parsed once (ua-parser-js, then cached) into the dashboard's browser, OS and device
 * names (spec 02 §3) and the version tokens the checks compare.
 */
export interface ParsedUserAgent {
  browser: BrowserName;
  browserVersion: string | null;
  os: OsName;
  osVersion: string | null;
  device: DeviceName;
  /** The rendering engine ua-parser-js saw (Blink, WebKit, Gecko, ...). */
  engine: string | null;
  /** `Chrome/M.m.B.p` token: major and build (0 when the agent is reduced to `M.0.0.0`). */
  chromeMajor: number | null;
  chromeBuild: number | null;
  /** `Version/N ... Safari` token of Apple's Safari. */
  safariMajor: number | null;
  firefoxMajor: number | null;
  /** iPhone, iPad or iPod. */
  apple: boolean;
  inApp: boolean;
  /** A phone or tablet: touch is expected. */
  handheld: boolean;
  /** isbot recognises a declared crawler or tool (its pattern is long: cached with the parse). */
  declaredBot: boolean;
}

const BROWSERS: Record<string, BrowserName> = {
  chrome: 'Chrome',
  chromium: 'Chrome',
  'chrome headless': 'Chrome',
  'mobile chrome': 'Chrome Mobile',
  'chrome webview': 'Android WebView',
  webview: 'Android WebView',
  'mobile safari': 'Mobile Safari',
  safari: 'Safari',
  'samsung internet': 'Samsung Browser',
  firefox: 'Firefox',
  'mobile firefox': 'Firefox Mobile',
  'firefox focus': 'Firefox Mobile',
  opera: 'Opera',
  'opera mobi': 'Opera',
  'opera touch': 'Opera',
  'opera gx': 'Opera',
  edge: 'Microsoft Edge',
  yandex: 'Yandex Browser',
  ucbrowser: 'UC Browser',
  silk: 'Silk',
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
};

const OPERATING_SYSTEMS: Record<string, OsName> = {
  android: 'Android',
  'android-x86': 'Android',
  blackberry: 'BlackBerry',
  rim: 'BlackBerry',
  'chrome os': 'Chrome OS',
  'chromium os': 'Chrome OS',
  fedora: 'Fedora',
  'fire os': 'Fire OS',
  linux: 'Linux',
  harmonyos: 'HarmonyOS',
  macos: 'Mac OS',
  'mac os': 'Mac OS',
  openbsd: 'OpenBSD',
  playstation: 'PlayStation',
  tizen: 'Tizen',
  ubuntu: 'Ubuntu',
  windows: 'Windows',
  'windows phone': 'Windows Phone',
  'windows mobile': 'Windows Phone',
  ios: 'iOS',
};

const DESKTOP_OS = new Set<OsName>([
  'Windows',
  'Mac OS',
  'Linux',
  'Chrome OS',
  'Ubuntu',
  'Fedora',
  'OpenBSD',
]);
const IN_APP =
  /FBAN|FBAV|FB_IAB|Instagram|musical_ly|BytedanceWebview|TikTok|Snapchat|LinkedInApp|Pinterest|; wv\)/;

function versionNumber(ua: string, pattern: RegExp): number | null {
  const match = pattern.exec(ua);
  return match?.[1] === undefined ? null : Number(match[1]);
}

function osName(name: string | undefined, device: string | undefined, ua: string): OsName {
  const os = OPERATING_SYSTEMS[(name ?? '').toLowerCase()] ?? 'Other';
  if (os === 'Android' && (/Silk\/|; (KF|AFT)[A-Z]{1,6}\b/.test(ua) || name === 'Fire OS')) return 'Fire OS';
  if (os === 'Android' && (device === 'smarttv' || /Android TV|GoogleTV/.test(ua))) return 'Android TV';
  if (os === 'iOS' && /iPad/.test(ua)) return 'iPadOS';
  return os;
}

function deviceName(type: string | undefined, os: OsName): DeviceName {
  switch (type) {
    case 'mobile':
      return 'Phone';
    case 'tablet':
      return 'Tablet';
    case 'smarttv':
      return 'SmartTV';
    case undefined:
      return DESKTOP_OS.has(os) ? 'Desktop' : 'Not available';
    default:
      return 'Not available';
  }
}

export function parseUserAgent(ua: string): ParsedUserAgent {
  const result = new UAParser(ua).getResult();
  const os = osName(result.os.name, result.device.type, ua);
  const device = deviceName(result.device.type, os);
  const browser = BROWSERS[(result.browser.name ?? '').toLowerCase()] ?? 'Other';
  const apple = /iPhone|iPad|iPod/.test(ua);
  return {
    browser: browser === 'Chrome Mobile' && apple ? 'Chrome Mobile iOS' : browser,
    browserVersion: result.browser.version ?? null,
    os,
    osVersion: result.os.version ?? null,
    device,
    engine: result.engine.name ?? null,
    chromeMajor: versionNumber(ua, /\bChrome\/(\d+)/),
    chromeBuild: versionNumber(ua, /\bChrome\/\d+\.\d+\.(\d+)/),
    safariMajor: /\bSafari\//.test(ua)
      ? versionNumber(ua, /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//)
      : null,
    firefoxMajor: versionNumber(ua, /\bFirefox\/(\d+)/),
    apple,
    inApp: IN_APP.test(ua),
    handheld: device === 'Phone' || device === 'Tablet',
    declaredBot: isbot(ua),
  };
}

/** ua-parser-js costs tens of microseconds; the same few thousand agents make most traffic. */
const cache = new LRUCache<string, ParsedUserAgent>({ max: 5_000 });

export function parseUserAgentCached(ua: string): ParsedUserAgent {
  const cached = cache.get(ua);
  if (cached) return cached;
  const parsed = parseUserAgent(ua);
  cache.set(ua, parsed);
  return parsed;
}
