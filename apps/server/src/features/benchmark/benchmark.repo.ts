import { GOOGLE_CAMPAIGN_TYPES } from '@veracity/contracts/campaigns';
import type { Kysely, Selectable } from 'kysely';
import type { BenchmarkCellsTable, Database } from '../../storage/oltp/schema.js';

/** A cell's value for "every value" of one of its dimensions. */
export const ALL_VALUES = '*';

export type BenchmarkCellRow = Selectable<BenchmarkCellsTable>;

const KNOWN_TYPES: ReadonlySet<string> = new Set(GOOGLE_CAMPAIGN_TYPES);

/** The accounts that have a vertical, by vertical. */
export async function accountsByVertical(db: Kysely<Database>): Promise<Map<string, number[]>> {
  const rows = await db
    .selectFrom('relationships')
    .select(['id', 'vertical'])
    .where('vertical', 'is not', null)
    .orderBy('id')
    .execute();
  const byVertical = new Map<string, number[]>();
  for (const row of rows) {
    if (!row.vertical) continue;
    byVertical.set(row.vertical, [...(byVertical.get(row.vertical) ?? []), row.id]);
  }
  return byVertical;
}

/**
 * The Google campaign type of each Google campaign id of the accounts (catalogue B only): as imported
 * from Google Ads, else as the account's campaign carrying the id gives it (as analytics names them).
 * Keyed `relationshipId` → campaign id → type.
 */
export async function googleCampaignTypes(
  db: Kysely<Database>,
  relationshipIds: readonly number[],
): Promise<Map<number, Map<string, string>>> {
  const types = new Map<number, Map<string, string>>();
  if (relationshipIds.length === 0) return types;
  const [imported, own] = await Promise.all([
    db
      .selectFrom('ad_campaigns')
      .select(['relationship_id', 'campaign_id', 'type'])
      .where('relationship_id', 'in', relationshipIds)
      .where('provider', '=', 'google_ads')
      .execute(),
    db
      .selectFrom('campaigns')
      .select(['relationship_id', 'google_campaign_id', 'google_campaign_type'])
      .where('relationship_id', 'in', relationshipIds)
      .where('google_campaign_id', 'is not', null)
      .where('google_campaign_type', 'is not', null)
      .execute(),
  ]);
  const set = (relationshipId: number, campaignId: string, type: string, replace: boolean) => {
    if (!KNOWN_TYPES.has(type)) return;
    let account = types.get(relationshipId);
    if (!account) {
      account = new Map();
      types.set(relationshipId, account);
    }
    if (replace || !account.has(campaignId)) account.set(campaignId, type);
  };
  for (const row of imported) set(row.relationship_id, row.campaign_id, row.type, true);
  for (const row of own) {
    if (row.google_campaign_id && row.google_campaign_type)
      set(row.relationship_id, row.google_campaign_id, row.google_campaign_type, false);
  }
  return types;
}

/** Replaces the cells of the days `[fromDay, toDay]` (every vertical) with `cells`, at once. */
export async function replaceBenchmarkCells(
  db: Kysely<Database>,
  days: { fromDay: string; toDay: string },
  cells: readonly BenchmarkCellRow[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('benchmark_cells')
      .where('day', '>=', days.fromDay)
      .where('day', '<=', days.toDay)
      .execute();
    for (let start = 0; start < cells.length; start += 200) {
      await trx
        .insertInto('benchmark_cells')
        .values(cells.slice(start, start + 200))
        .execute();
    }
  });
}

/**
 * The stored cells of a vertical over `[fromDay, toDay]` for one country and Google campaign type
 * (`*` for all), every traffic type included (`*` too): the filters' cell and each channel's.
 */
export function benchmarkCells(
  db: Kysely<Database>,
  query: { vertical: string; fromDay: string; toDay: string; country: string; googleCampaignType: string },
): Promise<BenchmarkCellRow[]> {
  return db
    .selectFrom('benchmark_cells')
    .selectAll()
    .where('vertical', '=', query.vertical)
    .where('day', '>=', query.fromDay)
    .where('day', '<=', query.toDay)
    .where('country', '=', query.country)
    .where('google_campaign_type', '=', query.googleCampaignType)
    .orderBy('day')
    .execute();
}
