import { BlockList, isIP } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database, IpListName } from '../../storage/oltp/schema.js';

export interface IpListEntry {
  value: string;
  note: string | null;
  createdAt: string;
}

/** IPv4-mapped IPv6 addresses (::ffff:203.0.113.9) are compared as the IPv4 they carry. */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** Whether an address falls in any entry (single addresses or CIDR ranges, IPv4 and IPv6). */
export function ipInList(ip: string, values: readonly string[]): boolean {
  const address = normaliseIp(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const value of values) {
    const [base = '', prefix] = value.split('/');
    const baseFamily = isIP(base);
    if (baseFamily === 0) continue;
    const type = baseFamily === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(base, type);
    else list.addSubnet(base, Number(prefix), type);
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export async function readIpList(
  db: Kysely<Database>,
  relationshipId: number,
  list: IpListName,
): Promise<IpListEntry[]> {
  const rows = await db
    .selectFrom('ip_list_entries')
    .select(['value', 'note', 'created_at'])
    .where('relationship_id', '=', relationshipId)
    .where('list', '=', list)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ value: row.value, note: row.note, createdAt: row.created_at }));
}

/** Replaces a list in one transaction; entries already present keep their creation time. */
export async function replaceIpList(
  db: Kysely<Database>,
  relationshipId: number,
  list: IpListName,
  entries: readonly { value: string; note?: string | null | undefined }[],
): Promise<IpListEntry[]> {
  const unique = new Map(entries.map((entry) => [entry.value.trim(), entry.note ?? null]));
  await db.transaction().execute(async (trx) => {
    const existing = await readIpList(trx, relationshipId, list);
    const created = new Map(existing.map((entry) => [entry.value, entry.createdAt]));
    await trx
      .deleteFrom('ip_list_entries')
      .where('relationship_id', '=', relationshipId)
      .where('list', '=', list)
      .execute();
    if (unique.size === 0) return;
    const now = new Date().toISOString();
    await trx
      .insertInto('ip_list_entries')
      .values(
        [...unique].map(([value, note]) => ({
          relationship_id: relationshipId,
          list,
          value,
          note,
          created_at: created.get(value) ?? now,
        })),
      )
      .execute();
  });
  return readIpList(db, relationshipId, list);
}

export async function addToIpList(
  db: Kysely<Database>,
  relationshipId: number,
  list: IpListName,
  value: string,
  note: string,
): Promise<void> {
  await db
    .insertInto('ip_list_entries')
    .values({ relationship_id: relationshipId, list, value, note, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(['relationship_id', 'list', 'value']).doNothing())
    .execute();
}
