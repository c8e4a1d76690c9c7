import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ThirdPartySources } from '../features/client-config/third-party-sources.js';

/**
 * Security headers on every response. The dashboard's CSP allows only its own origin for scripts and
 * connections; inline styles stay allowed because the component library positions floating layers
 * with style attributes. A configured error tracker or support chat adds its own addresses
 * (`thirdParty`, see features/client-config/third-party-sources.ts).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  thirdParty: ThirdPartySources = {},
): Promise<void> {
  const extra = (directive: keyof ThirdPartySources) => thirdParty[directive] ?? [];
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
        ...(thirdParty.frameSrc ? { frameSrc: thirdParty.frameSrc } : {}),
        ...(thirdParty.workerSrc ? { workerSrc: ["'self'", ...thirdParty.workerSrc] } : {}),
        ...(thirdParty.mediaSrc ? { mediaSrc: ["'self'", ...thirdParty.mediaSrc] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
}
