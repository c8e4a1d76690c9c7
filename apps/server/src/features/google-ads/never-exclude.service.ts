import type { NeverExcludeEntry } from '@veracity/contracts/google-ads';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import { type AuditActor, audit } from '../account/audit.js';
import { parseCidr } from './cidr.js';
import {
  deleteNeverExclude,
  insertNeverExclude,
  listAccessIps,
  listNeverExclude,
} from './never-exclude.repo.js';

/**
 * The never-exclude list (issue 33): offices, partners and the like that the exclusion engine never
 * pushes, whatever their traffic. The account's own addresses from the access settings (login and
 * traffic allow lists) always count too; they are listed here as source "access", read-only (they are
 * edited in the access settings).
 */

/** Entries an account may keep on its own list (the access addresses come on top). */
export const NEVER_EXCLUDE_MAX_ENTRIES = 1000;

export async function neverExcludeEntries(
  services: Services,
  relationshipId: number,
): Promise<NeverExcludeEntry[]> {
  const [own, access] = await Promise.all([
    listNeverExclude(services.db, relationshipId),
    listAccessIps(services.db, relationshipId),
  ]);
  return [
    ...own.map((row) => ({ id: row.id, cidr: row.value, note: row.note ?? '', source: 'list' as const })),
    ...access.map((row) => ({
      id: row.id,
      cidr: row.value,
      note: row.note ?? '',
      source: 'access' as const,
    })),
  ];
}

/** Every range that wins over an exclusion: the list and the access addresses (for the engine). */
export async function neverExcludeCidrs(
  services: Pick<Services, 'db'>,
  relationshipId: number,
): Promise<string[]> {
  const [own, access] = await Promise.all([
    listNeverExclude(services.db, relationshipId),
    listAccessIps(services.db, relationshipId),
  ]);
  return [...own, ...access].map((row) => row.value);
}

export async function addNeverExclude(
  services: Services,
  actor: AuditActor,
  body: { cidr: string; note: string },
): Promise<NeverExcludeEntry> {
  const parsed = parseCidr(body.cidr);
  if (!parsed) {
    throw ApiError.fields([
      {
        code: 'NOT_VALID',
        field: 'cidr',
        message: 'An IPv4 or IPv6 address, or a range such as 203.0.113.0/24',
      },
    ]);
  }
  return services.db.transaction().execute(async (trx) => {
    const existing = await listNeverExclude(trx, actor.relationshipId);
    if (existing.length >= NEVER_EXCLUDE_MAX_ENTRIES) {
      throw ApiError.fields([{ code: 'MAX_VALUE', field: 'cidr', value: NEVER_EXCLUDE_MAX_ENTRIES }]);
    }
    const id = await insertNeverExclude(
      trx,
      actor.relationshipId,
      parsed.canonical,
      body.note,
      services.clock.now().toISOString(),
    );
    if (id === undefined) {
      throw ApiError.conflict([{ code: 'ALREADY_EXISTS', field: 'cidr', value: parsed.canonical }]);
    }
    await audit(trx, {
      ...actor,
      action: 'google_ads.never_exclude_added',
      detail: { cidr: parsed.canonical },
    });
    return { id, cidr: parsed.canonical, note: body.note, source: 'list' };
  });
}

export async function removeNeverExclude(services: Services, actor: AuditActor, id: number): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const removed = await deleteNeverExclude(trx, actor.relationshipId, id);
    if (!removed) throw ApiError.notFound('No such entry');
    await audit(trx, {
      ...actor,
      action: 'google_ads.never_exclude_removed',
      detail: { cidr: removed.value },
    });
  });
}
