import {
  type Assessment,
  type AssessmentInput,
  type Enrichment,
  NO_ACTIVITY_HISTORY,
  type RequestFacts,
  type RiskLevel,
  type TrafficType,
} from '@veracity/contracts/detection';
import type { ThreatEvidence, ThreatFinding } from '@veracity/contracts/threat-evidence';
import { assess, withReasons } from '@veracity/detection/assess';
import { enrich } from '@veracity/detection/enrich';
import type { IpIntelligence } from '@veracity/detection/ip/ip-intelligence';
import { isAllowListed } from '@veracity/detection/network';
import { isPaidLanding } from '@veracity/detection/paid';
import type { RecentActivity } from '../counters/recent-activity.js';
import type { EventDimensions, HitRow } from '../storage/events/event-store.js';
import { evidenceOfReasons, withEvidence } from '../verdicts/verdict.js';
import type { AccountContext } from './account-directory.js';
import { deviceIdOf } from './device-id.js';
import type { IncomingConversion, IncomingHit } from './incoming-events.js';
import type { Landing } from './landing.js';

/** A hit as the detection engine saw it: the request it judged, what it found, and its verdict. */
export interface HitAssessment {
  request: RequestFacts;
  enrichment: Enrichment;
  deviceId: string;
  trafficType: TrafficType;
  /** The hit landed from a bought ad (a click id, a paid medium, a Google campaign): see `isPaidLanding`. */
  paidLanding: boolean;
  assessment: Assessment;
}

export interface JoinedVerdict {
  riskLevel: RiskLevel;
  score: number;
  threats: string[];
  evidence: ThreatEvidence | null;
}

/** A conversion's verdict, and the dimensions it is counted by (its click's, when known). */
export type ConversionJudgement = JoinedVerdict & { dimensions: EventDimensions };

/**
 * The detection engine's input for an event, and its verdict: the visitor's request facts, their
 * enrichment (IP intelligence, the user agent), the recent activity of the address, device and click id
 * (counted at the event's own time, so a replayed history is not one burst; paid clicks per account),
 * and the account's rules.
 */
export class Assessor {
  constructor(private readonly deps: { ipIntelligence: IpIntelligence; activity: RecentActivity }) {}

  async hit(account: AccountContext, hit: IncomingHit, landing: Landing): Promise<HitAssessment> {
    // The added fields come before the spread, here and in the two objects below. In Node 20's V8 a
    // spread followed by a field its source lacks gives every object made that way a hidden class of
    // its own; with the spread last they share one. A class of its own costs memory while the hit is
    // kept and makes each later read of its fields a megamorphic one (docs/decisions.md).
    const request: RequestFacts = {
      referrer: hit.referrer,
      landingUrl: hit.url,
      clickIds: landing.clickIds,
      ...hit.request,
    };
    const enrichment = enrich(request, this.deps.ipIntelligence);
    const deviceId = deviceIdOf(request, hit.sensor);
    const at = hit.at.getTime();
    const counts = await this.deps.activity.record({
      ip: request.ip,
      deviceId,
      clickId: landing.clickId,
      account: account.relationshipId,
      at,
    });
    const paidGoogle = hit.googleCampaign?.id != null;
    const trafficType: TrafficType =
      paidGoogle && landing.trafficType !== 'google' && !landing.clickIdType ? 'google' : landing.trafficType;
    const input: AssessmentInput = {
      kind: 'hit',
      channel: hit.channel,
      at,
      request,
      enrichment,
      sensor: hit.sensor,
      sensorProof: hit.sensorProof ?? null,
      campaign: { targetedCountries: [], trafficType, paid: landing.paid || paidGoogle },
      rules: account.rules,
      history: { sinceClickMs: null, ...counts },
    };
    return {
      request,
      enrichment,
      deviceId,
      trafficType,
      paidLanding: isPaidLanding(input),
      assessment: assess(input),
    };
  }

  /** A conversion whose click is not known, judged by the visitor's request that S2S forwarded. */
  conversionAlone(
    account: AccountContext,
    conversion: IncomingConversion,
    visitor: NonNullable<IncomingConversion['request']>,
  ): ConversionJudgement {
    const request: RequestFacts = { referrer: null, landingUrl: null, clickIds: {}, ...visitor };
    const enrichment = enrich(request, this.deps.ipIntelligence);
    const own = assess({
      kind: 'conversion',
      channel: 's2s',
      at: conversion.at.getTime(),
      request,
      enrichment,
      sensor: null,
      sensorProof: null,
      campaign: { targetedCountries: [], trafficType: null, paid: false },
      rules: account.rules,
      history: NO_ACTIVITY_HISTORY,
    });
    return {
      riskLevel: own.riskLevel,
      score: own.score,
      threats: own.reasons.map((found) => found.id),
      evidence: evidenceOfReasons(own.reasons),
      dimensions: {
        trafficType: 'direct',
        country: enrichment.country ?? 'WW',
        isp: enrichment.isp ?? enrichment.organisation,
        deviceType: enrichment.device,
        osName: enrichment.os,
        browser: enrichment.browser,
      },
    };
  }
}

/**
 * A known hit's verdict joined with reasons found since (its engagement, its conversion), by the
 * engine's tiering rule; nothing is added for an address the account allow-lists.
 */
export function joined(account: AccountContext, row: HitRow, added: readonly ThreatFinding[]): JoinedVerdict {
  const score = row.score ?? 0;
  const evidence = row.evidence ?? null;
  if (isAllowListed({ rules: account.rules, request: { ip: row.ip ?? '' } })) {
    return { riskLevel: row.riskLevel, score, threats: row.threats, evidence };
  }
  const join = withReasons(
    { score, reasonIds: row.threats, riskLevel: row.riskLevel },
    added.map((found) => found.id),
  );
  return {
    riskLevel: join.riskLevel,
    score: join.score,
    threats: join.reasonIds,
    evidence: withEvidence(evidence, row.threats, added),
  };
}
