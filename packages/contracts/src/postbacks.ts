import { z } from 'zod';

/**
 * Conversion postbacks to traffic sources (issue 34): the delivery log the dashboard reads. The macros a
 * traffic source's postback URL may carry, and how they are filled, are the firewall's one list
 * (`firewall-macros.ts`: POSTBACK_MACROS, fillMacros); the URL itself is checked with the traffic source
 * (`firewall.ts`).
 */

/**
 * Where one delivery stands:
 * - pending: waiting for its next attempt;
 * - delivered: the traffic source answered 2xx;
 * - rejected: it answered a 4xx that a retry would not change (not 408, 425 or 429);
 * - failed: no 2xx after the most attempts allowed;
 * - refused: the URL's destination is not allowed (private or local address, bad scheme): not retried.
 */
export const zPostbackDeliveryState = z.enum(['pending', 'delivered', 'rejected', 'failed', 'refused']);
export type PostbackDeliveryState = z.infer<typeof zPostbackDeliveryState>;

/** What one attempt came to. */
export const zPostbackAttemptOutcome = z.enum([
  'delivered',
  'http_error',
  'timeout',
  'network_error',
  'refused',
]);
export type PostbackAttemptOutcome = z.infer<typeof zPostbackAttemptOutcome>;

export const zPostbackAttempt = z.object({
  attempt: z.number().int().min(1),
  at: z.string(),
  outcome: zPostbackAttemptOutcome,
  /** The HTTP status, when the traffic source answered. */
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type PostbackAttempt = z.infer<typeof zPostbackAttempt>;

/** One conversion's postback to one traffic source, with every attempt (the delivery log). */
export const zPostbackDelivery = z.object({
  id: z.number().int(),
  conversionId: z.string(),
  trafficSourceId: z.number().int(),
  /** The URL with its macros filled (tracked values: render as text). */
  url: z.string(),
  state: zPostbackDeliveryState,
  attempts: z.number().int().min(0),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.string().nullable(),
  lastHttpStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  log: z.array(zPostbackAttempt),
});
export type PostbackDelivery = z.infer<typeof zPostbackDelivery>;
