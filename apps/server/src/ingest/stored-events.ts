import type { RiskLevel, TrafficType } from '@veracity/contracts/detection';
import { hitTable } from '../storage/events/event-columns.js';
import { parseEvidence } from '../storage/events/event-evidence.js';
import type { ConversionStatus, EventStore, HitRow, ResultRow } from '../storage/events/event-store.js';
import { inList, joinSql, rawSql, sql } from '../storage/events/sql.js';
import { type HitVerdict, type Verdict, verdictThreats } from '../verdicts/verdict.js';
import type { AccountContext } from './account-directory.js';
import { readLanding } from './landing.js';
import { hitKey, type WantedHit } from './stored-hit-reader.js';

/**
 * A hit the pipeline knows: what conversions, the engagement beacon and retries of it need. Kept for
 * every recent hit, so it holds no more than that: its row, whose verdict later events join with what
 * they add (`withReasons`), the same way whether the hit is in memory or read back from the store.
 */
export interface KnownHit {
  row: HitRow;
  /** Its engagement beacon was taken (one per page view). */
  engaged: boolean;
  /** The page was hidden when the sensor started (a signal, not stored: false once read back). */
  loadedHidden: boolean;
  /** The hit landed from a bought ad (read back: its click id or its URL's paid medium). */
  paidLanding: boolean;
}

/** The verdict of a known hit, as its row records it. */
export function knownHitVerdict(row: HitRow, duplicate: boolean): HitVerdict {
  return {
    id: row.id,
    riskLevel: row.riskLevel,
    score: row.score ?? 0,
    threats: verdictThreats(row.threats),
    duplicate,
    sessionId: row.sessionId,
    trafficType: row.trafficType as TrafficType,
  };
}

/** Every stored column of a hit, from the catalogue: a hit read back is whole, dimensions included. */
const HIT_COLUMNS = rawSql(hitTable.columns.map((column) => column.name).join(', '));
/** The catalogue's field names of the custom variables (`vars.var1`, ...). */
const VARS_PREFIX = 'vars.';

/**
 * A stored hit's row from its columns (`EventStore.query` gives timestamps as ISO strings, lists as
 * arrays, integers as numbers): each column goes back to the row field the catalogue names.
 */
function hitRowOf(stored: ResultRow): HitRow {
  const fields: Record<string, unknown> = {};
  const vars: Record<string, string> = {};
  for (const column of hitTable.columns) {
    const value = stored[column.name] ?? null;
    if (column.field.startsWith(VARS_PREFIX)) {
      if (typeof value === 'string') vars[column.field.slice(VARS_PREFIX.length)] = value;
    } else {
      fields[column.field] =
        column.kind === 'timestamp' && typeof value === 'string'
          ? new Date(value)
          : column.kind === 'evidence'
            ? parseEvidence(value)
            : value;
    }
  }
  // The catalogue maps every HitRow field, so the record is a whole row.
  return { ...fields, vars } as unknown as HitRow;
}

/**
 * Stored hits read back with what later events need (after a restart, or once they left the recent
 * hits): each one's whole row, so that a conversion of it carries its dimensions, and its verdict.
 * One query for them all, whatever their accounts.
 */
export async function readStoredHits(
  store: EventStore,
  wanted: readonly WantedHit[],
): Promise<Map<string, KnownHit>> {
  const byAccount = new Map<number, { account: AccountContext; ids: string[] }>();
  for (const { account, hitId } of wanted) {
    const entry = byAccount.get(account.relationshipId) ?? { account, ids: [] };
    entry.ids.push(hitId);
    byAccount.set(account.relationshipId, entry);
  }
  const found = new Map<string, KnownHit>();
  if (byAccount.size === 0) return found;
  const where = joinSql(
    [...byAccount.values()].map(
      ({ account, ids }) =>
        sql`(relationship_id = ${account.relationshipId} and ${inList(rawSql('id'), ids)})`,
    ),
    ' or ',
  );
  for (const stored of await store.query(() => sql`select ${HIT_COLUMNS} from hits where ${where}`)) {
    const row = hitRowOf(stored);
    if (byAccount.has(row.relationshipId)) {
      found.set(hitKey(row.relationshipId, row.id), {
        row,
        engaged: false,
        loadedHidden: false,
        paidLanding: Boolean(row.clickId) || readLanding(row.url, row.referrer).paid,
      });
    }
  }
  return found;
}

/** The verdict of a stored conversion, answered again to a repeated id. */
export async function readStoredConversion(
  store: EventStore,
  account: AccountContext,
  id: string,
): Promise<(Verdict & { status: ConversionStatus }) | undefined> {
  const rows = await store.query<{
    risk_level: RiskLevel;
    threats: string[];
    score: number | null;
    status: ConversionStatus;
  }>(
    () =>
      sql`select risk_level, threats, score, status from conversions where relationship_id = ${account.relationshipId} and id = ${id}`,
  );
  const stored = rows[0];
  if (!stored) return undefined;
  return {
    id,
    riskLevel: stored.risk_level,
    score: stored.score ?? 0,
    threats: verdictThreats(stored.threats),
    duplicate: true,
    status: stored.status,
  };
}
