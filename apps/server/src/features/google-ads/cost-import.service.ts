import type { FastifyBaseLogger } from 'fastify';
import { GoogleAdsAuthError, type GoogleAdsCaller } from '../../integrations/google-ads/google-ads-api.js';
import type { Services } from '../../services.js';
import type { AdCostRow } from '../../storage/events/ad-costs.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { recordCostImport } from './exclusion-sync.repo.js';
import { listAdAccounts } from './google-ads.repo.js';
import { importHierarchy } from './google-ads-linking.service.js';

/**
 * The Google Ads cost import (issue 33): for each protected account, the account and campaign names
 * (the hierarchy, into ad_accounts / ad_campaigns) and each campaign's daily clicks and cost over the
 * last COST_IMPORT_DAYS days into the event store (`upsertAdCosts`: a day imported again replaces its
 * rows, as Google still adjusts recent days). Analytics then prices a click of a linked campaign at its
 * real cost per click (analytics/hit-cost.ts). Run daily by the job, and by the first sync after linking.
 */

const PROVIDER = 'google_ads' as const;
const DAY_MS = 86_400_000;
/** Days re-imported each time (today included); the first import after linking reads the analytics default. */
export const COST_IMPORT_DAYS = 7;
export const FIRST_COST_IMPORT_DAYS = 30;

export interface CostImportResult {
  accounts: number;
  rows: number;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function importGoogleAdsCosts(
  services: Pick<Services, 'db' | 'googleAds' | 'clock'>,
  events: EventStore,
  log: FastifyBaseLogger,
  relationshipId: number,
  days = COST_IMPORT_DAYS,
): Promise<CostImportResult> {
  const api = services.googleAds.api;
  if (!api) return { accounts: 0, rows: 0 };
  try {
    await importHierarchy(services, log, api, relationshipId);
  } catch (error) {
    // A stored access token Google refuses is renewed once, as for the daily costs below.
    if (!(error instanceof GoogleAdsAuthError)) throw error;
    await services.googleAds.tokens.renewAccessToken(relationshipId, PROVIDER);
    await importHierarchy(services, log, api, relationshipId);
  }
  const accounts = (await listAdAccounts(services.db, relationshipId)).filter(
    (account) => account.active === 1 && account.is_manager === 0,
  );
  const now = services.clock.now();
  // Google reports in the account's own zone: one day of margin on each side covers every zone.
  const to = isoDay(new Date(now.getTime() + DAY_MS));
  const from = isoDay(new Date(now.getTime() - days * DAY_MS));
  let accessToken = await services.googleAds.tokens.accessToken(relationshipId, PROVIDER);
  let rows = 0;
  for (const account of accounts) {
    const caller = (): GoogleAdsCaller => ({ accessToken, loginCustomerId: account.manager_customer_id });
    let costs: Awaited<ReturnType<typeof api.dailyCosts>>;
    try {
      costs = await api.dailyCosts(caller(), account.customer_id, from, to);
    } catch (error) {
      if (!(error instanceof GoogleAdsAuthError)) throw error;
      accessToken = await services.googleAds.tokens.renewAccessToken(relationshipId, PROVIDER);
      costs = await api.dailyCosts(caller(), account.customer_id, from, to);
    }
    const batch: AdCostRow[] = costs.map((cost) => ({
      relationshipId,
      provider: PROVIDER,
      customerId: account.customer_id,
      campaignId: cost.campaignId,
      day: cost.day,
      clicks: cost.clicks,
      costMicros: Number(cost.costMicros),
      currency: account.currency,
    }));
    if (batch.length > 0) rows += (await events.upsertAdCosts(batch)).stored;
  }
  await recordCostImport(services.db, relationshipId, now.toISOString());
  return { accounts: accounts.length, rows };
}
