import type { Campaign, GoogleCampaignType } from '@veracity/contracts/campaigns';
import { zGoogleCampaignType } from '@veracity/contracts/campaigns';
import type { Kysely, Selectable } from 'kysely';
import type { CampaignKind, CampaignsTable, Database } from '../storage/oltp/schema.js';

type CampaignRow = Selectable<CampaignsTable>;

/** The wire shape of a stored campaign (spec 02 §3). */
export function toCampaign(row: CampaignRow): Campaign {
  const type = zGoogleCampaignType.safeParse(row.google_campaign_type);
  return {
    id: row.id,
    name: row.name,
    active: row.active === 1,
    hidden: row.hidden === 1,
    googleAccountId: row.google_account_id,
    googleCampaignId: row.google_campaign_id,
    googleCampaignType: type.success ? type.data : null,
  };
}

export interface CampaignFields {
  name: string;
  active: boolean;
  hidden: boolean;
  googleAccountId: string | null;
  googleCampaignId: string | null;
  googleCampaignType: GoogleCampaignType | null;
}

/** The columns of the fields given (an omitted field is left as it is). */
export function campaignColumns(fields: Partial<CampaignFields>) {
  return {
    ...(fields.name === undefined ? {} : { name: fields.name }),
    ...(fields.active === undefined ? {} : { active: fields.active ? 1 : 0 }),
    ...(fields.hidden === undefined ? {} : { hidden: fields.hidden ? 1 : 0 }),
    ...(fields.googleAccountId === undefined ? {} : { google_account_id: fields.googleAccountId }),
    ...(fields.googleCampaignId === undefined ? {} : { google_campaign_id: fields.googleCampaignId }),
    ...(fields.googleCampaignType === undefined ? {} : { google_campaign_type: fields.googleCampaignType }),
  };
}

/** The account's campaigns of one kind, oldest first. */
export async function listCampaigns(
  db: Kysely<Database>,
  relationshipId: number,
  kind: CampaignKind,
): Promise<Campaign[]> {
  const rows = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('type', '=', kind)
    .orderBy('id')
    .execute();
  return rows.map(toCampaign);
}

/** Every campaign of the account, S2S and firewall alike (for analytics names and pickers). */
export async function listAllCampaigns(db: Kysely<Database>, relationshipId: number): Promise<Campaign[]> {
  return [
    ...(await listCampaigns(db, relationshipId, 's2s')),
    ...(await listCampaigns(db, relationshipId, 'firewall')),
  ];
}

/** One campaign of the account, or undefined when it is another account's or does not exist. */
export async function findCampaign(
  db: Kysely<Database>,
  relationshipId: number,
  kind: CampaignKind,
  id: number,
): Promise<Campaign | undefined> {
  const row = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .where('type', '=', kind)
    .executeTakeFirst();
  return row ? toCampaign(row) : undefined;
}

export async function insertCampaign(
  db: Kysely<Database>,
  relationshipId: number,
  kind: CampaignKind,
  fields: CampaignFields,
): Promise<Campaign> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('campaigns')
    .values({
      relationship_id: relationshipId,
      type: kind,
      ...campaignColumns(fields),
      name: fields.name,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCampaign(row);
}

export async function updateCampaign(
  db: Kysely<Database>,
  relationshipId: number,
  kind: CampaignKind,
  id: number,
  fields: Partial<CampaignFields>,
): Promise<Campaign | undefined> {
  const row = await db
    .updateTable('campaigns')
    .set({ ...campaignColumns(fields), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .where('type', '=', kind)
    .returningAll()
    .executeTakeFirst();
  return row ? toCampaign(row) : undefined;
}

/** Every campaign of the account, firewall and S2S: GET /api/me's numCampaigns. */
export async function countCampaigns(db: Kysely<Database>, relationshipId: number): Promise<number> {
  const row = await db
    .selectFrom('campaigns')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
