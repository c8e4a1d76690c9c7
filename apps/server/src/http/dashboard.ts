import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A file of the dashboard's build, held in memory with the compressed copies the build wrote. */
interface DashboardFile {
  type: string;
  etag: string;
  cacheControl: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The build's compressed copies (apps/web/scripts/precompress.mjs), served in their file's place. */
const COMPRESSED = /\.(br|gz)$/;

async function filesBelow(root: string, folder = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = path.posix.join(folder, entry.name);
      return entry.isDirectory() ? filesBelow(root, relative) : [relative];
    }),
  );
  return nested.flat();
}

/**
 * Reads the whole build into memory: a few hundred kilobytes of hashed, immutable files that every
 * page load asks for at once. Answering from memory keeps a cold page load from queueing behind file
 * system calls (the thread pool the event store also uses).
 */
async function loadDashboard(webDist: string): Promise<Map<string, DashboardFile>> {
  const names = (await filesBelow(webDist)).filter((name) => !COMPRESSED.test(name));
  const read = async (name: string) => readFile(path.join(webDist, name)).catch(() => undefined);
  const files = new Map<string, DashboardFile>();
  for (const name of names) {
    const raw = await readFile(path.join(webDist, name));
    const [br, gzip] = await Promise.all([read(`${name}.br`), read(`${name}.gz`)]);
    const immutable = name.startsWith('assets/');
    files.set(`/${name}`, {
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
      cacheControl: immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      raw,
      ...(br ? { br } : {}),
      ...(gzip ? { gzip } : {}),
    });
  }
  return files;
}

/**
 * Query parameters of the dashboard's links that carry a one-time secret: reset and verification
 * (`hash`), invitation (`token`), support log-in (`t`). The page opened from such a link is not stored.
 */
const TOKEN_PARAMS = ['hash', 'token', 't'];

function carriesToken(url: string): boolean {
  const query = url.indexOf('?');
  if (query < 0) return false;
  const params = new URLSearchParams(url.slice(query + 1));
  return TOKEN_PARAMS.some((name) => params.has(name));
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: DashboardFile, store = true) {
  reply.header('content-type', file.type).header('vary', 'accept-encoding');
  if (!store) reply.header('cache-control', 'no-store');
  else {
    reply.header('cache-control', file.cacheControl).header('etag', file.etag);
    if (request.headers['if-none-match'] === file.etag) return reply.code(HTTP_STATUS.NOT_MODIFIED).send();
  }
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (file.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(file.br);
  if (file.gzip && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.raw);
}

/**
 * Serves the built dashboard from memory: hashed assets with a long cache, Brotli or gzip when the
 * browser takes it and the build wrote them, and index.html for every other non-API GET (the client
 * router takes it from there). /api paths never fall through to the page.
 */
export async function registerDashboard(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasDashboard = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  const files = hasDashboard ? await loadDashboard(webDist) : new Map<string, DashboardFile>();
  const index = files.get('/index.html');
  if (!index) {
    app.log.warn({ webDist }, 'dashboard build not found: serving the API only (run npm run build)');
  }
  for (const [url, file] of files) {
    app.get(url, (request, reply) => sendFile(request, reply, file));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && wantsPage && index) return sendFile(request, reply, index, !carriesToken(request.url));
    return reply
      .code(HTTP_STATUS.NOT_FOUND)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(`Route ${request.method} ${pathname} not found`));
  });
}
