import type { TrafficSource } from '@veracity/contracts/firewall';
import type { Kysely, Selectable } from 'kysely';
import type { Database, TrafficSourcesTable } from '../storage/oltp/schema.js';
import { idsFromJson, stringsFromJson } from './stored-json.js';

export interface TrafficSourceFields {
  name: string;
  active: boolean;
  hidden: boolean;
  postbackUrl: string | null;
  allowedPostbackAddresses: string[];
  labelIds: number[];
}

function toTrafficSource(row: Selectable<TrafficSourcesTable>): TrafficSource {
  return {
    id: row.id,
    name: row.name,
    active: row.active === 1,
    hidden: row.hidden === 1,
    postbackUrl: row.postback_url,
    allowedPostbackAddresses: stringsFromJson(row.allowed_postback_addresses),
    labelIds: idsFromJson(row.label_ids),
  };
}

function columns(fields: Partial<TrafficSourceFields>) {
  return {
    ...(fields.name === undefined ? {} : { name: fields.name }),
    ...(fields.active === undefined ? {} : { active: fields.active ? 1 : 0 }),
    ...(fields.hidden === undefined ? {} : { hidden: fields.hidden ? 1 : 0 }),
    ...(fields.postbackUrl === undefined ? {} : { postback_url: fields.postbackUrl }),
    ...(fields.allowedPostbackAddresses === undefined
      ? {}
      : { allowed_postback_addresses: JSON.stringify(fields.allowedPostbackAddresses) }),
    ...(fields.labelIds === undefined ? {} : { label_ids: JSON.stringify(fields.labelIds) }),
  };
}

/** The account's traffic sources, oldest first. */
export async function listTrafficSources(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<TrafficSource[]> {
  const rows = await db
    .selectFrom('traffic_sources')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .orderBy('id')
    .execute();
  return rows.map(toTrafficSource);
}

/** Undefined when the account has no such traffic source. */
export async function findTrafficSource(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
): Promise<TrafficSource | undefined> {
  const row = await db
    .selectFrom('traffic_sources')
    .selectAll()
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return row ? toTrafficSource(row) : undefined;
}

export async function insertTrafficSource(
  db: Kysely<Database>,
  relationshipId: number,
  fields: TrafficSourceFields,
): Promise<TrafficSource> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('traffic_sources')
    .values({
      relationship_id: relationshipId,
      ...columns(fields),
      name: fields.name,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTrafficSource(row);
}

export async function updateTrafficSource(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
  fields: Partial<TrafficSourceFields>,
): Promise<TrafficSource | undefined> {
  const row = await db
    .updateTable('traffic_sources')
    .set({ ...columns(fields), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .returningAll()
    .executeTakeFirst();
  return row ? toTrafficSource(row) : undefined;
}

/** GET /api/me's numTrafficSources. */
export async function countTrafficSources(db: Kysely<Database>, relationshipId: number): Promise<number> {
  const row = await db
    .selectFrom('traffic_sources')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
