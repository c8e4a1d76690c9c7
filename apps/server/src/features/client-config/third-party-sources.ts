import type { Config } from '../../config.js';

/** CSP directives the dashboard widens for a configured outside service; the rest stays 'self'. */
export type ThirdPartySources = Partial<
  Record<
    'scriptSrc' | 'styleSrc' | 'imgSrc' | 'fontSrc' | 'connectSrc' | 'frameSrc' | 'workerSrc' | 'mediaSrc',
    string[]
  >
>;

/**
 * The addresses Crisp's chatbox needs (Crisp's "Crisp Domain Names" list): its script, styles, fonts
 * and settings, avatars, file storage, the wait game's frame, the messaging WebSockets, and Web
 * Workers started from blob: URLs.
 */
const CRISP_SOURCES = {
  scriptSrc: ['https://client.crisp.chat', 'https://settings.crisp.chat'],
  styleSrc: ['https://client.crisp.chat'],
  imgSrc: ['https://client.crisp.chat', 'https://image.crisp.chat', 'https://storage.crisp.chat'],
  fontSrc: ['https://client.crisp.chat'],
  connectSrc: [
    'https://client.crisp.chat',
    'https://storage.crisp.chat',
    'wss://client.relay.crisp.chat',
    'wss://stream.relay.crisp.chat',
  ],
  frameSrc: ['https://game.crisp.chat'],
  workerSrc: ['blob:', 'https://client.crisp.chat'],
  mediaSrc: ['https://client.crisp.chat'],
} satisfies ThirdPartySources;

/** Where Google Tag Manager and the Google Analytics tags it loads fetch and send from. */
const GTM_ORIGIN = 'https://www.googletagmanager.com';
const GOOGLE_ANALYTICS_SOURCES = [
  GTM_ORIGIN,
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
];

/** Chargebee.js's own frames (checkout and portal run in frames of js.chargebee.com and the site). */
const CHARGEBEE_JS_ORIGIN = 'https://js.chargebee.com';

/**
 * The sources the configured services add to the CSP: the error tracker's ingestion origin (the
 * browser SDK posts reports there); the chat widget's script origin with Crisp's own addresses;
 * Chargebee.js (its script, the site's checkout and portal frames and API); Google Tag Manager with
 * Google Analytics; the track host the sign-up conversion goes to. Nothing when none is configured.
 */
export function thirdPartySources(
  config: Pick<Config, 'errorTracking' | 'supportChat' | 'billing' | 'tagManager' | 'conversionTracking'>,
): ThirdPartySources {
  const sources: Required<ThirdPartySources> = {
    scriptSrc: [],
    styleSrc: [],
    imgSrc: [],
    fontSrc: [],
    connectSrc: [],
    frameSrc: [],
    workerSrc: [],
    mediaSrc: [],
  };
  if (config.errorTracking) sources.connectSrc.push(config.errorTracking.origin);
  if (config.supportChat) {
    const scriptOrigin = new URL(config.supportChat.scriptUrl).origin;
    for (const [directive, list] of Object.entries(CRISP_SOURCES) as [keyof ThirdPartySources, string[]][]) {
      sources[directive].push(...list);
    }
    for (const directive of ['scriptSrc', 'styleSrc', 'imgSrc', 'fontSrc', 'connectSrc'] as const) {
      sources[directive].push(scriptOrigin);
    }
  }
  if (config.billing.provider === 'chargebee') {
    const site = `https://${config.billing.chargebee.site}.chargebee.com`;
    sources.scriptSrc.push(new URL(config.billing.scriptUrl).origin);
    sources.frameSrc.push(site, CHARGEBEE_JS_ORIGIN);
    sources.connectSrc.push(site);
  }
  if (config.tagManager) {
    sources.scriptSrc.push(GTM_ORIGIN);
    sources.imgSrc.push(...GOOGLE_ANALYTICS_SOURCES);
    sources.connectSrc.push(...GOOGLE_ANALYTICS_SOURCES);
  }
  if (config.conversionTracking) sources.connectSrc.push(config.conversionTracking.origin);
  return Object.fromEntries(
    Object.entries(sources)
      .filter(([, list]) => list.length > 0)
      .map(([directive, list]) => [directive, [...new Set(list)]]),
  );
}
