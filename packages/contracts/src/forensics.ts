import { z } from 'zod';
import { zRiskLevel } from './detection.js';
import { zConversionStatus } from './postbacks.js';
import { THREAT_CATEGORIES } from './threat-reasons.js';

/**
 * Session forensics (issue 36; docs/forensics.md): one visit and the evidence behind its verdict, as
 * stored when each event was assessed, never reconstructed. `GET /api/forensics/sessions/{id}` takes a
 * session id or the id of one of its hits (or conversions).
 */

/** What an id may look like: the sensor's, S2S's and the server's own ids. */
export const FORENSICS_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
/** The spec's message for an unknown id (spec 01 §8). */
export const SESSION_NOT_FOUND = 'We couldn’t find a session with this ID';
/** How far around the visit "similar sessions" are looked for, and how many are listed. */
export const SIMILAR_WINDOW_DAYS = 7;
export const SIMILAR_LIMIT = 50;
/** Hits of one visit listed (a visit of more is cut, and says so). */
export const FORENSICS_HITS_LIMIT = 500;

const zTimestamp = z.string();

/** One reason of the visit's verdict, on the event it was found on, with what triggered it. */
export const zForensicsReason = z.object({
  id: z.string(),
  label: z.string(),
  category: z.enum(THREAT_CATEGORIES),
  /** Points the reason adds to the score (100: decisive alone). */
  weight: z.number(),
  decisive: z.boolean(),
  /** Where it was found first: a hit of the visit, the visit itself (its engagement), or a conversion. */
  foundOn: z.enum(['hit', 'session', 'conversion']),
  eventId: z.string(),
  at: zTimestamp,
  /** As stored with the verdict (`@veracity/contracts/threat-evidence` shapes); null for older rows. */
  evidence: z.record(z.string(), z.unknown()).nullable(),
});
export type ForensicsReason = z.infer<typeof zForensicsReason>;

const zAttribution = {
  trafficType: z.string(),
  referrer: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmContent: z.string().nullable(),
  utmTerm: z.string().nullable(),
  campaignId: z.number().nullable(),
  googleCampaignId: z.string().nullable(),
};

/**
 * What the visitor did on a page view, from the sensor's engagement beacon (sent when the page is
 * hidden or left): null for a page view without one (S2S hits, a visitor still on the page, a beacon
 * that never arrived). A figure the beacon held outside its shape is null.
 */
export const zForensicsEngagement = z.object({
  /** When the beacon arrived. */
  at: zTimestamp,
  /** Milliseconds from the navigation start to the beacon. */
  dwellMs: z.number().nullable(),
  /** Milliseconds the page was visible. */
  visibleMs: z.number().nullable(),
  /** Trusted pointer moves, clicks, key presses, scroll and touch events (a script's do not count). */
  pointerMoves: z.number().nullable(),
  clicks: z.number().nullable(),
  keys: z.number().nullable(),
  scrolls: z.number().nullable(),
  touches: z.number().nullable(),
});
export type ForensicsEngagement = z.infer<typeof zForensicsEngagement>;

export const zForensicsHit = z.object({
  id: z.string(),
  ts: zTimestamp,
  url: z.string(),
  ...zAttribution,
  clickId: z.string().nullable(),
  clickIdType: z.string().nullable(),
  hitStatus: z.enum(['delivered', 'paused', 'blocked']),
  riskLevel: zRiskLevel,
  score: z.number().nullable(),
  threats: z.array(z.string()),
  engagement: zForensicsEngagement.nullable(),
});
export type ForensicsHit = z.infer<typeof zForensicsHit>;

export const zForensicsConversion = z.object({
  id: z.string(),
  ts: zTimestamp,
  name: z.string(),
  value: z.number().nullable(),
  currency: z.string().nullable(),
  status: zConversionStatus,
  hitId: z.string().nullable(),
  riskLevel: zRiskLevel,
  score: z.number().nullable(),
  threats: z.array(z.string()),
});

export const zForensicsFiring = z.object({
  hitId: z.string(),
  platform: z.string(),
  ts: zTimestamp,
});

/** Most ad-platform exclusions of the visit's address listed. */
export const IP_EXCLUSIONS_LIMIT = 50;

/** An exclusion of an ad platform whose range holds the visit's IP address (Google Ads IP exclusions). */
export const zForensicsIpExclusion = z.object({
  platform: z.literal('google_ads'),
  customerId: z.string(),
  /** Null for an exclusion of the whole ad account. */
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  /** The excluded address or range. */
  cidr: z.string(),
  /** planned (detection mode, or not pushed yet), active (in force), failed, removed. */
  state: z.enum(['planned', 'active', 'failed', 'removed']),
  addedAt: zTimestamp,
  expiresAt: zTimestamp.nullable(),
});
export type ForensicsIpExclusion = z.infer<typeof zForensicsIpExclusion>;

export const zSimilarSession = z.object({
  id: z.string(),
  startedAt: zTimestamp,
  landingUrl: z.string(),
  trafficType: z.string(),
  riskLevel: z.enum(['low', 'medium', 'high']),
  hits: z.number(),
  /** What it shares with the visit: the device fingerprint, the IP address, its /24 (or /48). */
  sharedBy: z.array(z.enum(['device', 'ip', 'subnet'])),
});

export const zSessionForensics = z.object({
  session: z.object({
    id: z.string(),
    startedAt: zTimestamp,
    lastSeenAt: zTimestamp,
    landingUrl: z.string(),
    ...zAttribution,
    hits: z.number(),
    riskLevel: zRiskLevel,
    /** The highest score of its events (sessions keep no score of their own). */
    score: z.number().nullable(),
  }),
  reasons: z.array(zForensicsReason),
  hits: z.array(zForensicsHit),
  /** The visit has more hits than FORENSICS_HITS_LIMIT: the list is its first ones. */
  hitsCut: z.boolean(),
  device: z.object({
    userAgent: z.string().nullable(),
    browser: z.string().nullable(),
    osName: z.string().nullable(),
    deviceType: z.string().nullable(),
    deviceId: z.string().nullable(),
    /**
     * What the sensor saw, from the visit's first page view that ran it (null without one, as for
     * S2S): the screen in CSS pixels, the browser's time zone and languages as it named them.
     */
    screen: z.object({ width: z.number(), height: z.number() }).nullable(),
    timeZone: z.string().nullable(),
    languages: z.array(z.string()).nullable(),
    /**
     * Whether the time zone is one of the IP country's (tzdata's zones by country): null when either is
     * unknown or the zone is not in that list.
     */
    timeZoneInCountry: z.boolean().nullable(),
  }),
  network: z.object({
    ip: z.string().nullable(),
    asn: z.number().nullable(),
    isp: z.string().nullable(),
    country: z.string().nullable(),
  }),
  conversions: z.array(zForensicsConversion),
  exclusionFirings: z.array(zForensicsFiring),
  /** The ad-platform exclusions that include the visit's IP address, newest first. */
  ipExclusions: z.array(zForensicsIpExclusion),
  similar: z.array(zSimilarSession),
});
export type SessionForensics = z.infer<typeof zSessionForensics>;
