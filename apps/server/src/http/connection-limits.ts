import type { Socket } from 'node:net';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import { REQUEST_TIMEOUT_MS } from '@veracity/contracts/storage-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from './access.js';
import { ApiError } from './api-error.js';

/**
 * What a slow or greedy client may hold, from the validated config (config.ts; docs/architecture.md):
 * - headersTimeoutMs: from a connection's first byte (or its opening) to the end of the headers;
 * - requestTimeoutMs: to the end of the whole request, body included (never less than the headers');
 * - keepAliveTimeoutMs: an idle kept-alive connection between two requests;
 * - maxConnectionsPerIp: connections one peer address holds open at once, past which new ones are
 *   closed at once (off behind a trusted proxy, whose one address carries every visitor);
 * - maxOpenRequestsPerIp: requests one client address (the forwarded one behind a trusted proxy) has
 *   open at once on the public endpoints, past which it is answered 429.
 * Timeouts answer 408 and close the connection (node's own handling).
 */
export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnectionsPerIp: number;
  maxOpenRequestsPerIp: number;
}

/**
 * A connection with no traffic either way for this long is closed (Fastify's `connectionTimeout`): a
 * backstop, longer than the dashboard waits for an answer (REQUEST_TIMEOUT_MS), because the socket is
 * quiet while a long analytics query runs.
 */
const IDLE_CONNECTION_MS = REQUEST_TIMEOUT_MS + 10_000;

/** How often node looks for requests past their timeouts (node's default is every 30 s). */
const TIMEOUT_CHECK_MS = 1000;

export const OPEN_REQUESTS_MESSAGE = 'Too many open requests from this address';

/** The server options that carry the timeouts (passed to Fastify, which hands `http` to node). */
export function serverTimeouts(limits: ConnectionLimits) {
  return {
    connectionTimeout: Math.max(IDLE_CONNECTION_MS, limits.requestTimeoutMs),
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, Math.max(100, limits.headersTimeoutMs / 2)),
    },
  };
}

/** Counts per key, forgetting a key at zero (the maps hold only addresses with something open). */
class OpenCounts {
  readonly #counts = new Map<string, number>();

  add(key: string): number {
    const count = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, count);
    return count;
  }

  remove(key: string): void {
    const count = (this.#counts.get(key) ?? 0) - 1;
    if (count > 0) this.#counts.set(key, count);
    else this.#counts.delete(key);
  }
}

/** A request that needs no session: the public ingestion endpoints, the dashboard's files, public /api calls. */
function isPublic(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  if (url === undefined || !url.startsWith('/api/')) return true;
  const kind = (request.routeOptions.config as { access?: Access }).access?.kind;
  return kind === 'public';
}

/**
 * Caps what one address holds open. Connections are counted by peer address when no proxy is trusted
 * (behind one, the proxy limits connections and the peer is always the proxy). Open requests on the
 * public endpoints are counted by `request.ip`, which follows TRUST_PROXY like every other per-address
 * rule; the session-bound calls are refused at once without a session, so they are not counted.
 */
export function installConnectionLimits(
  app: FastifyInstance,
  limits: ConnectionLimits,
  trustProxy: boolean,
): void {
  if (!trustProxy) {
    const connections = new OpenCounts();
    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (address === undefined) return;
      if (connections.add(address) > limits.maxConnectionsPerIp) {
        connections.remove(address);
        socket.destroy();
        return;
      }
      socket.once('close', () => connections.remove(address));
    });
  }

  const requests = new OpenCounts();
  // A callback hook: it runs on every request, the collector's included.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isPublic(request)) {
      done();
      return;
    }
    const address = request.ip;
    if (requests.add(address) > limits.maxOpenRequestsPerIp) {
      requests.remove(address);
      reply.header('connection', 'close');
      done(new ApiError(HTTP_STATUS.TOO_MANY_REQUESTS, OPEN_REQUESTS_MESSAGE, { 'retry-after': '1' }));
      return;
    }
    // 'close' comes once the answer is sent or the connection ends first, whichever happens.
    reply.raw.once('close', () => requests.remove(address));
    done();
  });
}
