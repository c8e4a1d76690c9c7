import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built dashboard: hashed assets with a long cache, Brotli or gzip when the browser takes it
 * and the build wrote them, and index.html for every other non-API GET (the client router takes it
 * from there). /api paths never fall through to the page.
 */
export async function registerDashboard(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasDashboard = indexFile !== undefined && existsSync(indexFile);
  if (hasDashboard && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: ['index.html'],
      // The build writes .br and .gz copies of text assets (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders(response, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'dashboard build not found: serving the API only (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && wantsPage && hasDashboard) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    return reply
      .code(HTTP_STATUS.NOT_FOUND)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(`Route ${request.method} ${pathname} not found`));
  });
}
