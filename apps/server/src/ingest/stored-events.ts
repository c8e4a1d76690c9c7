import type { AssessmentInput, RequestFacts, RiskLevel, TrafficType } from '@veracity/contracts/detection';
import { enrich } from '@veracity/detection/enrich';
import type { IpIntelligence } from '@veracity/detection/ip/ip-intelligence';
import { hitTable } from '../storage/events/event-columns.js';
import type { EventStore, HitRow, ResultRow } from '../storage/events/event-store.js';
import { rawSql, sql } from '../storage/events/sql.js';
import type { AccountContext } from './account-directory.js';
import { readLanding } from './landing.js';
import { type HitVerdict, type Verdict, verdictThreats } from './verdict.js';

/**
 * A hit the pipeline knows: what conversions, the engagement beacon and retries of it need. Kept for
 * every recent hit, so it holds no more than that: the verdict is read from the row when asked for.
 */
export interface KnownHit {
  row: HitRow;
  input: AssessmentInput;
  engaged: boolean;
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
        column.kind === 'timestamp' && typeof value === 'string' ? new Date(value) : value;
    }
  }
  // The catalogue maps every HitRow field, so the record is a whole row.
  return { ...fields, vars } as unknown as HitRow;
}

/**
 * A stored hit read back with what later events need (after a restart nothing is in memory): its whole
 * row, so that a conversion of it carries its dimensions, an assessment input rebuilt from the stored
 * request facts, and its verdict. Sensor signals and recent-activity counts are not stored, so the
 * rebuilt input has none.
 */
export async function readStoredHit(
  store: EventStore,
  ipIntelligence: IpIntelligence,
  account: AccountContext,
  hitId: string,
): Promise<KnownHit | undefined> {
  const rows = await store.query(
    () =>
      sql`select ${HIT_COLUMNS} from hits where relationship_id = ${account.relationshipId} and id = ${hitId}`,
  );
  const stored = rows[0];
  if (!stored) return undefined;
  const row = hitRowOf(stored);
  const request: RequestFacts = {
    ip: row.ip ?? '',
    userAgent: row.userAgent ?? '',
    referrer: row.referrer ?? null,
    landingUrl: row.url,
    clickIds: readLanding(row.url, row.referrer ?? null).clickIds,
  };
  const input: AssessmentInput = {
    kind: 'hit',
    channel: 's2s',
    at: row.ts.getTime(),
    request,
    enrichment: enrich(request, ipIntelligence),
    sensor: null,
    campaign: { targetedCountries: [], trafficType: null, paid: false },
    rules: account.rules,
    history: { sameIp: 0, sameDevice: 0, sameClickId: 0, sinceClickMs: null },
  };
  return { row, input, engaged: true };
}

/** The verdict of a stored conversion, answered again to a repeated id. */
export async function readStoredConversion(
  store: EventStore,
  account: AccountContext,
  id: string,
): Promise<Verdict | undefined> {
  const rows = await store.query<{ risk_level: RiskLevel; threats: string[] }>(
    () =>
      sql`select risk_level, threats from conversions where relationship_id = ${account.relationshipId} and id = ${id}`,
  );
  const stored = rows[0];
  if (!stored) return undefined;
  return {
    id,
    riskLevel: stored.risk_level,
    score: 0,
    threats: verdictThreats(stored.threats),
    duplicate: true,
  };
}
