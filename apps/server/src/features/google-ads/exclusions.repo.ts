import type { Kysely, Selectable } from 'kysely';
import type { Database, ExclusionEntriesTable, ExclusionLogTable } from '../../storage/oltp/schema.js';

/** Reads of the exclusion engine's tables for the dashboard (the engine writes them). */
const PROVIDER = 'google_ads' as const;

export type ExclusionEntryRow = Selectable<ExclusionEntriesTable> & { campaign_type: string | null };
export type ExclusionLogRow = Selectable<ExclusionLogTable>;

/** Which campaigns a section lists: its campaign types (with the account-level exclusions), or only those. */
export type ExclusionScope =
  | { kind: 'types'; include: readonly string[] }
  | { kind: 'types-except'; exclude: readonly string[] }
  | { kind: 'account' };

export async function listExclusionEntries(
  db: Kysely<Database>,
  relationshipId: number,
  scope: ExclusionScope,
  range: { from?: string; to?: string },
  limit: number,
): Promise<ExclusionEntryRow[]> {
  let query = db
    .selectFrom('exclusion_entries as e')
    .leftJoin('ad_campaigns as c', (join) =>
      join
        .onRef('c.relationship_id', '=', 'e.relationship_id')
        .onRef('c.provider', '=', 'e.provider')
        .onRef('c.customer_id', '=', 'e.customer_id')
        .onRef('c.campaign_id', '=', 'e.campaign_id'),
    )
    .selectAll('e')
    .select('c.type as campaign_type')
    .where('e.relationship_id', '=', relationshipId)
    .where('e.provider', '=', PROVIDER);
  if (scope.kind === 'account') query = query.where('e.campaign_id', '=', '');
  else {
    // A section lists its campaigns' exclusions and the account-level ones, which apply to every
    // campaign of the account (Performance Max takes no other): as the section's widget counts them.
    const ofTypes = scope;
    query = query.where((eb) =>
      eb.or([
        eb('e.campaign_id', '=', ''),
        ofTypes.kind === 'types'
          ? eb('c.type', 'in', [...ofTypes.include])
          : eb.and([
              eb('e.campaign_id', '!=', ''),
              eb.or([eb('c.type', 'is', null), eb('c.type', 'not in', [...ofTypes.exclude])]),
            ]),
      ]),
    );
  }
  // An exclusion counts in a range when it was in force during it: added before its end, and not
  // expired (or removed) before its start.
  if (range.to) query = query.where('e.added_at', '<=', range.to);
  if (range.from) {
    const from = range.from;
    query = query.where((eb) => eb.or([eb('e.expires_at', 'is', null), eb('e.expires_at', '>=', from)]));
  }
  return query.orderBy('e.added_at', 'desc').orderBy('e.id', 'desc').limit(limit).execute();
}

export async function listExclusionLog(
  db: Kysely<Database>,
  relationshipId: number,
  limit: number,
): Promise<ExclusionLogRow[]> {
  return db
    .selectFrom('exclusion_log')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Exclusions in force (pushed, or planned in detection mode) of these addresses, for the global list. */
export async function excludedCidrs(db: Kysely<Database>, relationshipId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('exclusion_entries')
    .select('cidr')
    .distinct()
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .where('state', 'in', ['active', 'planned'])
    .execute();
  return new Set(rows.map((row) => row.cidr));
}

/** The account's Google Ads exclusions whose range is one of these (`rangesHolding` of an address), newest first. */
export async function exclusionsOfRanges(
  db: Kysely<Database>,
  relationshipId: number,
  ranges: readonly string[],
  limit: number,
): Promise<(ExclusionEntryRow & { campaign_name: string | null })[]> {
  if (ranges.length === 0) return [];
  return db
    .selectFrom('exclusion_entries as e')
    .leftJoin('ad_campaigns as c', (join) =>
      join
        .onRef('c.relationship_id', '=', 'e.relationship_id')
        .onRef('c.provider', '=', 'e.provider')
        .onRef('c.customer_id', '=', 'e.customer_id')
        .onRef('c.campaign_id', '=', 'e.campaign_id'),
    )
    .selectAll('e')
    .select(['c.type as campaign_type', 'c.name as campaign_name'])
    .where('e.relationship_id', '=', relationshipId)
    .where('e.provider', '=', PROVIDER)
    .where('e.cidr', 'in', [...ranges])
    .orderBy('e.added_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}
