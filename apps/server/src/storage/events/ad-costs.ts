import { EventValidationError, type EventValidationIssue } from './event-store.js';

/**
 * Imported ad costs: what an ad platform charged for one campaign on one day, in the event store beside
 * the traffic it paid for, so that analytics prices a click at its campaign's real cost per click
 * (`analytics/hit-cost.ts`). One row per (relationship, provider, customer, campaign, day); importing a
 * day again replaces its rows (upsert by that key). Both stores expose the rows as `ad_costs` (DuckDB a
 * keyed table, ClickHouse a view reading the latest version FINAL).
 */

export const AD_COST_PROVIDERS = ['google_ads'] as const;
export type AdCostProvider = (typeof AD_COST_PROVIDERS)[number];

/** The table (DuckDB) or view (ClickHouse) analytics reads. */
export const AD_COSTS_TABLE = 'ad_costs';

export interface AdCostRow {
  /** The tenant (relationship). */
  relationshipId: number;
  provider: AdCostProvider;
  /** The ad account (Google: 10 or 11 digits, stored without dashes). */
  customerId: string;
  /** The platform's campaign id (Google: digits), as the landing URL's {campaignid} carries it. */
  campaignId: string;
  /** The day the platform reports the figures for, `YYYY-MM-DD` (the ad account's calendar). */
  day: string;
  /** Clicks the platform counted (and charged) that day. */
  clicks: number;
  /** Cost in millionths of the currency unit (Google's `cost_micros`), a whole number. */
  costMicros: number;
  /** ISO 4217 code of the cost (the ad account's currency). */
  currency: string;
}

/** Outcome of an upsert: how many distinct days of campaigns the batch wrote (a repeated key once). */
export interface AdCostUpsertResult {
  stored: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DIGITS = /^\d{1,20}$/;
const CURRENCY = /^[A-Z]{3}$/;

function validDay(day: unknown): boolean {
  if (typeof day !== 'string' || !DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

function issuesOf(row: AdCostRow, index: number): EventValidationIssue[] {
  const issues: EventValidationIssue[] = [];
  const issue = (field: string, message: string) => issues.push({ row: index, field, message });
  if (!Number.isInteger(row.relationshipId) || row.relationshipId < 1 || row.relationshipId > 2 ** 31 - 1) {
    issue('relationshipId', 'must be a positive 32-bit integer');
  }
  if (!(AD_COST_PROVIDERS as readonly string[]).includes(row.provider)) {
    issue('provider', `must be one of ${AD_COST_PROVIDERS.join(', ')}`);
  }
  if (typeof row.customerId !== 'string' || !DIGITS.test(row.customerId.replaceAll('-', ''))) {
    issue('customerId', 'must be digits');
  }
  if (typeof row.campaignId !== 'string' || !DIGITS.test(row.campaignId))
    issue('campaignId', 'must be digits');
  if (!validDay(row.day)) issue('day', 'must be a calendar day YYYY-MM-DD');
  if (!isCount(row.clicks)) issue('clicks', 'must be a whole number, 0 or more');
  if (!isCount(row.costMicros)) issue('costMicros', 'must be a whole number of micros, 0 or more');
  if (typeof row.currency !== 'string' || !CURRENCY.test(row.currency)) {
    issue('currency', 'must be an ISO 4217 code');
  }
  return issues;
}

/**
 * Validates a batch (an invalid row rejects it whole with an {@link EventValidationError}) and keeps
 * one row per key, the batch's last, with the customer id's dashes removed: what a store writes.
 */
export function normalizeAdCosts(rows: readonly AdCostRow[]): AdCostRow[] {
  const issues = rows.flatMap(issuesOf);
  if (issues.length > 0) throw new EventValidationError('adCosts', issues);
  const byKey = new Map<string, AdCostRow>();
  for (const row of rows) {
    const customerId = row.customerId.replaceAll('-', '');
    const key = JSON.stringify([row.relationshipId, row.provider, customerId, row.campaignId, row.day]);
    byKey.delete(key);
    byKey.set(key, { ...row, customerId });
  }
  return [...byKey.values()];
}
