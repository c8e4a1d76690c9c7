import { randomUUID } from 'node:crypto';
import { appPackageFromHeader } from '@veracity/contracts/app-security';
import type { Campaign } from '@veracity/contracts/campaigns';
import type { RequestFacts } from '@veracity/contracts/detection';
import {
  S2S_MAX_AGE_MS,
  S2S_MAX_SKEW_MS,
  type S2sConversion,
  type S2sForwardedHeaders,
  type S2sHit,
} from '@veracity/contracts/s2s';
import { ApiError } from '../http/api-error.js';
import { riskLabel, type Verdict } from '../verdicts/verdict.js';
import type { IncomingConversion, IncomingHit } from './incoming-events.js';

/** S2S bodies as the pipeline takes them, and the verdicts as the S2S endpoints answer them. */

/** The headers the engine reads: the request fact each one fills, and the length of it kept. */
const READ_HEADERS = {
  accept: ['accept', 512],
  'accept-language': ['acceptLanguage', 512],
  'sec-ch-ua': ['secChUa', 512],
  'sec-ch-ua-mobile': ['secChUaMobile', 8],
  'sec-ch-ua-platform': ['secChUaPlatform', 64],
  'sec-ch-ua-platform-version': ['secChUaPlatformVersion', 64],
  'sec-ch-ua-full-version-list': ['secChUaFullVersionList', 1024],
  'sec-fetch-site': ['secFetchSite', 32],
  'sec-fetch-mode': ['secFetchMode', 32],
  'sec-fetch-dest': ['secFetchDest', 32],
  'sec-fetch-user': ['secFetchUser', 8],
  // The raw value here; `forwardedFacts` keeps it only when it names an app.
  'x-requested-with': ['appPackage', 255],
} as const satisfies Record<string, readonly [keyof RequestFacts, number]>;
type ReadHeader = keyof typeof READ_HEADERS;
type HeaderFacts = { -readonly [Name in ReadHeader as (typeof READ_HEADERS)[Name][0]]: string | null };

/**
 * The facts of the headers the engine reads, from the headers as sent (the customer's picked set, or
 * the visitor's whole set as received): names in any case; others ignored; a value that is neither a
 * text nor a list of texts is taken as not sent; a header sent twice is joined with ", " as HTTP does.
 */
function headerFacts(headers: S2sForwardedHeaders): HeaderFacts {
  const facts = Object.fromEntries(Object.values(READ_HEADERS).map(([fact]) => [fact, null])) as HeaderFacts;
  for (const [name, sent] of Array.isArray(headers) ? headers : Object.entries(headers)) {
    const key = name.trim().toLowerCase();
    // Own keys only: a header named `constructor` or `__proto__` is just another unknown header.
    if (!Object.hasOwn(READ_HEADERS, key)) continue;
    const value =
      typeof sent === 'string'
        ? sent
        : Array.isArray(sent) && sent.every((item) => typeof item === 'string')
          ? sent.join(', ')
          : undefined;
    if (value === undefined) continue;
    const [fact, length] = READ_HEADERS[key as ReadHeader];
    const earlier = facts[fact];
    facts[fact] = (earlier === null ? value : `${earlier}, ${value}`).slice(0, length);
  }
  return facts;
}

/**
 * The visitor's request facts as a customer's server forwarded them; `forwarded` when `headers` are
 * the visitor's whole set as received (`headersForwarded`), so that a header missing is evidence.
 */
export function forwardedFacts(
  ip: string,
  userAgent: string,
  headers: S2sForwardedHeaders = {},
  forwarded = false,
): Omit<RequestFacts, 'landingUrl' | 'clickIds' | 'referrer'> {
  const facts = headerFacts(headers);
  return {
    ip,
    userAgent,
    ...facts,
    appPackage: appPackageFromHeader(facts.appPackage),
    headersForwarded: forwarded,
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
    request: forwardedFacts(body.ip, body.userAgent, body.headers, body.headersForwarded === true),
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
