import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { StoreHealth } from '../storage/store-health.js';

/**
 * The store several Veracity servers share their short-lived state in (docs/deploy.md): the recent
 * activity that burst detection counts, the rate limits, the hits seen lately (a repeated id answered
 * with its first verdict, wherever it arrives) and the announcements of changed account settings.
 * Redis or Valkey (one primary; Redis Cluster is not supported, since a script's keys would have to
 * share a slot). Without SHARED_STATE_URL each process keeps its own, which is right for one server.
 *
 * Every user of it falls back to its in-process state when a command fails (the store is down or slow:
 * `COMMAND_TIMEOUT_MS`), logs it at most once a minute, and goes back to the shared store when it
 * answers again: traffic is judged on the counts one server sees rather than refused.
 */
export interface SharedState {
  readonly redis: Redis;
  /** Prefix of every key and channel, so one Redis can serve other programs too. */
  readonly prefix: string;
  /** A connection of its own for SUBSCRIBE (a subscribed connection runs no other command). */
  subscriber(): Redis;
  /** Logs a failed command at most once a minute per `what`. */
  failed(what: string, error: unknown): void;
  health(): Promise<StoreHealth>;
  close(): Promise<void>;
}

/** A command slower than this fails, so a hit is judged on local counts instead of waiting. */
export const COMMAND_TIMEOUT_MS = 1_000;
const FAILURE_LOG_INTERVAL_MS = 60_000;
const READY_WAIT_MS = 5_000;
export const SHARED_KEY_PREFIX = 'veracity:';

/**
 * Connects, and waits up to `READY_WAIT_MS` for the connection to be ready, so that the first hits are
 * counted in the shared store; when it is not, the server starts anyway on its in-process state, and
 * moves to the shared store once it answers.
 */
export async function openSharedState(
  url: string,
  options: {
    log?: FastifyBaseLogger | undefined;
    /** Tests give each run a prefix of its own. */
    prefix?: string;
    readyWaitMs?: number;
  } = {},
): Promise<SharedState> {
  const { log, prefix = SHARED_KEY_PREFIX, readyWaitMs = READY_WAIT_MS } = options;
  const connection = {
    // Commands issued in one event-loop turn leave in one write: a cohort of hits costs one round trip.
    enableAutoPipelining: true,
    // While disconnected, fail at once (the callers fall back) instead of queueing the hit.
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 5_000),
  };
  const redis = new Redis(url, connection);
  const subscribers: Redis[] = [];
  const lastLogged = new Map<string, number>();
  const failed = (what: string, error: unknown) => {
    const now = Date.now();
    if (now - (lastLogged.get(what) ?? 0) < FAILURE_LOG_INTERVAL_MS) return;
    lastLogged.set(what, now);
    // The message only: a failed command's error carries its arguments (hit rows, rate-limit keys that
    // are sign-in emails), which have no place in the log.
    const reason = error instanceof Error ? error.message : String(error);
    log?.warn({ what, reason }, 'the shared state did not answer: this server counts on its own for now');
  };
  // ioredis reports connection errors as events; without a listener they would be thrown.
  redis.on('error', (error) => failed('connection', error));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, readyWaitMs);
    redis.once('ready', done);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
  });
  return {
    redis,
    prefix,
    subscriber() {
      // Subscriptions wait for the connection (and are made again after a reconnection).
      const subscription = new Redis(url, {
        ...connection,
        enableOfflineQueue: true,
        commandTimeout: undefined,
      });
      subscription.on('error', (error) => failed('subscription', error));
      subscribers.push(subscription);
      return subscription;
    },
    failed,
    async health() {
      const started = performance.now();
      try {
        await redis.ping();
        return { status: 'up', kind: 'Redis', latencyMs: Math.round(performance.now() - started) };
      } catch (error) {
        return {
          status: 'down',
          kind: 'Redis',
          detail: error instanceof Error ? error.message : String(error),
        };
      }
    },
    async close() {
      await Promise.allSettled([redis, ...subscribers].map((connection) => connection.quit()));
      for (const connection of [redis, ...subscribers]) connection.disconnect();
    },
  };
}
