import {
  EMPTY_TARGETING,
  type Offer,
  type OfferTargeting,
  zOfferTargeting,
} from '@veracity/contracts/firewall';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OffersTable } from '../storage/oltp/schema.js';
import { idsFromJson } from './stored-json.js';

export interface OfferFields {
  name: string;
  active: boolean;
  hidden: boolean;
  landingUrl: string;
  targeting: OfferTargeting;
  labelIds: number[];
}

function targetingOf(json: string): OfferTargeting {
  const parsed = zOfferTargeting.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : EMPTY_TARGETING;
}

function toOffer(row: Selectable<OffersTable>): Offer {
  return {
    id: row.id,
    name: row.name,
    active: row.active === 1,
    hidden: row.hidden === 1,
    landingUrl: row.landing_url,
    targeting: targetingOf(row.targeting),
    labelIds: idsFromJson(row.label_ids),
  };
}

function columns(fields: Partial<OfferFields>) {
  return {
    ...(fields.name === undefined ? {} : { name: fields.name }),
    ...(fields.active === undefined ? {} : { active: fields.active ? 1 : 0 }),
    ...(fields.hidden === undefined ? {} : { hidden: fields.hidden ? 1 : 0 }),
    ...(fields.landingUrl === undefined ? {} : { landing_url: fields.landingUrl }),
    ...(fields.targeting === undefined ? {} : { targeting: JSON.stringify(fields.targeting) }),
    ...(fields.labelIds === undefined ? {} : { label_ids: JSON.stringify(fields.labelIds) }),
  };
}

/** The account's offers, oldest first. */
export async function listOffers(db: Kysely<Database>, relationshipId: number): Promise<Offer[]> {
  const rows = await db
    .selectFrom('offers')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .orderBy('id')
    .execute();
  return rows.map(toOffer);
}

/** Undefined when the account has no such offer. */
export async function findOffer(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
): Promise<Offer | undefined> {
  const row = await db
    .selectFrom('offers')
    .selectAll()
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return row ? toOffer(row) : undefined;
}

export async function insertOffer(
  db: Kysely<Database>,
  relationshipId: number,
  fields: OfferFields,
): Promise<Offer> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('offers')
    .values({
      relationship_id: relationshipId,
      ...columns(fields),
      name: fields.name,
      landing_url: fields.landingUrl,
      targeting: JSON.stringify(fields.targeting),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toOffer(row);
}

export async function updateOffer(
  db: Kysely<Database>,
  relationshipId: number,
  id: number,
  fields: Partial<OfferFields>,
): Promise<Offer | undefined> {
  const row = await db
    .updateTable('offers')
    .set({ ...columns(fields), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('relationship_id', '=', relationshipId)
    .returningAll()
    .executeTakeFirst();
  return row ? toOffer(row) : undefined;
}

/** GET /api/me's numOffers. */
export async function countOffers(db: Kysely<Database>, relationshipId: number): Promise<number> {
  const row = await db
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
