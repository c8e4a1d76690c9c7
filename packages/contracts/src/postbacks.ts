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

/**
 * The advertiser's conversion postback (issue 34): `GET` or `POST <server><SENSOR_PATH>/pb` with `k`
 * (the account's sensor key), `clickid` (Veracity's id of the click), and optionally `payout`, `status`,
 * `txid` (the advertiser's transaction id: the same click and txid is one conversion), `currency` and
 * `sig` (the signature, docs/integrations/firewall.md).
 */
export const firewallPostbackPath = (folder: string) => `${folder}/pb`;
export const POSTBACK_STATUS_MAX = 100;
export const POSTBACK_TXID_MAX = 128;
/** The conversion name stored when the advertiser sends no status. */
export const POSTBACK_DEFAULT_STATUS = 'conversion';

/** What a conversion became: reported on to the traffic source, held (paused), or nothing to report to. */
export const zConversionStatus = z.enum(['reported', 'paused', 'not_reported']);
export type ConversionStatus = z.infer<typeof zConversionStatus>;

/** The answer to an advertiser's postback, once the conversion is stored. */
export const zFirewallPostbackAnswer = z.object({
  status: zConversionStatus,
  /** Veracity's id of the conversion (`{conversion_id}` of the traffic source's postback). */
  conversionId: z.string(),
  clickId: z.string(),
  riskLevel: z.enum(['low', 'medium', 'high']),
  label: z.enum(['Legitimate', 'Suspicious', 'Invalid']),
  score: z.number(),
  threats: z.array(z.object({ id: z.string(), category: z.string(), label: z.string() })),
  /** True when this click and txid were posted before: the first answer is given again. */
  duplicate: z.boolean(),
});
export type FirewallPostbackAnswer = z.infer<typeof zFirewallPostbackAnswer>;

/** Held conversions listed a page at a time. */
export const HELD_CONVERSIONS_PAGE_SIZE = 50;
export const RELEASE_MAX_IDS = 100;

export const zHeldConversionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(HELD_CONVERSIONS_PAGE_SIZE),
});

/** A conversion the firewall held (stored paused), and its release when the account released it. */
export const zHeldConversion = z.object({
  id: z.string(),
  /** Veracity's id of the click it converts. */
  clickId: z.string().nullable(),
  ts: z.string(),
  /** The advertiser's status (the conversion name). */
  name: z.string(),
  /** The payout the advertiser reported. */
  value: z.number().nullable(),
  currency: z.string().nullable(),
  riskLevel: z.enum(['low', 'medium', 'high']),
  threats: z.array(z.object({ id: z.string(), category: z.string(), label: z.string() })),
  campaignId: z.number().int().nullable(),
  offerId: z.number().int().nullable(),
  trafficSourceId: z.number().int().nullable(),
  /** When the account released it; null while it is held. */
  releasedAt: z.string().nullable(),
  /** What the release came to; null while it is held. */
  releaseStatus: z.enum(['reported', 'not_reported']).nullable(),
});
export type HeldConversion = z.infer<typeof zHeldConversion>;

export const zHeldConversions = z.object({
  conversions: z.array(zHeldConversion),
  /** Conversions stored paused, released or not. */
  total: z.number().int().min(0),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type HeldConversions = z.infer<typeof zHeldConversions>;

/** POST /api/sensors/firewall/conversions/release: held conversions to report after all. */
export const zReleaseConversionsBody = z.object({
  ids: z.array(z.string().min(1).max(128)).min(1).max(RELEASE_MAX_IDS),
});

export const zReleasedConversion = z.object({
  id: z.string(),
  /** reported: the traffic source's postback is queued; not_reported: the source has no postback URL. */
  status: z.enum(['reported', 'not_reported']),
  /** True when it had been released before (nothing is queued twice). */
  alreadyReleased: z.boolean(),
});
export const zReleaseConversionsAnswer = z.object({ released: z.array(zReleasedConversion) });
export type ReleaseConversionsAnswer = z.infer<typeof zReleaseConversionsAnswer>;

/** GET /api/sensors/firewall/conversions/{id}/postbacks: the conversion's delivery log. */
export const zConversionPostbacks = z.array(zPostbackDelivery);

/**
 * GET /api/sensors/firewall/postback-secret: the account's postback signing secret (read only; derived
 * from the instance secret, so it changes only with it). `sig` = hex HMAC-SHA256 of the canonical query.
 */
export const zPostbackSecret = z.object({ secret: z.string(), algorithm: z.literal('HMAC-SHA256') });
