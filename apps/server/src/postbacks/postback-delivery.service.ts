import { fillMacros, type MacroValues } from '@veracity/contracts/firewall-macros';
import type { PostbackDelivery, PostbackDeliveryState } from '@veracity/contracts/postbacks';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../jobs/clock.js';
import { OutboundRefusedError } from '../outbound/destination.js';
import { OutboundFailedError, type OutboundPolicy, outboundRequest } from '../outbound/outbound-request.js';
import type { Database, PostbackAttemptOutcomeColumn } from '../storage/oltp/schema.js';
import {
  duePostbackDeliveries,
  insertPostbackDelivery,
  type PostbackDeliveryRow,
  postbackDeliveriesOfConversion,
  settlePostbackAttempt,
  startPostbackAttempt,
} from './postback-deliveries.repo.js';

/**
 * Durable postback delivery (issue 34): a legitimate conversion is reported to its traffic source's
 * postback URL by queueing a row (enqueuePostback: one insert, no network), and the delivery job
 * (jobs/postback-delivery.ts) sends the due rows through the outbound guard, retrying with exponential
 * back-off up to a number of attempts. The queue is in the accounts store, so a restart loses nothing:
 * an attempt is counted before it is made, and one cut short by a restart is made again after its
 * back-off (delivery is at least once).
 */

export interface PostbackRetryPolicy {
  /** Attempts in all, the first included; then the delivery is failed. */
  maxAttempts: number;
  /** The wait after the first failed attempt; each later one doubles it, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Deliveries taken per pass, and how many are sent at once. */
  batchSize: number;
  concurrency: number;
}

export const POSTBACK_RETRY: PostbackRetryPolicy = {
  maxAttempts: 10,
  firstDelayMs: 60_000,
  maxDelayMs: 6 * 3_600_000,
  batchSize: 100,
  concurrency: 8,
};

export interface PostbackDeliveryDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The guard's settings: the test-only loopback allowance, timeouts (outbound/outbound-request.ts). */
  outbound: OutboundPolicy;
  retry?: Partial<PostbackRetryPolicy>;
}

/** The wait before attempt `attempt + 1` once attempt `attempt` (1-based) has failed. */
export function postbackRetryDelayMs(attempt: number, policy: PostbackRetryPolicy = POSTBACK_RETRY): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, attempt - 1), policy.maxDelayMs);
}

export interface PostbackToQueue {
  relationshipId: number;
  conversionId: string;
  trafficSourceId: number;
  /** The traffic source's postback URL with its macros filled (fillMacros of contracts' firewall-macros). */
  url: string;
}

/**
 * Queues a postback, due at once; never calls out (the job does). Answers false when this conversion
 * was already queued for this traffic source.
 */
export async function enqueuePostback(
  deps: Pick<PostbackDeliveryDeps, 'db' | 'clock'>,
  postback: PostbackToQueue,
): Promise<boolean> {
  const id = await insertPostbackDelivery(deps.db, { ...postback, now: deps.clock.now().toISOString() });
  return id !== undefined;
}

/**
 * Reports a conversion to a traffic source: its postback URL template filled with the conversion's
 * values (every value URL-encoded) and queued. A traffic source without a postback URL gets nothing
 * (false), as does a conversion already queued for it.
 */
export async function enqueueConversionPostback(
  deps: Pick<PostbackDeliveryDeps, 'db' | 'clock'>,
  conversion: {
    relationshipId: number;
    conversionId: string;
    trafficSource: { id: number; postbackUrl: string | null };
    /** By macro name (POSTBACK_MACROS); `conversion_id` is the conversion's own. */
    values: MacroValues;
  },
): Promise<boolean> {
  const template = conversion.trafficSource.postbackUrl?.trim();
  if (!template) return false;
  return enqueuePostback(deps, {
    relationshipId: conversion.relationshipId,
    conversionId: conversion.conversionId,
    trafficSourceId: conversion.trafficSource.id,
    url: fillMacros(template, { conversion_id: conversion.conversionId, ...conversion.values }),
  });
}

export interface PostbackPassResult {
  attempted: number;
  delivered: number;
  /** Failed this time, tried again later. */
  retrying: number;
  /** Settled without a delivery: rejected, failed or refused. */
  givenUp: number;
}

/** One pass of the job: every due delivery (up to a batch) attempted once. */
export async function deliverDuePostbacks(deps: PostbackDeliveryDeps): Promise<PostbackPassResult> {
  const retry = { ...POSTBACK_RETRY, ...deps.retry };
  const due = await duePostbackDeliveries(deps.db, deps.clock.now().toISOString(), retry.batchSize);
  const result: PostbackPassResult = { attempted: 0, delivered: 0, retrying: 0, givenUp: 0 };
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const delivery = due[next] as PostbackDeliveryRow;
      next += 1;
      let state: PostbackDeliveryState | undefined;
      try {
        state = await attempt(deps, retry, delivery);
      } catch (error) {
        // Counted before it was made: the delivery is due again after its back-off.
        deps.log.error({ err: error, deliveryId: delivery.id }, 'postback delivery attempt failed');
        continue;
      }
      if (state === undefined) continue;
      result.attempted += 1;
      if (state === 'delivered') result.delivered += 1;
      else if (state === 'pending') result.retrying += 1;
      else result.givenUp += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(retry.concurrency, due.length) }, worker));
  if (result.attempted > 0) deps.log.info(result, 'postback delivery pass');
  return result;
}

interface AttemptOutcome {
  outcome: PostbackAttemptOutcomeColumn;
  httpStatus: number | null;
  error: string | null;
  /** Whether a later attempt may succeed. */
  retryable: boolean;
}

/** 4xx answers a later attempt may change; any other 4xx settles the delivery as rejected. */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 425, 429]);

async function attempt(
  deps: PostbackDeliveryDeps,
  retry: PostbackRetryPolicy,
  delivery: PostbackDeliveryRow,
): Promise<PostbackDeliveryState | undefined> {
  const at = deps.clock.now();
  const number = delivery.attempts + 1;
  const claimed = await startPostbackAttempt(deps.db, {
    id: delivery.id,
    attemptsBefore: delivery.attempts,
    nextAttemptAt: new Date(at.getTime() + postbackRetryDelayMs(number, retry)).toISOString(),
    now: at.toISOString(),
  });
  if (!claimed) return undefined;
  const outcome = await send(deps.outbound, delivery.url);
  let state: PostbackDeliveryState;
  if (outcome.outcome === 'delivered') state = 'delivered';
  else if (outcome.outcome === 'refused') state = 'refused';
  else if (!outcome.retryable) state = 'rejected';
  else state = number >= retry.maxAttempts ? 'failed' : 'pending';
  await settlePostbackAttempt(deps.db, {
    id: delivery.id,
    relationshipId: delivery.relationship_id,
    attempt: number,
    at: at.toISOString(),
    state,
    ...outcome,
    now: deps.clock.now().toISOString(),
  });
  if (state === 'refused') {
    deps.log.warn(
      { deliveryId: delivery.id, relationshipId: delivery.relationship_id, reason: outcome.error },
      'postback destination refused',
    );
  }
  return state;
}

async function send(policy: OutboundPolicy, url: string): Promise<AttemptOutcome> {
  try {
    const answer = await outboundRequest(url, { method: 'GET' }, policy);
    if (answer.status >= 200 && answer.status < 300) {
      return { outcome: 'delivered', httpStatus: answer.status, error: null, retryable: false };
    }
    // The receiver's text, on one line and without control characters (PostgreSQL refuses NUL).
    const snippet = answer.body
      .replace(/[\s\p{Cc}]+/gu, ' ')
      .trim()
      .slice(0, 200);
    return {
      outcome: 'http_error',
      httpStatus: answer.status,
      error: `HTTP ${answer.status}${snippet ? `: ${snippet}` : ''}`,
      retryable: answer.status >= 500 || answer.status < 400 || RETRYABLE_CLIENT_STATUSES.has(answer.status),
    };
  } catch (error) {
    if (error instanceof OutboundRefusedError) {
      // A name that did not resolve may resolve later; a private address or a bad URL will not change.
      if (error.reason === 'unresolvable') {
        return { outcome: 'network_error', httpStatus: null, error: error.message, retryable: true };
      }
      return { outcome: 'refused', httpStatus: null, error: error.message, retryable: false };
    }
    if (error instanceof OutboundFailedError) {
      const outcome = error.reason === 'timeout' ? 'timeout' : 'network_error';
      return { outcome, httpStatus: null, error: error.message.slice(0, 500), retryable: true };
    }
    throw error;
  }
}

/** The delivery log of one conversion of an account: each traffic source's delivery and its attempts. */
export async function postbackDeliveryLog(
  db: Kysely<Database>,
  relationshipId: number,
  conversionId: string,
): Promise<PostbackDelivery[]> {
  const { deliveries, attempts } = await postbackDeliveriesOfConversion(db, relationshipId, conversionId);
  return deliveries.map((delivery) => ({
    id: delivery.id,
    conversionId: delivery.conversion_id,
    trafficSourceId: delivery.traffic_source_id,
    url: delivery.url,
    state: delivery.state,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.next_attempt_at,
    lastHttpStatus: delivery.last_http_status,
    lastError: delivery.last_error,
    createdAt: delivery.created_at,
    deliveredAt: delivery.delivered_at,
    log: attempts
      .filter((row) => row.delivery_id === delivery.id)
      .map((row) => ({
        attempt: row.attempt,
        at: row.at,
        outcome: row.outcome,
        httpStatus: row.http_status,
        error: row.error,
      })),
  }));
}
