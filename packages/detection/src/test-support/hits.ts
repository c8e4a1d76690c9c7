import {
  type AssessmentInput,
  type Enrichment,
  NO_ACTIVITY_HISTORY,
  type SensorSignals,
  zAssessmentInput,
} from '@veracity/contracts/detection';
import type { IpFacts, IpIntelligence } from '../ip/ip-intelligence.js';

/** Test hits: a real visitor on desktop Chrome from a residential ISP, and ways to vary it. */

export const AT = Date.UTC(2026, 10, 21, 12, 0, 0);

export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/153.0.0.0 Safari/537.36';
export const CHROME_HINTS = {
  secChUa: '"Chromium";v="153", "Google Chrome";v="153", "Not.A/Brand";v="99"',
  secChUaMobile: '?0',
  secChUaPlatform: '"Windows"',
};
export const FETCH_NAVIGATION = {
  secFetchSite: 'cross-site',
  secFetchMode: 'navigate',
  secFetchDest: 'document',
  secFetchUser: '?1',
};

export const RESIDENTIAL: Enrichment = {
  country: 'ES',
  asn: 3352,
  organisation: 'TELEFONICA DE ESPANA S.A.U.',
  hosting: false,
  isp: 'TELEFONICA DE ESPANA S.A.U.',
  carrier: null,
  browser: 'Chrome',
  browserVersion: '153.0.0.0',
  os: 'Windows',
  osVersion: '10',
  device: 'Desktop',
};

export const DESKTOP_SENSOR: SensorSignals = {
  userAgent: CHROME_WINDOWS,
  platform: 'Win32',
  webdriver: false,
  chromeObject: true,
  pluginsCount: 5,
  mimeTypesCount: 2,
  languages: ['es-ES', 'es', 'en'],
  timezone: 'Europe/Madrid',
  screen: { width: 1920, height: 1080 },
  window: { innerWidth: 1903, innerHeight: 937, outerWidth: 1920, outerHeight: 1040 },
  devicePixelRatio: 1,
  maxTouchPoints: 0,
  hardwareConcurrency: 8,
  webgl: {
    vendor: 'Google Inc. (NVIDIA)',
    renderer: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
  },
  notificationPermission: 'default',
  notificationQueryState: 'prompt',
  visibilityAtLoad: 'visible',
  hiddenAtLoad: false,
  visibleMs: 21_000,
  behaviour: { pointerMoves: 48, clicks: 2, keys: 0, scrolls: 9, touches: 0, dwellMs: 21_000 },
};

/** What WebGL reports on a Mac, an iPhone and an Android phone (the desktop sensor's is Direct3D). */
export const MAC_WEBGL = {
  vendor: 'Google Inc. (Apple)',
  renderer: 'ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)',
};
export const IPHONE_WEBGL = { vendor: 'Apple Inc.', renderer: 'Apple GPU' };
export const ANDROID_WEBGL = { vendor: 'Qualcomm', renderer: 'Adreno (TM) 740' };

export interface HitChanges {
  request?: Partial<AssessmentInput['request']>;
  enrichment?: Partial<Enrichment>;
  sensor?: Partial<SensorSignals> | null;
  campaign?: Partial<AssessmentInput['campaign']>;
  rules?: Partial<AssessmentInput['rules']>;
  history?: Partial<AssessmentInput['history']>;
  kind?: AssessmentInput['kind'];
  channel?: AssessmentInput['channel'];
}

/** A legitimate sensor hit with the given changes, validated by the contract schema. */
export function aHit(changes: HitChanges = {}): AssessmentInput {
  return zAssessmentInput.parse({
    kind: changes.kind ?? 'hit',
    channel: changes.channel ?? 'sensor',
    at: AT,
    request: {
      ip: '81.33.20.7',
      userAgent: CHROME_WINDOWS,
      acceptLanguage: 'es-ES,es;q=0.9,en;q=0.8',
      ...CHROME_HINTS,
      ...FETCH_NAVIGATION,
      referrer: 'https://www.google.com/',
      landingUrl: 'https://shop.example/offer?gclid=Cj0KCQ',
      clickIds: { gclid: 'Cj0KCQ' },
      ...changes.request,
    },
    enrichment: { ...RESIDENTIAL, ...changes.enrichment },
    sensor: changes.sensor === null ? null : { ...DESKTOP_SENSOR, ...changes.sensor },
    campaign: { targetedCountries: ['ES'], trafficType: 'google', paid: true, ...changes.campaign },
    rules: { ipAllowList: [], ipDenyList: [], excludedDomains: [], ...changes.rules },
    history: { ...NO_ACTIVITY_HISTORY, ...changes.history },
  });
}

/** An in-test IpIntelligence: facts by exact address, a residential default for the rest. */
export function fakeIpIntelligence(facts: Record<string, Partial<IpFacts>> = {}): IpIntelligence {
  return {
    lookup(ip: string): IpFacts {
      return {
        country: 'ES',
        asn: 3352,
        organisation: 'TELEFONICA DE ESPANA S.A.U.',
        hosting: false,
        ...facts[ip],
      };
    },
    dataDates: { country: '2026-09-26', asn: '2026-06-17' },
  };
}
