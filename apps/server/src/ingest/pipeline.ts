import type { SensorBehaviour } from '@veracity/contracts/collect';
import type {
  AssessmentInput,
  HitChannel,
  RequestFacts,
  RiskLevel,
  SensorSignals,
  TrafficType,
} from '@veracity/contracts/detection';
import type { CustomVarName } from '@veracity/contracts/s2s';
import type { ThreatEvidence, ThreatFinding } from '@veracity/contracts/threat-evidence';
import { assess, engagementFindings, withReasons } from '@veracity/detection/assess';
import { clickToConversionFindings } from '@veracity/detection/conversion';
import { enrich } from '@veracity/detection/enrich';
import type { IpIntelligence } from '@veracity/detection/ip/ip-intelligence';
import { LruCache } from '@veracity/detection/lru-cache';
import { isAllowListed } from '@veracity/detection/network';
import type { RecentActivity } from '@veracity/detection/recent-activity';
import { loadedHidden } from '@veracity/detection/render';
import { dimensionsOf, sessionOfHit } from '../storage/events/event-journal.js';
import type {
  ConversionRow,
  EventDimensions,
  EventStore,
  HitRow,
  KeyedTable,
} from '../storage/events/event-store.js';
import type { AccountContext, AccountDirectory } from './account-directory.js';
import type { BatchWriter } from './batch-writer.js';
import { deviceIdOf } from './device-id.js';
import { readLanding } from './landing.js';
import { SessionTracker } from './session-tracker.js';
import { type KnownHit, knownHitVerdict, readStoredConversion, readStoredHits } from './stored-events.js';
import { hitKey, StoredHitReader, type StoredHitReaderOptions } from './stored-hit-reader.js';
import { StoredIds } from './stored-ids.js';
import {
  evidenceOfReasons,
  type HitVerdict,
  LEVEL_RANK,
  type Verdict,
  verdictThreats,
  withEvidence,
  worst,
} from './verdict.js';

/** The reason an engagement beacon whose figures no browser sends adds, with its evidence. */
const UNEXPECTED_ENGAGEMENT: ThreatFinding = {
  id: 'automation:inconsistent_environment',
  evidence: { check: 'engagement_figures', claimed: null, seen: null },
};

/** A hit as the collector or the S2S endpoint hands it to the pipeline. */
export interface IncomingHit {
  id: string;
  channel: HitChannel;
  /** The first-party session id of the sensor or the customer's; derived from the device when null. */
  sessionId: string | null;
  at: Date;
  url: string;
  /** The visitor's request facts (headers of the sensor's own request, or those S2S forwarded). */
  request: Omit<RequestFacts, 'landingUrl' | 'clickIds' | 'referrer'>;
  referrer: string | null;
  sensor: SensorSignals | null;
  campaignId?: number | null;
  /** The campaign names a Google Ads campaign: the traffic is a paid Google click. */
  googleCampaign?: { id: string | null; accountId: string | null } | null;
  subPublisher?: string | null;
  cost?: number | null;
  vars?: Partial<Record<CustomVarName, string>>;
  /** Look the id up in the store when it is not among the recent hits: an id the sender chose (the
   * sensor's, an S2S id) may have been stored before a restart, and its first verdict stands. */
  checkStored?: boolean;
}

export interface IncomingConversion {
  id: string;
  at: Date;
  /** The page view or click the conversion follows. */
  hitId: string | null;
  sessionId: string | null;
  name: string;
  value: number | null;
  currency: string | null;
  /** The converting visitor's request, when known; required when the hit is unknown. */
  request: Omit<RequestFacts, 'landingUrl' | 'clickIds' | 'referrer'> | null;
  checkStored?: boolean;
}

/** The conversion refers to a hit the collector does not know, and carries no request to judge alone. */
export class UnknownHitError extends Error {
  override readonly name = 'UnknownHitError';
}

export interface PipelineOptions {
  /** Recent hits kept in memory for engagements, conversions and retries. */
  recentHits?: number;
  /** Sessions whose running hit count is kept. */
  sessions?: number;
  /** How hits not in memory are read back from the store. */
  storedHitReader?: StoredHitReaderOptions;
}

/**
 * One ingestion pipeline for the sensor and S2S: enrich, count recent activity, assess with the
 * detection engine, build the stored rows (hit, session snapshot, conversion), hand them to the group
 * commit writer, and answer once they are durable.
 *
 * Memory holds what later events of a visit need: recent hits (their rows, whose verdict the engagement
 * beacon and conversions join with what they add, and which a retry is answered again from) and the
 * running visits (`SessionTracker`). After a restart a hit or conversion id the sender chose is looked
 * up in the store before it is assessed (the first verdict stands), and visits carry on from what the
 * store holds (`restoreSessions`, before the first hit). A hit's sensor signals
 * are not kept: its verdict already holds what they say, and each kept hit is memory that the garbage
 * collector copies twice before it settles (docs/decisions.md).
 */
export class IngestPipeline {
  readonly #recentHits: LruCache<string, Promise<KnownHit>>;
  readonly #sessions: SessionTracker;
  readonly #recentConversions = new LruCache<string, Promise<Verdict>>(50_000);
  /** The ids in the store, when it can hand them over: an id surely not stored is not looked up. */
  readonly storedIds: StoredIds | undefined;
  /** Hits not in memory, read back from the store in batches. */
  readonly #storedHits: StoredHitReader;

  constructor(
    private readonly deps: {
      store: EventStore;
      writer: BatchWriter;
      accounts: AccountDirectory;
      ipIntelligence: IpIntelligence;
      activity: RecentActivity;
    },
    options: PipelineOptions = {},
  ) {
    this.#recentHits = new LruCache(options.recentHits ?? 50_000);
    this.#sessions = new SessionTracker(deps.store, options.sessions ?? 100_000);
    this.storedIds = deps.store.scanKeys ? new StoredIds(deps.store.scanKeys.bind(deps.store)) : undefined;
    this.#storedHits = new StoredHitReader(
      (wanted) => readStoredHits(deps.store, wanted),
      options.storedHitReader,
    );
  }

  /**
   * Reads back the visits that were running when the server stopped (`SessionTracker.restore`): call
   * once the journal is recovered, before the first hit.
   */
  restoreSessions(): ReturnType<SessionTracker['restore']> {
    return this.#sessions.restore();
  }

  /** Assesses and stores a hit; resolves with its verdict once it is durable. */
  async hit(account: AccountContext, hit: IncomingHit): Promise<HitVerdict> {
    const key = hitKey(account.relationshipId, hit.id);
    const recent = this.#recentHits.get(key);
    if (recent) return knownHitVerdict((await recent).row, true);
    if (hit.checkStored && this.#mayBeStored('hits', account, hit.id)) {
      const stored = await this.#storedHits.get(account, hit.id);
      if (stored) return knownHitVerdict(stored.row, true);
    }
    const pending = this.#ingestHit(account, hit);
    this.#recentHits.set(key, pending);
    try {
      const done = await pending;
      if (!account.sensorIntegrated) await this.deps.accounts.markIntegrated(account);
      return knownHitVerdict(done.row, false);
    } catch (error) {
      this.#recentHits.delete(key);
      throw error;
    }
  }

  /**
   * The engagement beacon of a page view: the reasons the visitor's behaviour gives join the hit's
   * verdict (`engagementReasons`, the same as assessing the page view again with its behaviour). The
   * hit stays as stored (immutable); its session takes the new verdict when it is worse. A page view
   * no longer in memory is read back from the store. Answers false when the hit is not known.
   * `figures` is null when the beacon's figures held values no browser sends: that is the reason added.
   */
  async engagement(
    account: AccountContext,
    hitId: string,
    figures: { behaviour: SensorBehaviour; visibleMs: number } | null,
  ): Promise<boolean> {
    const known = await this.#knownHit(account, hitId);
    if (!known || known.engaged) return known !== undefined;
    known.engaged = true;
    const { row } = known;
    const { riskLevel, threats, evidence } = joined(
      account,
      row,
      figures ? engagementFindings(known.loadedHidden, figures) : [UNEXPECTED_ENGAGEMENT],
    );
    const added = threats.filter((id) => !row.threats.includes(id));
    if (LEVEL_RANK[riskLevel] <= LEVEL_RANK[row.riskLevel] && added.length === 0) return true;
    const session = this.#sessions.get(account.relationshipId, row.sessionId);
    await this.deps.writer.write({
      sessions: [
        sessionOfHit(
          row,
          { hits: session?.hits ?? 1, startedAt: session?.startedAt ?? row.ts },
          { riskLevel: worst(riskLevel, row.riskLevel), threats, evidence },
        ),
      ],
    });
    return true;
  }

  /**
   * Assesses and stores a conversion. Of a known click: the click's verdict joined with what the
   * conversion adds (too soon after the click), so a conversion from an invalid click is invalid.
   * Without one (S2S with the visitor's request): assessed on its own.
   */
  async conversion(account: AccountContext, conversion: IncomingConversion): Promise<Verdict> {
    const key = `${account.relationshipId}:conversion:${conversion.id}`;
    const recent = this.#recentConversions.get(key);
    if (recent) return { ...(await recent), duplicate: true };
    if (conversion.checkStored && this.#mayBeStored('conversions', account, conversion.id)) {
      const stored = await readStoredConversion(this.deps.store, account, conversion.id);
      if (stored) return { ...stored, duplicate: true };
    }
    const pending = this.#ingestConversion(account, conversion);
    this.#recentConversions.set(key, pending);
    try {
      return await pending;
    } catch (error) {
      this.#recentConversions.delete(key);
      throw error;
    }
  }

  async #ingestHit(account: AccountContext, hit: IncomingHit): Promise<KnownHit> {
    const landing = readLanding(hit.url, hit.referrer);
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
      campaign: { targetedCountries: [], trafficType, paid: landing.paid || paidGoogle },
      rules: account.rules,
      history: { sinceClickMs: null, ...counts },
    };
    const assessment = assess(input);
    const counted = this.#sessions.count(account.relationshipId, hit.sessionId, deviceId, hit.at);
    const session = counted instanceof Promise ? await counted : counted;
    const row: HitRow = {
      relationshipId: account.relationshipId,
      id: hit.id,
      sessionId: session.id,
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
      subPublisher: hit.subPublisher ?? null,
      clickId: landing.clickId,
      clickIdType: landing.clickIdType,
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
      hitStatus: 'delivered',
      cost: hit.cost ?? null,
      vars: hit.vars ?? {},
      domain: landing.domain,
      deviceId,
      googleCampaignId: landing.google.campaignId ?? hit.googleCampaign?.id ?? null,
      googlePlacement: landing.google.placement,
      googleKeyword: landing.google.keyword,
      googleAccountId: landing.google.accountId ?? hit.googleCampaign?.accountId ?? null,
      score: Math.round(assessment.score),
    };
    await this.deps.writer.write({
      hits: [row],
      hitSessions: [{ hits: session.hits, startedAt: session.startedAt }],
    });
    this.storedIds?.add('hits', account.relationshipId, hit.id);
    return { row, engaged: false, loadedHidden: hit.sensor !== null && loadedHidden(hit.sensor) };
  }

  async #ingestConversion(account: AccountContext, conversion: IncomingConversion): Promise<Verdict> {
    const hit = conversion.hitId ? await this.#knownHit(account, conversion.hitId) : undefined;
    let judged: ConversionJudgement;
    if (hit) {
      const sinceClickMs = Math.max(0, conversion.at.getTime() - hit.row.ts.getTime());
      judged = {
        ...joined(account, hit.row, clickToConversionFindings(sinceClickMs)),
        dimensions: dimensionsOf(hit.row),
      };
    } else if (conversion.request) {
      judged = this.#conversionAlone(account, conversion, conversion.request);
    } else {
      throw new UnknownHitError(`no hit ${conversion.hitId ?? ''} is known for this account`);
    }
    const { riskLevel, score, threats, evidence } = judged;
    const row: ConversionRow = {
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
      status: 'not_reported',
      score,
    };
    await this.deps.writer.write({ conversions: [row] });
    this.storedIds?.add('conversions', account.relationshipId, conversion.id);
    return { id: conversion.id, riskLevel, score, threats: verdictThreats(threats), duplicate: false };
  }

  /** A conversion whose click is not known, judged by the visitor's request that S2S forwarded. */
  #conversionAlone(
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
      campaign: { targetedCountries: [], trafficType: null, paid: false },
      rules: account.rules,
      history: { sameIp: 0, sameDevice: 0, sameClickId: 0, sinceClickMs: null },
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

  /** A hit from memory, or read back from the store (after a restart, or once it left the recent hits). */
  async #knownHit(account: AccountContext, hitId: string): Promise<KnownHit | undefined> {
    const recent = await this.#recentHits.get(hitKey(account.relationshipId, hitId))?.catch(() => undefined);
    if (recent || !this.#mayBeStored('hits', account, hitId)) return recent;
    return this.#storedHits.get(account, hitId);
  }

  #mayBeStored(table: KeyedTable, account: AccountContext, id: string): boolean {
    return this.storedIds?.mayHold(table, account.relationshipId, id) ?? true;
  }
}

interface JoinedVerdict {
  riskLevel: RiskLevel;
  score: number;
  threats: string[];
  evidence: ThreatEvidence | null;
}

/** A conversion's verdict, and the dimensions it is counted by (its click's, when known). */
type ConversionJudgement = JoinedVerdict & { dimensions: EventDimensions };

/**
 * A known hit's verdict joined with reasons found since (its engagement, its conversion), by the
 * engine's tiering rule; nothing is added for an address the account allow-lists.
 */
function joined(account: AccountContext, row: HitRow, added: readonly ThreatFinding[]): JoinedVerdict {
  const score = row.score ?? 0;
  const evidence = row.evidence ?? null;
  if (isAllowListed({ rules: account.rules, request: { ip: row.ip ?? '' } })) {
    return { riskLevel: row.riskLevel, score, threats: row.threats, evidence };
  }
  const join = withReasons(
    { score, reasonIds: row.threats },
    added.map((found) => found.id),
  );
  return {
    riskLevel: join.riskLevel,
    score: join.score,
    threats: join.reasonIds,
    evidence: withEvidence(evidence, row.threats, added),
  };
}
