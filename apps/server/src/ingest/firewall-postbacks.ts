import { createHash } from 'node:crypto';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import { DEFAULT_SECURITY_SETTINGS } from '@veracity/contracts/firewall';
import { type FirewallPostbackAnswer, POSTBACK_DEFAULT_STATUS } from '@veracity/contracts/postbacks';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { findFirewallCampaign } from '../accounts/firewall-campaigns.repo.js';
import { findPostbackSecurity } from '../accounts/postback-security.repo.js';
import { findTrafficSource } from '../accounts/traffic-sources.repo.js';
import { ApiError } from '../http/api-error.js';
import type { Clock } from '../jobs/clock.js';
import { reportConversion } from '../postbacks/conversion-postback.js';
import type { Database } from '../storage/oltp/schema.js';
import { riskLabel } from '../verdicts/verdict.js';
import type { AccountContext } from './account-directory.js';
import { unavailable } from './ingest-admission.js';
import type { IngestPipeline } from './pipeline.js';
import type { PostbackAuth } from './postback-auth.js';

/**
 * A postback's conversion id: the same click and transaction id (or none) is one conversion, so a
 * repeated postback is stored once and answered with its first result.
 */
export function postbackConversionId(clickId: string, txid: string | undefined): string {
  const digest = createHash('sha256')
    .update(`${clickId}\u0000${txid ?? ''}`)
    .digest('hex');
  return `pb-${digest.slice(0, 40)}`;
}

/** An advertiser's postback, its parameters read and checked (`firewall-postback.routes.ts`). */
export interface PostbackToTake {
  clickid: string;
  payout?: number;
  status?: string;
  txid?: string;
  currency?: string;
  /** Every parameter as sent (the signature covers them all). */
  params: readonly (readonly [string, string])[];
  sourceIp: string;
}

/**
 * The advertiser's conversion postback (docs/integrations/firewall.md, "Conversion postbacks"): the
 * click it names must be a stored hit of the key's account; the sender must be allowed
 * (`postback-auth.ts`); the conversion joins its click (verdict, campaign, offer, traffic source), is
 * checked (too fast, click injection) and stored `reported` (the click's campaign delivers its tier:
 * the traffic source's postback is queued), `paused` (held) or `not_reported` (no postback URL to
 * report to). Answered once stored.
 */
export class FirewallPostbacks {
  constructor(
    private readonly deps: {
      pipeline: IngestPipeline;
      auth: PostbackAuth;
      db: Kysely<Database>;
      clock: Clock;
    },
  ) {}

  async take(
    account: AccountContext,
    postback: PostbackToTake,
    log: FastifyBaseLogger,
  ): Promise<FirewallPostbackAnswer> {
    const { pipeline, auth, db, clock } = this.deps;
    let click: Awaited<ReturnType<IngestPipeline['knownHit']>>;
    try {
      click = await pipeline.knownHit(account, postback.clickid);
    } catch (error) {
      throw unavailable(error);
    }
    if (!click) {
      throw ApiError.fields([
        { code: 'NOT_VALID', field: 'clickid', value: 'no click with this id is known for this account' },
      ]);
    }
    const hit = click.row;
    const [campaign, source, postbackSecurity] = await Promise.all([
      hit.campaignId ? findFirewallCampaign(db, account.relationshipId, hit.campaignId) : undefined,
      hit.trafficSourceId ? findTrafficSource(db, account.relationshipId, hit.trafficSourceId) : undefined,
      // The postback security screen's settings, read fresh: a rotation or a new source applies at once.
      findPostbackSecurity(db, account.relationshipId),
    ]);
    const allowed = await auth.check({
      relationshipId: account.relationshipId,
      sourceIp: postback.sourceIp,
      params: postback.params,
      allowedAddresses: source?.allowedPostbackAddresses ?? [],
      account: postbackSecurity,
      now: clock.now(),
    });
    if (!allowed.accepted) throw ApiError.forbidden(allowed.message);

    const conversionId = postbackConversionId(postback.clickid, postback.txid);
    const name = postback.status ?? POSTBACK_DEFAULT_STATUS;
    const security = campaign?.security ?? DEFAULT_SECURITY_SETTINGS;
    let verdict: Awaited<ReturnType<IngestPipeline['conversion']>>;
    try {
      verdict = await pipeline.conversion(account, {
        id: conversionId,
        at: clock.now(),
        hitId: hit.id,
        sessionId: null,
        name,
        value: postback.payout ?? null,
        currency: postback.currency ?? null,
        request: null,
        checkStored: true,
        // The campaign's action for the conversion's tier: anything but deliver holds it.
        statusOf: (judged) =>
          security[judged.riskLevel] !== 'deliver'
            ? 'paused'
            : source?.postbackUrl?.trim()
              ? 'reported'
              : 'not_reported',
      });
    } catch (error) {
      throw unavailable(error);
    }
    if (verdict.status === 'reported') {
      // Queued once per conversion and source: a repeat queues nothing new, and one whose first try
      // stopped between the store and the queue is queued now.
      try {
        await reportConversion(
          { db, clock },
          {
            relationshipId: account.relationshipId,
            conversionId,
            name,
            value: postback.payout ?? null,
            click: hit,
          },
        );
      } catch (error) {
        log.error({ err: error, conversionId }, 'conversion postback not queued');
        throw new ApiError(HTTP_STATUS.SERVICE_UNAVAILABLE, 'The conversion is stored; retry to report it', {
          'retry-after': '5',
        });
      }
    }
    return {
      status: verdict.status,
      conversionId,
      clickId: hit.id,
      riskLevel: verdict.riskLevel,
      label: riskLabel(verdict.riskLevel),
      score: verdict.score,
      threats: verdict.threats,
      duplicate: verdict.duplicate,
    };
  }
}
