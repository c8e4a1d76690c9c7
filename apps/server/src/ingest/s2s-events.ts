import { randomUUID } from 'node:crypto';
import type { Campaign } from '@veracity/contracts/campaigns';
import type { RequestFacts } from '@veracity/contracts/detection';
import {
  S2S_MAX_AGE_MS,
  S2S_MAX_SKEW_MS,
  type S2sConversion,
  type S2sHit,
  type S2sVisitorHeaders,
} from '@veracity/contracts/s2s';
import { ApiError } from '../http/api-error.js';
import { riskLabel, type Verdict } from '../verdicts/verdict.js';
import type { IncomingConversion, IncomingHit } from './incoming-events.js';

/** S2S bodies as the pipeline takes them, and the verdicts as the S2S endpoints answer them. */

/** The visitor's request facts as a customer's server forwarded them. */
export function forwardedFacts(
  ip: string,
  userAgent: string,
  headers: S2sVisitorHeaders = {},
): Omit<RequestFacts, 'landingUrl' | 'clickIds' | 'referrer'> {
  return {
    ip,
    userAgent,
    acceptLanguage: headers['accept-language'] ?? null,
    secChUa: headers['sec-ch-ua'] ?? null,
    secChUaMobile: headers['sec-ch-ua-mobile'] ?? null,
    secChUaPlatform: headers['sec-ch-ua-platform'] ?? null,
    secChUaPlatformVersion: headers['sec-ch-ua-platform-version'] ?? null,
    secChUaFullVersionList: headers['sec-ch-ua-full-version-list'] ?? null,
    secFetchSite: headers['sec-fetch-site'] ?? null,
    secFetchMode: headers['sec-fetch-mode'] ?? null,
    secFetchDest: headers['sec-fetch-dest'] ?? null,
    secFetchUser: headers['sec-fetch-user'] ?? null,
  };
}

/** An S2S hit body, dated `at`, for the pipeline; `campaign` when the body names one of the account's. */
export function s2sIncomingHit(body: S2sHit, at: Date, campaign: Campaign | undefined): IncomingHit {
  return {
    id: body.id ?? randomUUID(),
    channel: 's2s',
    sessionId: body.sessionId ?? null,
    at,
    url: body.url,
    referrer: body.referrer || null,
    request: forwardedFacts(body.ip, body.userAgent, body.headers),
    sensor: body.signals ?? null,
    campaignId: body.campaignId ?? null,
    googleCampaign: campaign?.googleCampaignId
      ? { id: campaign.googleCampaignId, accountId: campaign.googleAccountId }
      : null,
    subPublisher: body.subPublisher ?? null,
    cost: body.cost ?? null,
    vars: body.vars,
    // A customer's own id may have been stored before a restart: look it up.
    checkStored: body.id !== undefined,
  };
}

/** An S2S conversion body, dated `at`, for the pipeline. */
export function s2sIncomingConversion(body: S2sConversion, at: Date): IncomingConversion {
  return {
    id: body.id ?? randomUUID(),
    at,
    hitId: body.hitId ?? null,
    sessionId: null,
    name: body.name,
    value: body.value ?? null,
    currency: body.currency ?? null,
    request:
      body.ip !== undefined && body.userAgent !== undefined ? forwardedFacts(body.ip, body.userAgent) : null,
    checkStored: body.id !== undefined,
    ...(body.crm ? { crm: body.crm } : {}),
  };
}

/** An S2S event time: within the accepted window around the server's clock. */
export function eventTime(ts: string | number | undefined, now: number): Date {
  if (ts === undefined) return new Date(now);
  const at = typeof ts === 'number' ? ts : Date.parse(ts);
  if (at < now - S2S_MAX_AGE_MS || at > now + S2S_MAX_SKEW_MS) {
    throw ApiError.fields([{ code: 'NOT_VALID', field: 'ts', value: 'must be within the last 30 days' }]);
  }
  return new Date(at);
}

/** A verdict as the S2S endpoints answer it: with the dashboard's word for its tier. */
export function verdictBody(verdict: Verdict) {
  return { ...verdict, label: riskLabel(verdict.riskLevel) };
}
