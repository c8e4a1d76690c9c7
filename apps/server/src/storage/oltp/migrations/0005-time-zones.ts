import { isTimeZone } from '@veracity/contracts/time-zone';
import type { Kysely } from 'kysely';
import type { Migration } from '../migrations.js';

/**
 * Issue 31: sign-up once stored any text as a time zone, and a value that is not an IANA name made the
 * account's queries fail. Every stored zone that is not one (by the rule of sign-up and settings) becomes
 * UTC, which is what the queries used for it since.
 */
export const timeZones: Migration = {
  name: '0005-time-zones',
  async up(untyped: Kysely<unknown>) {
    const db = untyped as Kysely<Record<'relationships' | 'users', { id: number; timezone: string }>>;
    for (const table of ['relationships', 'users'] as const) {
      const rows = await db.selectFrom(table).select(['id', 'timezone']).execute();
      const unusable = rows.filter((row) => !isTimeZone(row.timezone)).map((row) => row.id);
      for (let start = 0; start < unusable.length; start += 500) {
        await db
          .updateTable(table)
          .set({ timezone: 'UTC' })
          .where('id', 'in', unusable.slice(start, start + 500))
          .execute();
      }
    }
  },
};
