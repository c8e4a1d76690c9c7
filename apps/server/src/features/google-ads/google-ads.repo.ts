import type { Kysely, Selectable } from 'kysely';
import {
  insertOAuthState as insertState,
  type OAuthStateRow,
  takeOAuthState as takeState,
} from '../../integrations/oauth/oauth-states.repo.js';
import type {
  AdAccountsTable,
  AdCampaignsTable,
  AdIntegrationSettingsTable,
  Database,
} from '../../storage/oltp/schema.js';

/** The Google Ads integration's accounts-store rows: hierarchy, campaigns, settings, OAuth round trips. */
const PROVIDER = 'google_ads' as const;

export type AdAccountRow = Selectable<AdAccountsTable>;
export type AdCampaignRow = Selectable<AdCampaignsTable>;
export type AdSettingsRow = Selectable<AdIntegrationSettingsTable>;
export type { OAuthStateRow } from '../../integrations/oauth/oauth-states.repo.js';

export async function listAdAccounts(db: Kysely<Database>, relationshipId: number): Promise<AdAccountRow[]> {
  return db
    .selectFrom('ad_accounts')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .orderBy('level')
    .orderBy('name')
    .orderBy('customer_id')
    .execute();
}

export async function listAdCampaigns(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<AdCampaignRow[]> {
  return db
    .selectFrom('ad_campaigns')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .orderBy('customer_id')
    .orderBy('name')
    .orderBy('campaign_id')
    .execute();
}

/**
 * Replaces the hierarchy and campaigns as the provider lists them now. Accounts that stay keep their
 * "active" choice; accounts the user can no longer reach go, with their campaigns.
 */
export async function replaceHierarchy(
  db: Kysely<Database>,
  relationshipId: number,
  accounts: readonly Omit<AdAccountRow, 'relationship_id' | 'provider' | 'active' | 'updated_at'>[],
  campaigns: readonly Omit<AdCampaignRow, 'relationship_id' | 'provider' | 'updated_at'>[],
  at: string,
): Promise<void> {
  const active = new Set(
    (await listAdAccounts(db, relationshipId))
      .filter((row) => row.active === 1)
      .map((row) => row.customer_id),
  );
  await deleteHierarchy(db, relationshipId);
  if (accounts.length > 0) {
    await db
      .insertInto('ad_accounts')
      .values(
        accounts.map((account) => ({
          ...account,
          relationship_id: relationshipId,
          provider: PROVIDER,
          active: active.has(account.customer_id) ? 1 : 0,
          updated_at: at,
        })),
      )
      .execute();
  }
  for (let start = 0; start < campaigns.length; start += 500) {
    await db
      .insertInto('ad_campaigns')
      .values(
        campaigns.slice(start, start + 500).map((campaign) => ({
          ...campaign,
          relationship_id: relationshipId,
          provider: PROVIDER,
          updated_at: at,
        })),
      )
      .execute();
  }
}

export async function deleteHierarchy(db: Kysely<Database>, relationshipId: number): Promise<void> {
  await db
    .deleteFrom('ad_campaigns')
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .execute();
  await db
    .deleteFrom('ad_accounts')
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .execute();
}

/** Marks exactly these accounts active (the rest inactive). */
export async function setActiveAccounts(
  db: Kysely<Database>,
  relationshipId: number,
  customerIds: readonly string[],
  at: string,
): Promise<void> {
  await db
    .updateTable('ad_accounts')
    .set({ active: 0, updated_at: at })
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .execute();
  if (customerIds.length === 0) return;
  await db
    .updateTable('ad_accounts')
    .set({ active: 1, updated_at: at })
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .where('customer_id', 'in', customerIds)
    .execute();
}

export async function findSettings(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<AdSettingsRow | undefined> {
  return db
    .selectFrom('ad_integration_settings')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('provider', '=', PROVIDER)
    .executeTakeFirst();
}

export async function saveSettings(
  db: Kysely<Database>,
  relationshipId: number,
  settings: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('ad_integration_settings')
    .values({ relationship_id: relationshipId, provider: PROVIDER, settings, updated_at: at })
    .onConflict((conflict) =>
      conflict.columns(['relationship_id', 'provider']).doUpdateSet({ settings, updated_at: at }),
    )
    .execute();
}

export async function insertOAuthState(
  db: Kysely<Database>,
  row: Omit<OAuthStateRow, 'provider'>,
): Promise<void> {
  await insertState(db, { ...row, provider: PROVIDER });
}

/** Takes a pending Google round trip by its state's hash, once (integrations/oauth/oauth-states.repo.ts). */
export async function takeOAuthState(
  db: Kysely<Database>,
  stateHash: string,
): Promise<OAuthStateRow | undefined> {
  return takeState(db, PROVIDER, stateHash);
}

export { deleteExpiredOAuthStates } from '../../integrations/oauth/oauth-states.repo.js';
