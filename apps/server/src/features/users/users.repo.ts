import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../storage/oltp/schema.js';

export interface UserRecord {
  id: number;
  email: string;
  firstName: string;
  jobTitle: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
  active: boolean;
  isSupport: boolean;
  invited: boolean;
  timezone: string;
  lastLoginAt: string | null;
}

export function toUserRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    jobTitle: row.job_title,
    passwordHash: row.password_hash,
    emailVerified: row.email_verified_at !== null,
    active: row.active === 1,
    isSupport: row.is_support === 1,
    invited: row.invited === 1,
    timezone: row.timezone,
    lastLoginAt: row.last_login_at,
  };
}

/** E-mail addresses are stored and compared in lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUserRecord(row) : undefined;
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  return row ? toUserRecord(row) : undefined;
}

export interface NewUser {
  email: string;
  firstName: string;
  jobTitle?: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
  isSupport?: boolean;
  invited?: boolean;
  timezone?: string;
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      email: normaliseEmail(user.email),
      first_name: user.firstName,
      job_title: user.jobTitle ?? null,
      password_hash: user.passwordHash,
      email_verified_at: user.emailVerified ? now : null,
      is_support: user.isSupport ? 1 : 0,
      invited: user.invited ? 1 : 0,
      timezone: user.timezone ?? 'UTC',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  db: Kysely<Database>,
  id: number,
  values: Updateable<UsersTable>,
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}
