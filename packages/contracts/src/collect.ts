import { z } from 'zod';
import { zHubspotUtk } from './crm.js';
import {
  CLICK_ID_PARAMS,
  type ClickIdParam,
  UNEXPECTED_SIGNAL_MAX_LENGTH,
  zRiskLevel,
  zSensorBehaviour,
  zSensorSignals,
} from './detection.js';

/**
 * What the JavaScript sensor (`packages/sensor`) sends to the collection endpoint and what the
 * collector answers (issue 5). The sensor imports nothing: `packages/sensor/src/sensor.ts` mirrors
 * these shapes, and its Chromium test validates the payloads the real script sends with the schemas
 * below.
 *
 * Every event is one JSON object POSTed as `text/plain` (a CORS "simple" request, so no preflight)
 * to `SENSOR_EVENT_PATH` on the origin the script was loaded from. `type` tells the three apart.
 * Objects strip unknown keys: nothing the client adds reaches the engine.
 */

/**
 * The folder the server serves the sensor from (`SENSOR_PATH`, default `/c`): neutral names that ad
 * blockers' lists do not match. The script is `<folder>/s.js`; the sensor posts its events next to it
 * (`s.js` -> `e`), so a first-party proxy prefix carries over.
 */
export const DEFAULT_SENSOR_PATH = '/c';
export const sensorScriptPath = (folder: string) => `${folder}/s.js`;
export const sensorEventPath = (folder: string) => `${folder}/e`;
/** The script and event paths with the default folder. */
export const SENSOR_SCRIPT_PATH = sensorScriptPath(DEFAULT_SENSOR_PATH);
export const SENSOR_EVENT_PATH = sensorEventPath(DEFAULT_SENSOR_PATH);
/** Largest body the collector reads; a page view with every field at its limit stays under it. */
export const SENSOR_MAX_BODY_BYTES = 32 * 1024;
/** A session ends after this long without an event (first-party, per site, in localStorage). */
export const SENSOR_SESSION_IDLE_MS = 30 * 60 * 1000;
/** The event the sensor fires on the ad platforms' tags for an excluded visitor (spec README). */
export const EXCLUSION_EVENT = 'VeracityExcludeVisitor';

const text = (max: number) => z.string().max(max);
const count = z.number().int().min(0);

/** The account's public sensor key, from the snippet's `data-key` (`vs_` and 8-64 url-safe characters). */
export const zSensorKey = z.string().regex(/^vs_[A-Za-z0-9_-]{8,64}$/);
/** Random ids the sensor makes: 16-64 url-safe characters (the script sends 32 hex digits). */
export const zSensorId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

const zEnvelope = {
  key: zSensorKey,
  /** Random per event: the collector stores an event id once, however often it arrives. */
  eventId: zSensorId,
  /**
   * First-party session id: random, kept in localStorage, renewed after 30 minutes idle. In cookie-less
   * mode (the account's JavaScript settings) one per page, kept nowhere, and the collector ignores it.
   */
  sessionId: zSensorId,
  /** Client clock, epoch ms (informative only: the server's clock dates the event). */
  ts: count,
};

/** UTM parameters of the page URL, each at most 512 characters. */
export const zUtm = z.object({
  source: text(512).optional(),
  medium: text(512).optional(),
  campaign: text(512).optional(),
  term: text(512).optional(),
  content: text(512).optional(),
});
export type Utm = z.infer<typeof zUtm>;

/**
 * The text the built script holds where the served script carries its proof: the collector replaces it
 * with a signed, short-lived token when it serves `s.js`, and the script sends that token back with its
 * page view (`proof`). The sensor mirrors it; its test checks the mirror.
 */
export const SENSOR_PROOF_PLACEHOLDER = '__VERACITY_SENSOR_PROOF__';

/** A page view. Its `eventId` is the hit id the engagement and conversions refer to. */
export const zSensorHit = z.object({
  type: z.literal('hit'),
  ...zEnvelope,
  /** location.href at load, 1 to 8192 characters. */
  url: text(8192).min(1),
  /** document.referrer, at most 4096 characters ('' when none). */
  referrer: text(4096),
  /** document.title, cut to 512 characters. */
  title: text(512).optional(),
  utm: zUtm,
  /**
   * Click ids of the page URL by parameter name, each cut to 512 characters. A parameter this release
   * does not know is ignored, as other unknown fields are (a record of the known names refused it).
   */
  clickIds: z.object(
    Object.fromEntries(CLICK_ID_PARAMS.map((name) => [name, text(512).optional()])) as Record<
      ClickIdParam,
      z.ZodOptional<z.ZodString>
    >,
  ),
  signals: zSensorSignals,
  /**
   * The token of the script that sent the page view (`SENSOR_PROOF_PLACEHOLDER` as served). Any value
   * is accepted: one that is not a valid token is evidence (`sensor:no_proof`), never a refusal.
   */
  proof: z.unknown().optional(),
});
export type SensorHit = z.infer<typeof zSensorHit>;

export { zSensorBehaviour };
export type SensorBehaviour = z.infer<typeof zSensorBehaviour>;

/** A beacon figure outside its shape, as the JSON of what was sent (at most 64 characters). */
export interface UnexpectedFigure {
  unexpected: string;
}
const unexpectedFigure = z.unknown().transform(
  (value): UnexpectedFigure => ({
    unexpected: (JSON.stringify(value) ?? String(value)).slice(0, UNEXPECTED_SIGNAL_MAX_LENGTH),
  }),
);

/**
 * The one beacon sent when the page is hidden or left (`sendBeacon`): what the visitor did. The
 * collector merges `behaviour` and `visibleMs` into the hit's signals. `dwellMs` counts from the
 * navigation start; `visibleMs` only the time the page was visible. Like the page view's signals, they
 * are evidence: a figure outside its shape does not refuse the beacon (it is an `UnexpectedFigure`).
 */
export const zSensorEngagement = z.object({
  type: z.literal('engagement'),
  ...zEnvelope,
  hitId: zSensorId,
  behaviour: z.union([zSensorBehaviour, unexpectedFigure]),
  visibleMs: z.union([count, unexpectedFigure]),
});
export type SensorEngagement = z.infer<typeof zSensorEngagement>;

/** `veracity('conversion', {name, value, currency, id})` on the page. */
export const zConversionFields = z.object({
  /** What converted ("lead", "purchase"), 1 to 128 characters. */
  name: text(128).min(1),
  value: z.number().min(0).max(1e12).optional(),
  /** ISO 4217 code, three upper-case letters. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** The customer's own id for the conversion (an order or lead id), at most 256 characters. */
  id: text(256).optional(),
});
export type ConversionFields = z.infer<typeof zConversionFields>;

export const zSensorConversion = z.object({
  type: z.literal('conversion'),
  ...zEnvelope,
  /** The page view of the page the conversion happened on. */
  hitId: zSensorId,
  conversion: zConversionFields,
  /** HubSpot's visitor cookie on the page, when its tracking code set one (for the CRM match). */
  crm: z.object({ hubspotutk: zHubspotUtk }).optional(),
});
export type SensorConversion = z.infer<typeof zSensorConversion>;

/**
 * The ad platforms whose tags the sensor fires `EXCLUSION_EVENT` on: Google tag (gtag), Meta pixel
 * (fbq), Microsoft UET (uetq), TikTok pixel (ttq). The names are the traffic types of those channels.
 */
export const EXCLUSION_PLATFORMS = ['google', 'facebook', 'microsoft', 'tiktok'] as const;
export const zExclusionPlatform = z.enum(EXCLUSION_PLATFORMS);
export type ExclusionPlatform = z.infer<typeof zExclusionPlatform>;

/**
 * The sensor fired `EXCLUSION_EVENT` for a page view (the collector answered `exclude`), on the tags
 * listed in `platforms` (those present on the page whose call did not throw). The collector stores one
 * firing per hit and platform, only for a page view it stored for the same key's account.
 */
export const zSensorExclusion = z.object({
  type: z.literal('exclusion'),
  ...zEnvelope,
  hitId: zSensorId,
  platforms: z
    .array(zExclusionPlatform)
    .min(1)
    .max(EXCLUSION_PLATFORMS.length)
    .refine((platforms) => new Set(platforms).size === platforms.length, 'each platform once'),
});
export type SensorExclusion = z.infer<typeof zSensorExclusion>;

/** Any body the collection endpoint accepts. */
export const zSensorEvent = z.discriminatedUnion('type', [
  zSensorHit,
  zSensorEngagement,
  zSensorConversion,
  zSensorExclusion,
]);
export type SensorEvent = z.infer<typeof zSensorEvent>;

/**
 * The collector's answer to a page view (engagement, conversions and exclusion firings get 204). The server decides
 * `exclude` (the hit is `high` and the account protects its ad platforms); the sensor only carries it
 * out by firing `EXCLUSION_EVENT` on the platform tags present. A client cannot choose its own verdict:
 * nothing it sends names one.
 */
export const zCollectAnswer = z.object({
  hitId: zSensorId,
  riskLevel: zRiskLevel,
  exclude: z.boolean(),
  /**
   * With `exclude`: the platforms whose tags the sensor fires the event on (the account's switches,
   * /setup/security/javascript-settings). Absent: every platform, as before the switches existed.
   */
  platforms: z.array(zExclusionPlatform).max(EXCLUSION_PLATFORMS.length).optional(),
});
export type CollectAnswer = z.infer<typeof zCollectAnswer>;
