import {
  CHANGELOG_CATEGORY_NAMES,
  CHANGELOG_PAGE_DEFAULT,
  type ChangelogActor,
  type ChangelogEntry,
  type ChangelogField,
  type ChangelogPage,
  type ChangelogPerson,
  type ChangelogQuery,
  type ChangelogValue,
} from '@veracity/contracts/changelog';
import { csvText } from '@veracity/contracts/csv';
import type { Kysely } from 'kysely';
import { InvalidRangeError, timeRange } from '../../analytics/time-range.js';
import { ApiError } from '../../http/api-error.js';
import type { Database } from '../../storage/oltp/schema.js';
import { type AuditLogRow, listAccountPeople, listAuditLog, supportUserIds } from './changelog.repo.js';
import { actionPrefixesOf, type Detail, type DetailValue, wordingOf } from './changelog-sentences.js';
import { rolesOf } from './roles.repo.js';

/**
 * The account changelog (GET /api/account/changelog): the account's audit entries, newest first,
 * each with who made it, a sentence, the fields it changed and the address it came from. Only the
 * account's own entries are read. Only a member of the account is named, with their address; support
 * staff acting in a support session are "Veracity support", never with their own address; someone no
 * longer a member is named by no address at all.
 */

export const SUPPORT_NAME = 'Veracity support';
export const SYSTEM_NAME = 'Veracity';
export const FORMER_MEMBER_NAME = 'A former member';

/** Detail fields the changelog never shows: the personal address of the support person. */
const HIDDEN_FIELDS: ReadonlySet<string> = new Set(['supportEmail']);

/** Entries a CSV export holds at most; the filters narrow a larger log. */
export const CHANGELOG_EXPORT_MAX = 10_000;

interface Cursor {
  at: string;
  id: number;
}

function encodeCursor(row: AuditLogRow): string {
  return Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && Number.isInteger(value[1])) {
      return { at: value[0], id: value[1] as number };
    }
  } catch {
    // Answered below.
  }
  throw ApiError.fields([{ code: 'NOT_VALID', field: 'cursor' }]);
}

/** The instants of the filter's days in the account's time zone (`to` included): 400 when reversed. */
function instants(query: ChangelogQuery, timeZone: string): { fromAt?: string; toAt?: string } {
  try {
    const from = query.from === undefined ? undefined : timeRange(query.from, query.from, timeZone).from;
    const to = query.to === undefined ? undefined : timeRange(query.to, query.to, timeZone).to;
    if (from && to && to.getTime() <= from.getTime()) {
      throw ApiError.fields([
        { code: 'NOT_VALID', field: 'to', message: 'The end date is before the start date' },
      ]);
    }
    return {
      ...(from ? { fromAt: from.toISOString() } : {}),
      ...(to ? { toAt: to.toISOString() } : {}),
    };
  } catch (error) {
    if (error instanceof InvalidRangeError) throw ApiError.fields([{ code: 'NOT_VALID', field: 'from' }]);
    throw error;
  }
}

function scalar(value: unknown): ChangelogValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function parseDetail(text: string): Detail {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).filter(([field]) => !HIDDEN_FIELDS.has(field)),
      ) as Record<string, DetailValue>;
    }
  } catch {
    // An unreadable detail shows no fields.
  }
  return {};
}

function fieldsOf(detail: Detail): ChangelogField[] {
  return Object.entries(detail).map(([field, value]) =>
    typeof value === 'object' && value !== null && 'to' in value
      ? { field, changed: true, from: scalar(value.from), to: scalar(value.to) }
      : { field, changed: false, from: null, to: scalar(value) },
  );
}

interface People {
  members: ChangelogPerson[];
  actorOf(userId: number | null): ChangelogActor;
}

async function peopleOf(db: Kysely<Database>, relationshipId: number, rows: AuditLogRow[]): Promise<People> {
  const listed = await listAccountPeople(db, relationshipId);
  const members = new Map(listed.map((row) => [row.id, row] as const));
  const others = [...new Set(rows.map((row) => row.actor_user_id))].filter(
    (id): id is number => id !== null && !members.has(id),
  );
  const support = await supportUserIds(db, others);
  return {
    members: [...members.values()].map((row) => ({ userId: row.id, name: row.first_name, email: row.email })),
    actorOf(userId) {
      if (userId === null) return { kind: 'system', userId: null, name: SYSTEM_NAME, email: null };
      const member = members.get(userId);
      if (member) {
        return { kind: 'member', userId, name: member.first_name || member.email, email: member.email };
      }
      if (support.has(userId)) return { kind: 'support', userId: null, name: SUPPORT_NAME, email: null };
      return { kind: 'former_member', userId: null, name: FORMER_MEMBER_NAME, email: null };
    },
  };
}

/** One page of an account's changelog, newest first. */
export async function readChangelog(
  db: Kysely<Database>,
  account: { id: number; timezone: string },
  query: ChangelogQuery,
  limit = query.limit ?? CHANGELOG_PAGE_DEFAULT,
): Promise<ChangelogPage> {
  const range = instants(query, account.timezone);
  const listed = await listAccountPeople(db, account.id);
  if (query.actor !== undefined && !listed.some((person) => person.id === query.actor)) {
    throw ApiError.fields([{ code: 'NOT_VALID', field: 'actor', message: 'Not a member of this account' }]);
  }
  const rows = await listAuditLog(db, {
    relationshipId: account.id,
    ...range,
    ...(query.actor === undefined ? {} : { actorUserId: query.actor }),
    ...(query.category === undefined ? {} : { actionPrefixes: actionPrefixesOf(query.category) }),
    ...(query.cursor === undefined ? {} : { before: decodeCursor(query.cursor) }),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const people = await peopleOf(db, account.id, page);
  const roleNames = new Map((await rolesOf(db, account.id)).map((role) => [role.id, role.name]));
  const context = { roleName: (id: number) => roleNames.get(id) };
  const entries: ChangelogEntry[] = page.map((row) => {
    const detail = parseDetail(row.detail);
    const wording = wordingOf(row.action);
    return {
      id: row.id,
      at: new Date(row.at).toISOString(),
      actor: people.actorOf(row.actor_user_id),
      action: row.action,
      category: wording.category,
      sentence: wording.sentence(detail, context),
      fields: fieldsOf(detail),
      ip: row.ip,
    };
  });
  const last = page[page.length - 1];
  return {
    entries,
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    people: people.members,
  };
}

function changesText(fields: readonly ChangelogField[]): string {
  return fields
    .map((f) => (f.changed ? `${f.field}: ${f.from ?? ''} -> ${f.to ?? ''}` : `${f.field}: ${f.to ?? ''}`))
    .join('; ');
}

/**
 * The filtered changelog as CSV (newest first), up to CHANGELOG_EXPORT_MAX entries; undefined when no
 * entry matches (the route answers 204, as the other exports do, spec 02 §8).
 */
export async function changelogCsv(
  db: Kysely<Database>,
  account: { id: number; timezone: string },
  query: ChangelogQuery,
): Promise<string | undefined> {
  const entries: ChangelogEntry[] = [];
  let cursor = query.cursor;
  do {
    const page = await readChangelog(db, account, { ...query, ...(cursor ? { cursor } : {}) }, 500);
    entries.push(...page.entries);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && entries.length < CHANGELOG_EXPORT_MAX);
  if (entries.length === 0) return undefined;
  return csvText([
    ['When (UTC)', 'Who', 'Email', 'Category', 'What', 'Changes', 'IP address'],
    ...entries
      .slice(0, CHANGELOG_EXPORT_MAX)
      .map((entry) => [
        entry.at,
        entry.actor.name,
        entry.actor.email,
        CHANGELOG_CATEGORY_NAMES[entry.category],
        entry.sentence,
        changesText(entry.fields),
        entry.ip,
      ]),
  ]);
}
