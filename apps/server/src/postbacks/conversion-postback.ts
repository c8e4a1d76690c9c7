import type { MacroValues } from '@veracity/contracts/firewall-macros';
import type { Kysely } from 'kysely';
import { findTrafficSource } from '../accounts/traffic-sources.repo.js';
import type { Clock } from '../jobs/clock.js';
import type { CustomVars } from '../storage/events/event-store.js';
import type { Database } from '../storage/oltp/schema.js';
import { enqueueConversionPostback } from './postback-delivery.service.js';

/**
 * Reporting a firewall conversion to its click's traffic source, the same way whether the advertiser's
 * postback reports it at once (ingest/) or the account releases it later (features/firewall/): the
 * postback macros filled from the click and the conversion, and the delivery queued.
 */

/** What the macros are filled from: the click (a stored hit) and its conversion. */
export interface ConversionToReport {
  relationshipId: number;
  conversionId: string;
  /** The conversion's name: the advertiser's status (`{status}`). */
  name: string;
  /** The payout the advertiser reported (`{payout}`). */
  value: number | null;
  click: {
    /** Veracity's id of the click (`{clickid}`). */
    id: string;
    /** The traffic source's own click id, as the click link got it (`{external_id}`). */
    clickId?: string | null;
    campaignId?: number | null;
    offerId?: number | null;
    trafficSourceId?: number | null;
    subPublisher?: string | null;
    country?: string | null;
    vars?: CustomVars;
  };
}

/** The postback macros' values of a conversion (POSTBACK_MACROS; `conversion_id` is added on queueing). */
export function conversionPostbackValues(conversion: ConversionToReport): MacroValues {
  const { click } = conversion;
  return {
    ...click.vars,
    clickid: click.id,
    external_id: click.clickId ?? null,
    campaign_id: click.campaignId ?? null,
    offer_id: click.offerId ?? null,
    traffic_source_id: click.trafficSourceId ?? null,
    sub_publisher: click.subPublisher ?? null,
    country: click.country ?? null,
    payout: conversion.value,
    status: conversion.name,
  };
}

/**
 * Queues the conversion's postback to its click's traffic source. Answers false when there is nothing
 * to report to (no traffic source, or one without a postback URL); a conversion already queued for the
 * source is not queued twice (true: it is reported).
 */
export async function reportConversion(
  deps: { db: Kysely<Database>; clock: Clock },
  conversion: ConversionToReport,
): Promise<boolean> {
  const sourceId = conversion.click.trafficSourceId;
  if (sourceId === null || sourceId === undefined) return false;
  const source = await findTrafficSource(deps.db, conversion.relationshipId, sourceId);
  if (!source?.postbackUrl?.trim()) return false;
  await enqueueConversionPostback(deps, {
    relationshipId: conversion.relationshipId,
    conversionId: conversion.conversionId,
    trafficSource: source,
    values: conversionPostbackValues(conversion),
  });
  return true;
}
