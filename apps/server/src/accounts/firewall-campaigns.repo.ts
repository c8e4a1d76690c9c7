import {
  DEFAULT_SECURITY_SETTINGS,
  type FirewallCampaign,
  type SecuritySettings,
  zSecuritySettings,
} from '@veracity/contracts/firewall';
import type { Kysely, Selectable } from 'kysely';
import type { CampaignsTable, Database } from '../storage/oltp/schema.js';
import { type CampaignFields, campaignColumns, toCampaign } from './campaigns.repo.js';
import { idsFromJson } from './stored-json.js';

/**
 * Firewall campaigns: rows of `campaigns` of type firewall (the table S2S campaigns share), with the
 * firewall's own columns (0010-firewall).
 */

export interface FirewallCampaignFields extends CampaignFields {
  offerId: number | null;
  trafficSourceId: number | null;
  security: SecuritySettings;
  labelIds: number[];
}

function securityOf(json: string | null): SecuritySettings {
  if (!json) return DEFAULT_SECURITY_SETTINGS;
  const parsed = zSecuritySettings.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : DEFAULT_SECURITY_SETTINGS;
}

function toFirewallCampaign(row: Selectable<CampaignsTable>): FirewallCampaign {
  return {
    ...toCampaign(row),
    offerId: row.offer_id,
    trafficSourceId: row.traffic_source_id,
    security: securityOf(row.security),
    labelIds: idsFromJson(row.label_ids),
  };
}

function columns(fields: Partial<FirewallCampaignFields>) {
  return {
    ...campaignColumns(fields),
    ...(fields.offerId === undefined ? {} : { offer_id: fields.offerId }),
    ...(fields.trafficSourceId === undefined ? {} : { traffic_source_id: fields.trafficSourceId }),
    ...(fields.security === undefined ? {} : { security: JSON.stringify(fields.security) }),
    ...(fields.labelIds === undefined ? {} : { label_ids: JSON.stringify(fields.labelIds) }),
  };
}

/** The account's firewall campaigns, oldest first. */
export async function listFirewallCampaigns(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<FirewallCampaign[]> {
  const rows = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('type', '=', 'firewall')
    .orderBy('id')
    .execute();
  return rows.map(toFirewallCampaign);
}

/** One firewall campaign of the account; undefined for another account's, an S2S one or none. */
export async function findFirewallCampaign(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
): Promise<FirewallCampaign | undefined> {
  const row = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .where('type', '=', 'firewall')
    .executeTakeFirst();
  return row ? toFirewallCampaign(row) : undefined;
}

export async function insertFirewallCampaign(
  db: Kysely<Database>,
  relationshipId: number,
  fields: FirewallCampaignFields,
): Promise<FirewallCampaign> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('campaigns')
    .values({
      relationship_id: relationshipId,
      type: 'firewall',
      ...columns(fields),
      name: fields.name,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toFirewallCampaign(row);
}

export async function updateFirewallCampaign(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
  fields: Partial<FirewallCampaignFields>,
): Promise<FirewallCampaign | undefined> {
  const row = await db
    .updateTable('campaigns')
    .set({ ...columns(fields), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .where('type', '=', 'firewall')
    .returningAll()
    .executeTakeFirst();
  return row ? toFirewallCampaign(row) : undefined;
}
