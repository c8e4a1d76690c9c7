import {
  type ConversionRow,
  type ConversionStatus,
  type ExclusionFiringRow,
  type ExclusionPlatform,
  exclusionFiringId,
  type HitRow,
  type HitStatus,
  type SessionRow,
} from '../storage/events/event-store.js';
import { sessionOfHit } from '../storage/events/journal/journal-format.js';
import { evidenceOfReasons, worst } from '../verdicts/verdict.js';
import type { AccountContext } from './account-directory.js';
import type { ConversionJudgement, HitAssessment, JoinedVerdict } from './assessment.js';
import { deviceFactsOf } from './device-facts.js';
import type { IncomingConversion, IncomingHit } from './incoming-events.js';
import type { Landing } from './landing.js';
import type { SessionState } from './session-tracker.js';
import type { KnownHit } from './stored-events.js';

/**
 * The stored row of an assessed hit: attribution from its landing (or, for a firewall click, its
 * campaign, offer and traffic source), enrichment, verdict, its visit, what the firewall did and what
 * the sensor saw of the device.
 */
export function hitRow(
  account: AccountContext,
  hit: IncomingHit,
  landing: Landing,
  { request, enrichment, deviceId, trafficType, assessment }: HitAssessment,
  sessionId: string,
  hitStatus: HitStatus = 'delivered',
): HitRow {
  const firewall = hit.firewall;
  const device = deviceFactsOf(hit.sensor);
  return {
    relationshipId: account.relationshipId,
    id: hit.id,
    sessionId,
    ts: hit.at,
    url: hit.url,
    referrer: hit.referrer || null,
    trafficType,
    utmSource: landing.utm.source,
    utmMedium: landing.utm.medium,
    utmCampaign: landing.utm.campaign,
    utmContent: landing.utm.content,
    utmTerm: landing.utm.term,
    campaignId: hit.campaignId ?? null,
    offerId: firewall ? firewall.offerId : null,
    trafficSourceId: firewall ? firewall.trafficSourceId : null,
    subPublisher: hit.subPublisher ?? null,
    // A firewall click's id is its traffic source's (posted back as {external_id}), of no ad network.
    clickId: firewall ? firewall.sourceClickId : landing.clickId,
    clickIdType: firewall ? null : landing.clickIdType,
    ip: request.ip,
    country: enrichment.country ?? 'WW',
    isp: enrichment.isp ?? enrichment.organisation,
    asn: enrichment.asn,
    deviceType: enrichment.device,
    osName: enrichment.os,
    browser: enrichment.browser,
    userAgent: request.userAgent || null,
    riskLevel: assessment.riskLevel,
    threats: assessment.reasons.map((reason) => reason.id),
    evidence: evidenceOfReasons(assessment.reasons),
    hitStatus,
    cost: hit.cost ?? null,
    vars: hit.vars ?? {},
    domain: landing.domain,
    deviceId,
    googleCampaignId: landing.google.campaignId ?? hit.googleCampaign?.id ?? null,
    googlePlacement: landing.google.placement,
    googleKeyword: landing.google.keyword,
    googleAccountId: landing.google.accountId ?? hit.googleCampaign?.accountId ?? null,
    score: Math.round(assessment.score),
    screenWidth: device.screenWidth,
    screenHeight: device.screenHeight,
    timeZone: device.timeZone,
    languages: device.languages,
  };
}

/**
 * The session snapshot an engagement leaves: the hit's visit as it runs (or the hit alone when the
 * visit is no longer tracked), with the worse of the two verdicts and the joined reasons.
 */
export function engagedSessionRow(
  row: HitRow,
  session: SessionState | undefined,
  verdict: Pick<JoinedVerdict, 'riskLevel' | 'threats' | 'evidence'>,
): SessionRow {
  return sessionOfHit(
    row,
    { hits: session?.hits ?? 1, startedAt: session?.startedAt ?? row.ts },
    {
      riskLevel: worst(verdict.riskLevel, row.riskLevel),
      threats: verdict.threats,
      evidence: verdict.evidence,
    },
  );
}

/** The stored row of a judged conversion, in its click's visit when the click is known. */
export function conversionRow(
  account: AccountContext,
  conversion: IncomingConversion,
  judged: ConversionJudgement,
  hit: KnownHit | undefined,
  status: ConversionStatus = 'not_reported',
): ConversionRow {
  const { riskLevel, score, threats, evidence } = judged;
  return {
    ...judged.dimensions,
    relationshipId: account.relationshipId,
    id: conversion.id,
    sessionId: hit?.row.sessionId ?? conversion.sessionId,
    hitId: conversion.hitId,
    ts: conversion.at,
    name: conversion.name,
    value: conversion.value,
    currency: conversion.currency,
    riskLevel,
    threats,
    evidence,
    status,
    score,
  };
}

/**
 * The stored rows of a hit's exclusion firings, one per platform: the hit's verdict and the dimensions
 * the exclusion widgets filter by are the stored hit's, whatever the sender claims.
 */
export function exclusionFiringRows(
  hit: HitRow,
  platforms: readonly ExclusionPlatform[],
  at: Date,
): ExclusionFiringRow[] {
  return platforms.map((platform) => ({
    relationshipId: hit.relationshipId,
    id: exclusionFiringId(hit.id, platform),
    hitId: hit.id,
    sessionId: hit.sessionId,
    platform,
    ts: at,
    riskLevel: hit.riskLevel,
    trafficType: hit.trafficType,
    googleCampaignId: hit.googleCampaignId ?? null,
  }));
}
