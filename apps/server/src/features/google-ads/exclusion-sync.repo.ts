import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, ExclusionEntriesTable, ExclusionLogTable } from '../../storage/oltp/schema.js';

/** The exclusion engine's writes: its entries, its log, and what a sync leaves for the next one. */
const PROVIDER = 'google_ads' as const;

export type StoredEntryRow = Selectable<ExclusionEntriesTable>;
export type NewLogLine = Omit<Selectable<ExclusionLogTable>, 'id' | 'provider' | 'relationship_id'>;

/**
 * Accounts with a Google connection and at least one active (protected) Google account; demo accounts
 * only with `includeDemo` (the first start's demo history links the demo to its own fake of Google).
 */
export async function relationshipsToSync(
  db: Kysely<Database>,
  options: { includeDemo?: boolean } = {},
): Promise<number[]> {
  const rows = await db
    .selectFrom('oauth_connections as c')
    .innerJoin('ad_accounts as a', (join) =>
      join.onRef('a.relationship_id', '=', 'c.relationship_id').onRef('a.provider', '=', 'c.provider'),
    )
    .innerJoin('relationships as r', 'r.id', 'c.relationship_id')
    .select('c.relationship_id')
    .distinct()
    .where('c.provider', '=', PROVIDER)
    .where('a.active', '=', 1)
    .$if(options.includeDemo !== true, (query) => query.where('r.plan_type', '!=', 'demo'))
    .orderBy('c.relationship_id')
    .execute();
  return rows.map((row) => row.relationship_id);
}

export async function listStoredEntries(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<StoredEntryRow[]> {
  return db
    .selectFrom('exclusion_entries')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .orderBy('id')
    .execute();
}

export interface EntryKey {
  customerId: string;
  /** '' for account level. */
  campaignId: string;
  cidr: string;
}

export type EntryValues = Omit<
  Selectable<ExclusionEntriesTable>,
  'id' | 'relationship_id' | 'provider' | 'customer_id' | 'campaign_id' | 'cidr'
>;

/** Inserts the entry, or replaces the row of the same key (a returning IP re-uses its removed row). */
export async function saveEntry(
  db: Kysely<Database>,
  relationshipId: number,
  key: EntryKey,
  values: EntryValues,
): Promise<void> {
  await db
    .insertInto('exclusion_entries')
    .values({
      relationship_id: relationshipId,
      provider: PROVIDER,
      customer_id: key.customerId,
      campaign_id: key.campaignId,
      cidr: key.cidr,
      ...values,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['relationship_id', 'provider', 'customer_id', 'campaign_id', 'cidr'])
        .doUpdateSet(values),
    )
    .execute();
}

export async function updateEntry(
  db: Kysely<Database>,
  relationshipId: number,
  key: EntryKey,
  values: Updateable<ExclusionEntriesTable>,
): Promise<void> {
  await db
    .updateTable('exclusion_entries')
    .set(values)
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .where('customer_id', '=', key.customerId)
    .where('campaign_id', '=', key.campaignId)
    .where('cidr', '=', key.cidr)
    .execute();
}

export async function insertLogLines(
  db: Kysely<Database>,
  relationshipId: number,
  lines: readonly NewLogLine[],
): Promise<void> {
  for (let start = 0; start < lines.length; start += 200) {
    await db
      .insertInto('exclusion_log')
      .values(
        lines
          .slice(start, start + 200)
          .map((line) => ({ ...line, relationship_id: relationshipId, provider: PROVIDER })),
      )
      .execute();
  }
}

/** What a sync leaves on the settings row (created with default settings when there is none yet). */
export async function recordSync(
  db: Kysely<Database>,
  relationshipId: number,
  values: {
    at: string;
    error: string | null;
    notBefore: string | null;
    audience?: { userList: string | null; excluded: number; notAllowed: number };
  },
): Promise<void> {
  const set = {
    last_sync_at: values.at,
    last_sync_error: values.error,
    sync_not_before: values.notBefore,
    ...(values.audience
      ? {
          audience_user_list: values.audience.userList,
          audience_campaigns_excluded: values.audience.excluded,
          audience_campaigns_not_allowed: values.audience.notAllowed,
        }
      : {}),
  };
  await db
    .insertInto('ad_integration_settings')
    .values({
      relationship_id: relationshipId,
      provider: PROVIDER,
      settings: '{}',
      updated_at: values.at,
      ...set,
    })
    .onConflict((conflict) => conflict.columns(['relationship_id', 'provider']).doUpdateSet(set))
    .execute();
}

export async function recordCostImport(
  db: Kysely<Database>,
  relationshipId: number,
  at: string,
): Promise<void> {
  await db
    .insertInto('ad_integration_settings')
    .values({
      relationship_id: relationshipId,
      provider: PROVIDER,
      settings: '{}',
      updated_at: at,
      costs_imported_at: at,
    })
    .onConflict((conflict) =>
      conflict.columns(['relationship_id', 'provider']).doUpdateSet({ costs_imported_at: at }),
    )
    .execute();
}
