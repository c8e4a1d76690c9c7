import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ThirdPartySources } from '../features/client-config/third-party-sources.js';

/**
 * Powerful browser features the dashboard never uses, refused to it and to anything it frames. Only
 * features Chromium recognises are named (it reports an unknown one as a console error), and
 * what the dashboard does use (the clipboard of its copy buttons) keeps its default, its own origin.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** A year, without subdomains: PUBLIC_URL names one host, whose siblings may not all have TLS. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

interface SkippableRouteConfig {
  helmet?: { skipRoute?: boolean };
}

/**
 * Security headers on every response. The dashboard's CSP allows only its own origin for scripts and
 * connections; inline styles stay allowed because the component library positions floating layers
 * with style attributes. A configured error tracker or support chat adds its own addresses
 * (`thirdParty`, see features/client-config/third-party-sources.ts).
 *
 * HSTS goes out when PUBLIC_URL is https. A Permissions-Policy goes on the dashboard's pages and the API's
 * answers, not on the routes that skip helmet (the sensor script and the collector: a policy governs the
 * document it comes with, and the script runs under its host page's). Every /api answer is
 * `Cache-Control: no-store`: logins, sign-ups, resets and support log-ins carry session tokens, and no
 * answer of the API (keys, account data, reports) belongs in a shared or disk cache; a route may still
 * set its own value.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  thirdParty: ThirdPartySources = {},
): Promise<void> {
  const extra = (directive: keyof ThirdPartySources) => thirdParty[directive] ?? [];
  const https = publicUrl.startsWith('https:');
  // A callback hook: it runs on every request, the collector's included.
  app.addHook('onRequest', (request, reply, done) => {
    if (!(request.routeOptions.config as SkippableRouteConfig).helmet?.skipRoute) {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    }
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra('scriptSrc')],
        styleSrc: ["'self'", "'unsafe-inline'", ...extra('styleSrc')],
        imgSrc: ["'self'", 'data:', ...extra('imgSrc')],
        fontSrc: ["'self'", 'data:', ...extra('fontSrc')],
        connectSrc: ["'self'", ...extra('connectSrc')],
        // The dashboard's own frames (the built-in test-mode checkout) stay allowed beside a service's.
        ...(thirdParty.frameSrc ? { frameSrc: ["'self'", ...thirdParty.frameSrc] } : {}),
        ...(thirdParty.workerSrc ? { workerSrc: ["'self'", ...thirdParty.workerSrc] } : {}),
        ...(thirdParty.mediaSrc ? { mediaSrc: ["'self'", ...thirdParty.mediaSrc] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
  });
}
