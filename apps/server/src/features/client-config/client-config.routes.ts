import { CLIENT_CONFIG_PATH, type ClientConfig, zClientConfig } from '@veracity/contracts/client-config';
import { PRODUCT_VERSION } from '@veracity/contracts/storage-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';

/** What GET /api/client-config answers: the same for everyone, decided at start. */
export function describeClientConfig(
  config: Pick<Config, 'errorTracking' | 'supportChat' | 'billing' | 'tagManager' | 'conversionTracking'>,
): ClientConfig {
  const { errorTracking, supportChat, billing, tagManager, conversionTracking } = config;
  return {
    errorTracking: errorTracking
      ? { dsn: errorTracking.dsn, environment: errorTracking.environment, release: PRODUCT_VERSION }
      : null,
    supportChat: supportChat ?? null,
    billing:
      billing.provider === 'chargebee'
        ? { provider: 'chargebee', site: billing.chargebee.site, scriptUrl: billing.scriptUrl }
        : { provider: 'builtin' },
    tagManager: tagManager ? { containerId: tagManager.containerId } : null,
    conversionTracking: conversionTracking ? { url: conversionTracking.url } : null,
  };
}

/**
 * GET /api/client-config: public, because the login page reports its errors too. Read at run time,
 * so one build of the dashboard serves any installation (SENTRY_DSN is never baked into the build).
 */
export const clientConfigRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    const body = describeClientConfig(config);
    app.get(
      CLIENT_CONFIG_PATH,
      { config: { access: { kind: 'public' } }, schema: { response: { 200: zClientConfig } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return body;
      },
    );
  };
