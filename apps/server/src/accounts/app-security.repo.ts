import type { Kysely } from 'kysely';
import type { Database } from '../storage/oltp/schema.js';

/**
 * The queries of in-app traffic security: an account's allowed and blocked app packages, and the apps
 * seen in its traffic. Here, beside the other account tables, because both the dashboard's routes and
 * ingestion (the account directory, the pipeline's sightings) read or write them.
 */

export type AppListName = 'allowed' | 'blocked';

export interface AppLists {
  allowed: string[];
  blocked: string[];
}

export async function readAppLists(db: Kysely<Database>, relationshipId: number): Promise<AppLists> {
  const rows = await db
    .selectFrom('app_package_entries')
    .select(['list', 'package'])
    .where('relationship_id', '=', relationshipId)
    .orderBy('id')
    .execute();
  return {
    allowed: rows.filter((row) => row.list === 'allowed').map((row) => row.package),
    blocked: rows.filter((row) => row.list === 'blocked').map((row) => row.package),
  };
}

/**
 * Replaces one list with `packages` (each once, in order); entries already present keep their
 * creation time. Runs in the caller's transaction, which also holds the change's audit entry.
 */
export async function replaceAppList(
  db: Kysely<Database>,
  relationshipId: number,
  list: AppListName,
  packages: readonly string[],
): Promise<void> {
  const existing = await db
    .selectFrom('app_package_entries')
    .select(['package', 'created_at'])
    .where('relationship_id', '=', relationshipId)
    .where('list', '=', list)
    .execute();
  const created = new Map(existing.map((row) => [row.package, row.created_at]));
  await db
    .deleteFrom('app_package_entries')
    .where('relationship_id', '=', relationshipId)
    .where('list', '=', list)
    .execute();
  const unique = [...new Set(packages)];
  if (unique.length === 0) return;
  const now = new Date().toISOString();
  await db
    .insertInto('app_package_entries')
    .values(
      unique.map((appPackage) => ({
        relationship_id: relationshipId,
        list,
        package: appPackage,
        created_at: created.get(appPackage) ?? now,
      })),
    )
    .execute();
}

/** Counts one hit of an app in the account's traffic, on the hit's UTC day. */
export async function recordAppSighting(
  db: Kysely<Database>,
  relationshipId: number,
  appPackage: string,
  at: Date,
): Promise<void> {
  const seenAt = at.toISOString();
  await db
    .insertInto('app_sightings')
    .values({
      relationship_id: relationshipId,
      package: appPackage,
      day: seenAt.slice(0, 10),
      hits: 1,
      last_seen_at: seenAt,
    })
    .onConflict((conflict) =>
      conflict.columns(['relationship_id', 'day', 'package']).doUpdateSet((eb) => ({
        hits: eb('app_sightings.hits', '+', 1),
        last_seen_at: eb.ref('excluded.last_seen_at'),
      })),
    )
    .execute();
}

export interface AppSighting {
  package: string;
  hits: number;
  lastSeenAt: string;
}

/** The apps seen since `sinceDay` (a UTC day, inclusive), most hits first, at most `limit`. */
export async function readAppSightings(
  db: Kysely<Database>,
  relationshipId: number,
  sinceDay: string,
  limit: number,
): Promise<AppSighting[]> {
  const rows = await db
    .selectFrom('app_sightings')
    .select((eb) => [
      'package',
      eb.fn.sum<number | string>('hits').as('hits'),
      eb.fn.max('last_seen_at').as('last_seen_at'),
    ])
    .where('relationship_id', '=', relationshipId)
    .where('day', '>=', sinceDay)
    .groupBy('package')
    .orderBy('hits', 'desc')
    .orderBy('package')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    package: row.package,
    hits: Number(row.hits),
    lastSeenAt: row.last_seen_at,
  }));
}
