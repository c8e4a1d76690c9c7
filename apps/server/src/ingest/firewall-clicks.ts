import { randomUUID } from 'node:crypto';
import type { RequestFacts } from '@veracity/contracts/detection';
import type { FirewallCampaign, Offer } from '@veracity/contracts/firewall';
import type { CustomVarName } from '@veracity/contracts/s2s';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../jobs/clock.js';
import type { HitStatus } from '../storage/events/event-store.js';
import type { EventAppender } from '../storage/events/journal/batch-writer.js';
import type { AccountContext, AccountDirectory } from './account-directory.js';
import type { HitAssessment } from './assessment.js';
import { type ClickMacroValues, clickStatus, destinationOf } from './firewall-decision.js';
import type { IngestPipeline } from './pipeline.js';

/** A click link or verdict request that names something the account does not have: a 404 page. */
export class UnknownClickTargetError extends Error {
  override readonly name = 'UnknownClickTargetError';
}

interface Decision {
  status: HitStatus;
  assessed: HitAssessment;
}

/** The campaign (and offer) a click is for, of an admitted account. */
export interface ClickTarget {
  account: AccountContext;
  campaign: FirewallCampaign;
  /** The link's `offer`, else the campaign's; null when the campaign has none. */
  offer: Offer | null;
}

/** What the visitor's click carried and the request they made. */
export interface ClickRequest {
  url: string;
  referrer: string | null;
  request: Omit<RequestFacts, 'landingUrl' | 'clickIds' | 'referrer'>;
  sourceClickId: string | null;
  subPublisher: string | null;
  vars: Partial<Record<CustomVarName, string>>;
}

/** The answer to a click: its hit (unless the store was down), its status, and where the visitor goes. */
export interface ClickOutcome {
  hitId: string;
  /** What the firewall did; null when the store refused the click and `whenStoreDown` decided. */
  status: HitStatus | null;
  /** Delivered (by the decision or fail_open). */
  delivered: boolean;
  /** The filled landing URL, the safe page, or null for the neutral page. */
  destination: string | null;
}

/**
 * The firewall's click path (issue 34): finds a click's campaign and offer (cached by the
 * AccountDirectory, never the analytics store), has the pipeline assess and store the click as the
 * sensor's hits are (channel `firewall`, a visit derived from the device, no store look-up), decides
 * its status from the verdict and the campaign's settings, and says where the visitor goes.
 *
 * `waitForSync` (FIREWALL_WAIT_FOR_SYNC, off by default): the answer waits until the hit is durable in
 * the journal (acknowledged = stored, the ingestion rule); off, it goes as soon as the decision is made
 * while the hit is written, so the disk's sync is not in the visitor's redirect (docs/integrations/
 * firewall.md, "Answered once decided").
 * When the journal refuses the click (closing, overloaded, failing) the campaign's `whenStoreDown`
 * decides: fail_open delivers, fail_closed sends to the safe page.
 */
export class FirewallClicks {
  constructor(
    private readonly deps: {
      pipeline: IngestPipeline;
      accounts: AccountDirectory;
      writer: EventAppender;
      clock: Clock;
      waitForSync: boolean;
      log?: FastifyBaseLogger;
    },
  ) {}

  /** The account's campaign and offer; throws {@link UnknownClickTargetError} for what it does not have. */
  async target(
    account: AccountContext,
    campaignId: number,
    offerId: number | undefined,
  ): Promise<ClickTarget> {
    const campaign = await this.deps.accounts.firewallCampaign(account, campaignId);
    if (!campaign) throw new UnknownClickTargetError('No such campaign');
    const wanted = offerId ?? campaign.offerId;
    const offer = wanted === null ? undefined : await this.deps.accounts.offer(account, wanted);
    if (offerId !== undefined && !offer) throw new UnknownClickTargetError('No such offer');
    return { account, campaign, offer: offer ?? null };
  }

  /** Assesses, decides and stores one click (see the class). Never throws for a store that is down. */
  async click(target: ClickTarget, click: ClickRequest): Promise<ClickOutcome> {
    const { account, campaign, offer } = target;
    const hitId = randomUUID();
    const macros: ClickMacroValues = {
      hitId,
      sourceClickId: click.sourceClickId,
      subPublisher: click.subPublisher,
      vars: click.vars,
      visitor: null,
    };
    try {
      this.deps.writer.assertAccepting();
    } catch (error) {
      return this.#storeDown(target, macros, error);
    }
    let signal: (decision: Decision) => void = () => {};
    const decision = new Promise<Decision>((resolve) => {
      signal = resolve;
    });
    const stored = this.deps.pipeline.hit(account, {
      id: hitId,
      channel: 'firewall',
      // A visit of its own device (no session id): counted in memory, never looked up in the store.
      sessionId: null,
      at: this.deps.clock.now(),
      url: click.url,
      referrer: click.referrer,
      request: click.request,
      sensor: null,
      campaignId: campaign.id,
      subPublisher: click.subPublisher,
      vars: click.vars,
      checkStored: false,
      firewall: {
        offerId: offer?.id ?? null,
        trafficSourceId: campaign.trafficSourceId,
        sourceClickId: click.sourceClickId,
        decide: (assessed) => {
          const status = clickStatus(campaign, offer, assessed.assessment.riskLevel, assessed.enrichment);
          signal({ status, assessed });
          return status;
        },
      },
    });
    let decided: Decision;
    try {
      // Waiting: the decision once the hit is durable. Not waiting: the decision as soon as it is made,
      // unless the pipeline fails before (a write refused at once).
      decided = await (this.deps.waitForSync
        ? stored.then(() => decision)
        : Promise.race([decision, stored.then(() => decision)]));
    } catch (error) {
      return this.#storeDown(target, macros, error);
    }
    if (!this.deps.waitForSync) {
      stored.catch((error: unknown) =>
        this.deps.log?.error({ err: error, hitId }, 'firewall click not stored'),
      );
    }
    const visitor = decided.assessed.enrichment;
    const destination = destinationOf(decided.status, campaign, offer, { ...macros, visitor });
    return { hitId, status: decided.status, delivered: decided.status === 'delivered', destination };
  }

  #storeDown(target: ClickTarget, macros: ClickMacroValues, error: unknown): ClickOutcome {
    const { campaign, offer } = target;
    this.deps.log?.warn(
      { err: error, campaignId: campaign.id, policy: campaign.security.whenStoreDown },
      "firewall click not stored; the campaign's store-down policy decides",
    );
    const open = campaign.security.whenStoreDown === 'fail_open' && offer !== null;
    return {
      hitId: macros.hitId,
      status: null,
      delivered: open,
      destination: destinationOf(open ? 'delivered' : 'blocked', campaign, offer, macros),
    };
  }
}
