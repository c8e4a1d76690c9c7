import { HTTP_STATUS } from '@veracity/contracts/errors';
import { type Health, STORE_DOWN_DETAIL, STORE_WARNING_DETAIL, zHealth } from '@veracity/contracts/health';
import { PRODUCT_VERSION } from '@veracity/contracts/storage-keys';
import { ipDataDates } from '@veracity/detection/ip/data-packages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StoreHealth } from '../../storage/store-health.js';

export interface HealthCheck {
  name: string;
  check(): Promise<StoreHealth>;
}

/**
 * GET /api/health: public, for load balancers and operators; 503 as soon as one store is down. A store's
 * own message is logged, never answered: a public caller learns that a store is down, not its driver,
 * paths or hosts.
 */
export const healthRoutes: (
  checks: readonly HealthCheck[],
  ingestState?: () => NonNullable<Health['ingest']>,
  publicUrl?: string | null,
) => FastifyPluginAsyncZod = (checks, ingestState, publicUrl) => async (app) => {
  const access = { kind: 'public' } as const;
  app.get(
    '/health',
    { config: { access }, schema: { response: { 200: zHealth, 503: zHealth } } },
    async (request, reply) => {
      const stores = await Promise.all(
        checks.map(async ({ name, check }) => {
          const result = await check().catch(
            (error: unknown): StoreHealth => ({
              status: 'down',
              kind: 'unknown',
              detail: error instanceof Error ? error.message : String(error),
            }),
          );
          if (result.detail !== undefined) {
            request.log.warn({ store: name, status: result.status, detail: result.detail }, 'store health');
          }
          return {
            name,
            ...result,
            ...(result.detail === undefined
              ? {}
              : { detail: result.status === 'down' ? STORE_DOWN_DETAIL : STORE_WARNING_DETAIL }),
            ...(result.latencyMs === undefined ? {} : { latencyMs: round(result.latencyMs) }),
          };
        }),
      );
      const healthy = stores.every((store) => store.status === 'up');
      const ipDates = ipDataDates(); // two package.json versions, read once; not the tables
      const body: Health = {
        status: healthy ? 'ok' : 'degraded',
        version: PRODUCT_VERSION,
        uptimeSeconds: Math.round(process.uptime()),
        stores,
        ...(ingestState ? { ingest: ingestState() } : {}),
        data: { ipCountry: ipDates.country, ipAsn: ipDates.asn },
        ...(publicUrl === undefined ? {} : { publicUrl }),
      };
      reply.header('cache-control', 'no-store');
      return reply.code(healthy ? HTTP_STATUS.OK : HTTP_STATUS.SERVICE_UNAVAILABLE).send(body);
    },
  );
};

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
