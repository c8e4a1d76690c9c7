import { z } from 'zod';
import { zCrmFields } from './crm.js';
import { zRiskLevel, zSensorSignals, zTrafficType } from './detection.js';
import { zThreatEvidence } from './threat-evidence.js';
import { THREAT_CATEGORIES, THREAT_REASON_IDS, type ThreatReasonId } from './threat-reasons.js';

/**
 * Server-to-server (S2S) collection (issue 5): a customer's server forwards each ad click (hit) and
 * each conversion to Veracity and gets the verdict back in the same call, so it can act (drop the
 * lead, skip the postback) before paying for it. Authenticated by an API key of the account
 * (developer settings) in `Authorization: Bearer vk_...` or `X-Api-Key`.
 *
 * The visitor's request facts travel in the body: the customer's server is the one that saw the
 * visitor. A hit must carry the visitor's own IP address and user agent: a request without a browser's
 * user agent is assessed as what it is.
 */

export const S2S_HITS_PATH = '/s2s/v1/hits';
export const S2S_CONVERSIONS_PATH = '/s2s/v1/conversions';
/** Largest S2S body the collector reads. */
export const S2S_MAX_BODY_BYTES = 64 * 1024;
/** How far back an S2S event may be dated (queued clicks forwarded late, imports of recent traffic). */
export const S2S_MAX_AGE_MS = 30 * 86_400_000;
/** How far ahead of the server's clock an S2S timestamp may be (clock skew). */
export const S2S_MAX_SKEW_MS = 5 * 60_000;

const text = (max: number) => z.string().max(max);

/** The customer's id for an event: repeated sends of one id are stored once and answered alike. */
export const zS2sEventId = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, {
  error: 'must be 1 to 128 letters, digits or . _ : -',
});

/** An event time: ISO 8601 with a zone, or epoch milliseconds. Defaults to the time of the call. */
export const zS2sTimestamp = z.union([z.iso.datetime({ offset: true }), z.number().int().min(0)]);

/** Request headers of the visitor the customer's server saw, by lower-case name. */
export const zS2sVisitorHeaders = z
  .object({
    'accept-language': text(512),
    'sec-ch-ua': text(512),
    'sec-ch-ua-mobile': text(8),
    'sec-ch-ua-platform': text(64),
    'sec-ch-ua-platform-version': text(64),
    'sec-ch-ua-full-version-list': text(1024),
    'sec-fetch-site': text(32),
    'sec-fetch-mode': text(32),
    'sec-fetch-dest': text(32),
    'sec-fetch-user': text(8),
    /** In-app traffic: the Android app package a WebView names (`com.example.news`). */
    'x-requested-with': text(255),
  })
  .partial()
  .strict();
export type S2sVisitorHeaders = z.infer<typeof zS2sVisitorHeaders>;

/** At most this many headers when a hit forwards the visitor's headers as received. */
export const S2S_MAX_FORWARDED_HEADERS = 100;
const zHeaderName = z.string().min(1).max(256);

/**
 * The visitor's request headers as the customer's server received them (with `headersForwarded: true`):
 * a list of `[name, value]` pairs in the order received, or an object of them (its keys in that order,
 * as Node's `req.headers` and PHP's `getallheaders()` give them). Names in any case, at most
 * {@link S2S_MAX_FORWARDED_HEADERS}. The headers Veracity does not read are ignored, whatever their
 * value; the value of one it reads is a text (a list of texts is joined with ", ") cut to the length the
 * engine reads, and any other value counts as not sent. No value is refused.
 */
export const zS2sForwardedHeaders = z.union([
  z.array(z.tuple([zHeaderName, z.unknown()])).max(S2S_MAX_FORWARDED_HEADERS),
  z
    .record(zHeaderName, z.unknown())
    .refine((headers) => Object.keys(headers).length <= S2S_MAX_FORWARDED_HEADERS, {
      error: `at most ${S2S_MAX_FORWARDED_HEADERS} headers`,
    }),
]);
export type S2sForwardedHeaders = z.infer<typeof zS2sForwardedHeaders>;

/**
 * An http(s) URL of at most 8192 characters, kept exactly as sent: `z.url()` would trim it (white
 * space, U+FEFF) and delete its tabs and line breaks, so the stored landing URL would differ from the
 * one the customer sent.
 */
const zHttpUrl = z
  .string()
  .max(8192)
  .refine(
    (value) => {
      // "https:example.com" parses, as the parser guesses the slashes: refused, as z.url() does.
      if (!/^https?:\/\//i.test(value.trimStart())) return false;
      try {
        return /^https?:$/.test(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: 'must be an http or https URL' },
  );

/** Custom variables var1..var20 (the spec's "Custom" dimensions). */
export const CUSTOM_VAR_NAMES = [
  'var1',
  'var2',
  'var3',
  'var4',
  'var5',
  'var6',
  'var7',
  'var8',
  'var9',
  'var10',
  'var11',
  'var12',
  'var13',
  'var14',
  'var15',
  'var16',
  'var17',
  'var18',
  'var19',
  'var20',
] as const;
export type CustomVarName = (typeof CUSTOM_VAR_NAMES)[number];

/** Custom variable values, each at most 512 characters. */
export const zCustomVars = z.partialRecord(z.enum(CUSTOM_VAR_NAMES), text(512));

export const zS2sHit = z
  .object({
    id: zS2sEventId.optional(),
    ts: zS2sTimestamp.optional(),
    /** The visitor's IP address (IPv4 or IPv6). */
    ip: z.union([z.ipv4(), z.ipv6()]),
    /** The visitor's User-Agent header, exactly as received ('' when it sent none). */
    userAgent: text(2048),
    /** The landing URL with its query string: click ids and UTM parameters are read from it. */
    url: zHttpUrl,
    referrer: text(4096).optional(),
    /**
     * The visitor's request headers. With `headersForwarded: true`, all of them as received
     * ({@link zS2sForwardedHeaders}); without, only those of {@link zS2sVisitorHeaders}, by lower-case
     * name, each within its length (as before forwarding existed).
     */
    headers: zS2sForwardedHeaders.optional(),
    /**
     * `headers` are the visitor's whole header set as received, so a header missing there was missing
     * from the visitor's request: the engine then checks them as it checks a browser's own request, and
     * a browser's request without the headers every browser sends is evidence. Sending
     * `headersForwarded: true` without `headers` is such a request.
     */
    headersForwarded: z.boolean().optional(),
    /** The customer's session id, to group hits into visits; one per hit when absent. */
    sessionId: zS2sEventId.optional(),
    /** An S2S campaign of the account (GET /api/sensors/s2s). */
    campaignId: z.number().int().positive().optional(),
    subPublisher: text(512).optional(),
    /** What the click cost, in the account's currency. */
    cost: z.number().min(0).max(1e9).optional(),
    vars: zCustomVars.optional(),
    /** Observations of a collection script the customer runs itself (the sensor's signal shape). */
    signals: zSensorSignals.optional(),
  })
  .strict()
  .superRefine((hit, context) => {
    // Headers picked by the customer keep the contract they always had: known names, bounded values.
    // The visitor's whole set sent without the flag is refused here, not read as a picked set.
    if (hit.headersForwarded || hit.headers === undefined) return;
    for (const issue of zS2sVisitorHeaders.safeParse(hit.headers).error?.issues ?? []) {
      context.addIssue({ ...issue, path: ['headers', ...issue.path] });
    }
  });
export type S2sHit = z.infer<typeof zS2sHit>;

export const zS2sConversion = z
  .object({
    id: zS2sEventId.optional(),
    ts: zS2sTimestamp.optional(),
    /** The id of the hit (click) that led to the conversion, as sent to or answered by the hits call. */
    hitId: zS2sEventId.optional(),
    /** Required when `hitId` is absent: who converted. */
    ip: z.union([z.ipv4(), z.ipv6()]).optional(),
    userAgent: text(2048).optional(),
    name: text(128).min(1),
    value: z.number().min(0).max(1e12).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { error: 'must be a three-letter ISO 4217 code' })
      .optional(),
    /** Who converted, for the CRM: the visitor's `hubspotutk` cookie and/or the email they submitted. */
    crm: zCrmFields.optional(),
  })
  .strict()
  .refine((body) => body.hitId !== undefined || (body.ip !== undefined && body.userAgent !== undefined), {
    error: 'either hitId, or ip and userAgent, are required',
    path: ['hitId'],
  });
export type S2sConversion = z.infer<typeof zS2sConversion>;

/** One reason of a verdict, with the dashboard's label. */
export const zVerdictThreat = z.object({
  id: z.enum(THREAT_REASON_IDS as [ThreatReasonId, ...ThreatReasonId[]]),
  category: z.enum(THREAT_CATEGORIES),
  label: z.string(),
});
export type VerdictThreat = z.infer<typeof zVerdictThreat>;

/** The verdict an S2S call answers (hits and conversions alike). */
export const zS2sVerdict = z.object({
  id: z.string(),
  riskLevel: zRiskLevel,
  /** Legitimate, Suspicious or Invalid: the dashboard's words for low, medium and high. */
  label: z.enum(['Legitimate', 'Suspicious', 'Invalid']),
  score: z.number().min(0).max(100),
  threats: z.array(zVerdictThreat),
  /** True when this id was stored before: the first verdict is answered again, nothing is stored twice. */
  duplicate: z.boolean(),
});
export type S2sVerdict = z.infer<typeof zS2sVerdict>;

export const zS2sHitVerdict = zS2sVerdict.extend({
  sessionId: z.string(),
  trafficType: zTrafficType,
});
export type S2sHitVerdict = z.infer<typeof zS2sHitVerdict>;

/** How many of the latest hits `GET /api/sensors/recent-hits` lists. */
export const RECENT_HITS_LIMIT = 20;

/** One of the account's latest hits, as the sensor setup screen lists them to show visits arrive. */
export const zRecentHit = z.object({
  id: z.string(),
  /** ISO 8601 UTC. */
  ts: z.string(),
  url: z.string(),
  referrer: z.string().nullable(),
  trafficType: z.string(),
  riskLevel: zRiskLevel,
  threats: z.array(zVerdictThreat),
  /** What triggered each threat, keyed by reason id (empty for hits stored before evidence was kept). */
  evidence: zThreatEvidence,
  country: z.string().nullable(),
  browser: z.string().nullable(),
  osName: z.string().nullable(),
  deviceType: z.string().nullable(),
  ip: z.string().nullable(),
});
export type RecentHit = z.infer<typeof zRecentHit>;
export const zRecentHits = z.array(zRecentHit);
