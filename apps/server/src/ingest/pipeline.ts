import type { ThreatFinding } from '@veracity/contracts/threat-evidence';
import { engagementFindings } from '@veracity/detection/assess';
import { clickInjectionFindings, clickToConversionFindings } from '@veracity/detection/conversion';
import type { IpIntelligence } from '@veracity/detection/ip/ip-intelligence';
import { loadedHidden } from '@veracity/detection/render';
import type { RecentActivity } from '../counters/recent-activity.js';
import type { CrmLeadRecorder } from '../crm/hubspot-leads.js';
import type {
  ConversionStatus,
  EventStore,
  ExclusionPlatform,
  HitRow,
  SessionRow,
} from '../storage/events/event-store.js';
import type { EventAppender } from '../storage/events/journal/batch-writer.js';
import { dimensionsOf } from '../storage/events/journal/journal-format.js';
import { type HitVerdict, LEVEL_RANK, type Verdict, verdictThreats } from '../verdicts/verdict.js';
import type { AccountContext, AccountDirectory } from './account-directory.js';
import { Assessor, type ConversionJudgement, joined } from './assessment.js';
import { type EngagementFigures, engagementRow } from './device-facts.js';
import { conversionRow, engagedSessionRow, exclusionFiringRows, hitRow } from './event-rows.js';
import type { IncomingConversion, IncomingHit } from './incoming-events.js';
import { conversionKey, KnownEvents, type KnownEventsOptions } from './known-events.js';
import { readLanding } from './landing.js';
import { SessionTracker } from './session-tracker.js';
import { type KnownHit, knownHitVerdict } from './stored-events.js';
import { hitKey } from './stored-hit-reader.js';
import type { StoredIds } from './stored-ids.js';

/** The reason an engagement beacon whose figures no browser sends adds, with its evidence. */
const UNEXPECTED_ENGAGEMENT: ThreatFinding = {
  id: 'automation:inconsistent_environment',
  evidence: { check: 'engagement_figures', claimed: null, seen: null },
};

/**
 * How long an engagement beacon of a page view not yet known waits for it: the page view and the
 * beacon leave on their own connections, and a page left at once sends both within a second.
 */
export const PAGE_VIEW_RACE_MS = 5_000;

/** The conversion refers to a hit the collector does not know, and carries no request to judge alone. */
export class UnknownHitError extends Error {
  override readonly name = 'UnknownHitError';
}

/** A conversion's verdict and the status it was stored with (reported, paused, not reported). */
export interface ConversionVerdict extends Verdict {
  status: ConversionStatus;
}

export interface PipelineOptions extends KnownEventsOptions {
  /** Sessions whose running hit count is kept. */
  sessions?: number;
}

/**
 * One ingestion pipeline for the sensor and S2S: an id seen before is answered with its first verdict
 * (`KnownEvents`), a new event is assessed by the detection engine (`Assessor`), counted in its visit
 * (`SessionTracker`), turned into its stored rows (`event-rows.ts`: hit, session snapshot, conversion),
 * handed to the group commit writer, and answered once durable.
 *
 * Memory holds what later events of a visit need: recent hits (their rows, whose verdict the engagement
 * beacon and conversions join with what they add, and which a retry is answered again from) and the
 * running visits. After a restart a hit or conversion id the sender chose is looked up in the store
 * before it is assessed (the first verdict stands), and visits carry on from what the store holds
 * (`restoreSessions`, before the first hit). A hit's sensor signals are not kept: its verdict already
 * holds what they say, and each kept hit is memory that the garbage collector copies twice before it
 * settles (docs/decisions.md).
 */
export class IngestPipeline {
  readonly #known: KnownEvents;
  readonly #sessions: SessionTracker;
  readonly #assessor: Assessor;

  constructor(
    private readonly deps: {
      store: EventStore;
      writer: EventAppender;
      accounts: AccountDirectory;
      ipIntelligence: IpIntelligence;
      activity: RecentActivity;
      /** Invalid and suspicious conversions that name their person, for HubSpot. */
      crmLeads?: CrmLeadRecorder;
    },
    options: PipelineOptions = {},
  ) {
    this.#known = new KnownEvents(deps.store, options);
    this.#sessions = new SessionTracker(deps.store, options.sessions ?? 100_000);
    this.#assessor = new Assessor(deps);
  }

  /** The ids in the store, when it can hand them over: an id surely not stored is not looked up. */
  get storedIds(): StoredIds | undefined {
    return this.#known.storedIds;
  }

  /**
   * Reads back the visits that were running when the server stopped (`SessionTracker.restore`): call
   * once the journal is recovered, before the first hit.
   */
  restoreSessions(now?: Date): ReturnType<SessionTracker['restore']> {
    return this.#sessions.restore(now);
  }

  /** Assesses and stores a hit; resolves with its verdict once it is durable. */
  async hit(account: AccountContext, hit: IncomingHit): Promise<HitVerdict> {
    const key = hitKey(account.relationshipId, hit.id);
    const recent = this.#known.recentHit(key);
    if (recent) return knownHitVerdict((await recent).row, true);
    const stored = hit.checkStored ? this.#known.storedHit(account, hit.id) : undefined;
    if (stored) {
      const found = await stored;
      if (found) return knownHitVerdict(found.row, true);
    }
    const ingesting = this.#ingestHit(account, hit, key);
    const pending = ingesting.then((done) => done.known);
    // Awaited through `ingesting`; a repeat waiting on `pending` sees the failure its own way.
    pending.catch(() => undefined);
    this.#known.rememberHit(key, pending);
    try {
      const done = await ingesting;
      if (done.storedElsewhere) return knownHitVerdict(done.known.row, true);
      if (!account.sensorIntegrated) await this.deps.accounts.markIntegrated(account);
      if (hit.request.appPackage) await this.deps.accounts.recordApp(account, hit.request.appPackage, hit.at);
      return knownHitVerdict(done.known.row, false);
    } catch (error) {
      this.#known.forgetHit(key);
      throw error;
    }
  }

  /**
   * The engagement beacon of a page view: its figures are stored beside the hit (`engagements`, once
   * per page view), and the reasons the visitor's behaviour gives join the hit's verdict
   * (`engagementReasons`, the same as assessing the page view again with its behaviour). The hit stays
   * as stored (immutable); its session takes the new verdict when it is worse. A page view no longer in
   * memory is read back from the store; one not arrived yet is waited for, up to PAGE_VIEW_RACE_MS.
   * Answers false when the hit is not known. A figure the beacon
   * held outside its shape (a value no browser sends) is null: that is the reason added.
   */
  async engagement(
    account: AccountContext,
    hitId: string,
    figures: EngagementFigures,
    at: Date,
  ): Promise<boolean> {
    let known = await this.#known.knownHit(account, hitId);
    if (!known) {
      await this.#known.hitArrival(hitKey(account.relationshipId, hitId), PAGE_VIEW_RACE_MS);
      known = await this.#known.knownHit(account, hitId);
    }
    if (!known || known.engaged) return known !== undefined;
    known.engaged = true;
    const { behaviour, visibleMs } = figures;
    const findings =
      behaviour && visibleMs !== null
        ? engagementFindings(known, { behaviour, visibleMs })
        : [UNEXPECTED_ENGAGEMENT];
    try {
      await this.deps.writer.append({
        engagements: [engagementRow(known.row, figures, at)],
        ...this.#worseSession(account, known.row, findings),
      });
    } catch (error) {
      // Not stored: a resend of the beacon is taken as the first.
      known.engaged = false;
      throw error;
    }
    return true;
  }

  /**
   * Adds reasons found after a hit was stored (the sensor-coverage job's `sensor:no_page_view`) to its
   * session, as the engagement beacon's are: the hit stays as stored, its session takes the joined
   * verdict when it is worse. Answers false when the hit is not known.
   */
  async laterFindings(
    account: AccountContext,
    hitId: string,
    findings: readonly ThreatFinding[],
  ): Promise<boolean> {
    const known = await this.#known.knownHit(account, hitId);
    if (!known) return false;
    const worse = this.#worseSession(account, known.row, findings);
    if (worse.sessions) await this.deps.writer.append(worse);
    return true;
  }

  /** The session snapshot a hit's added findings make, when they make its verdict worse. */
  #worseSession(
    account: AccountContext,
    row: HitRow,
    findings: readonly ThreatFinding[],
  ): { sessions?: SessionRow[] } {
    const verdict = joined(account, row, findings);
    const added = verdict.threats.filter((id) => !row.threats.includes(id));
    const worse = LEVEL_RANK[verdict.riskLevel] > LEVEL_RANK[row.riskLevel] || added.length > 0;
    if (!worse) return {};
    const session = this.#sessions.get(account.relationshipId, row.sessionId);
    return { sessions: [engagedSessionRow(row, session, verdict)] };
  }

  /** A hit of the account, from memory or read back from the store; undefined when it is not known. */
  knownHit(account: AccountContext, hitId: string): Promise<KnownHit | undefined> {
    return this.#known.knownHit(account, hitId);
  }

  /**
   * Assesses and stores a conversion. Of a known click: the click's verdict joined with what the
   * conversion adds (too soon after the click; a click the firewall paused or blocked, which never
   * reached the offer), so a conversion from an invalid click is invalid. Without one (S2S with the
   * visitor's request): assessed on its own. A repeated id is answered with the first verdict and status.
   */
  async conversion(account: AccountContext, conversion: IncomingConversion): Promise<ConversionVerdict> {
    const key = conversionKey(account.relationshipId, conversion.id);
    const recent = this.#known.recentConversion(key);
    if (recent) return { ...(await recent), duplicate: true };
    const stored = conversion.checkStored ? this.#known.storedConversion(account, conversion.id) : undefined;
    if (stored) {
      const found = await stored;
      if (found) return { ...found, duplicate: true };
    }
    const pending = this.#ingestConversion(account, conversion, key);
    this.#known.rememberConversion(key, pending);
    try {
      return await pending;
    } catch (error) {
      this.#known.forgetConversion(key);
      throw error;
    }
  }

  /**
   * Records the exclusion events the sensor fired for a page view, one firing per platform, once the
   * journal holds them. Only a hit this collector stored for the same account counts (a page view
   * still in memory or read back from the store); any other id throws {@link UnknownHitError}, so
   * nobody can add firings to traffic that is not theirs. A repeat of a hit's firing on a platform is
   * stored once (its id is the hit's and the platform's).
   */
  async exclusionFirings(
    account: AccountContext,
    hitId: string,
    platforms: readonly ExclusionPlatform[],
    at: Date,
  ): Promise<void> {
    const known = await this.#known.knownHit(account, hitId);
    if (!known) throw new UnknownHitError(`no hit ${hitId} is known for this account`);
    await this.deps.writer.append({ exclusionFirings: exclusionFiringRows(known.row, platforms, at) });
  }

  /**
   * Assesses the hit and stores it, unless another server sharing the state claimed its id first:
   * then that server's hit is the answer, and nothing is stored here.
   */
  async #ingestHit(
    account: AccountContext,
    hit: IncomingHit,
    key: string,
  ): Promise<{ known: KnownHit; storedElsewhere: boolean }> {
    const landing = readLanding(hit.url, hit.referrer);
    // The claim leaves with the hit's activity count (one write to the shared state), before the verdict.
    const seen = this.#known.seen;
    const claiming = seen?.claimHit(key);
    const assessed = await this.#assessor.hit(account, hit, landing);
    const first = await claiming;
    if (first !== undefined && first !== 'unavailable') return { known: first, storedElsewhere: true };
    const hitStatus = hit.firewall ? hit.firewall.decide(assessed) : 'delivered';
    const counted = this.#sessions.count(account.relationshipId, hit.sessionId, assessed.deviceId, hit.at);
    const session = counted instanceof Promise ? await counted : counted;
    const row = hitRow(account, hit, landing, assessed, session.id, hitStatus);
    const known: KnownHit = {
      row,
      engaged: false,
      loadedHidden: hit.sensor !== null && loadedHidden(hit.sensor),
      paidLanding: assessed.paidLanding,
    };
    if (first === undefined) seen?.publishHit(key, known);
    try {
      await this.deps.writer.append({
        hits: [row],
        hitSessions: [{ hits: session.hits, startedAt: session.startedAt }],
      });
    } catch (error) {
      if (first === undefined) await seen?.release('hit', key);
      throw error;
    }
    this.#known.stored('hits', account, hit.id);
    return { known, storedElsewhere: false };
  }

  async #ingestConversion(
    account: AccountContext,
    conversion: IncomingConversion,
    key: string,
  ): Promise<ConversionVerdict> {
    const hit = conversion.hitId ? await this.#known.knownHit(account, conversion.hitId) : undefined;
    let judged: ConversionJudgement;
    if (hit) {
      const sinceClickMs = Math.max(0, conversion.at.getTime() - hit.row.ts.getTime());
      judged = {
        ...joined(account, hit.row, [
          ...clickToConversionFindings(sinceClickMs),
          ...clickInjectionFindings(hit.row.hitStatus),
        ]),
        dimensions: dimensionsOf(hit.row),
      };
    } else if (conversion.request) {
      judged = this.#assessor.conversionAlone(account, conversion, conversion.request);
    } else {
      throw new UnknownHitError(`no hit ${conversion.hitId ?? ''} is known for this account`);
    }
    const status = conversion.statusOf?.(judged, hit?.row) ?? 'not_reported';
    const { riskLevel, score, threats } = judged;
    const verdict: ConversionVerdict = {
      id: conversion.id,
      riskLevel,
      score,
      threats: verdictThreats(threats),
      duplicate: false,
      status,
    };
    // Another server sharing the state stored this id first: its verdict is the answer.
    const seen = this.#known.seen;
    const first = await seen?.claimConversion(key);
    if (first !== undefined && first !== 'unavailable') return { ...first, duplicate: true };
    if (first === undefined) seen?.publishConversion(key, verdict);
    try {
      // Before the conversion is stored: a lead that could not be kept fails the call, which is retried.
      if (conversion.crm && this.deps.crmLeads) {
        await this.deps.crmLeads.record(
          account.relationshipId,
          { id: conversion.id, name: conversion.name, at: conversion.at, crm: conversion.crm },
          judged,
        );
      }
      await this.deps.writer.append({
        conversions: [conversionRow(account, conversion, judged, hit, status)],
      });
    } catch (error) {
      if (first === undefined) await seen?.release('conversion', key);
      throw error;
    }
    this.#known.stored('conversions', account, conversion.id);
    return verdict;
  }
}
