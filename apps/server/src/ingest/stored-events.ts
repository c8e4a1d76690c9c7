import type { AssessmentInput, RequestFacts, RiskLevel, TrafficType } from '@veracity/contracts/detection';
import { enrich } from '@veracity/detection/enrich';
import type { IpIntelligence } from '@veracity/detection/ip/ip-intelligence';
import type { EventStore, HitRow } from '../storage/events/event-store.js';
import { sql } from '../storage/events/sql.js';
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

type StoredHit = {
  id: string;
  session_id: string;
  ts: string;
  url: string;
  referrer: string | null;
  traffic_type: string;
  campaign_id: number | null;
  ip: string | null;
  user_agent: string | null;
  risk_level: RiskLevel;
  threats: string[];
  score: number | null;
};

/**
 * A stored hit read back with what later events need (after a restart nothing is in memory): its row,
 * an assessment input rebuilt from the stored request facts, and its verdict. Sensor signals and
 * recent-activity counts are not stored, so the rebuilt input has none.
 */
export async function readStoredHit(
  store: EventStore,
  ipIntelligence: IpIntelligence,
  account: AccountContext,
  hitId: string,
): Promise<KnownHit | undefined> {
  const rows = await store.query<StoredHit>(
    () => sql`select id, session_id, ts, url, referrer, traffic_type, campaign_id, ip, user_agent,
      risk_level, threats, score from hits where relationship_id = ${account.relationshipId} and id = ${hitId}`,
  );
  const stored = rows[0];
  if (!stored) return undefined;
  const request: RequestFacts = {
    ip: stored.ip ?? '',
    userAgent: stored.user_agent ?? '',
    referrer: stored.referrer,
    landingUrl: stored.url,
    clickIds: readLanding(stored.url, stored.referrer).clickIds,
  };
  const row: HitRow = {
    relationshipId: account.relationshipId,
    id: stored.id,
    sessionId: stored.session_id,
    ts: new Date(stored.ts),
    url: stored.url,
    referrer: stored.referrer,
    trafficType: stored.traffic_type,
    campaignId: stored.campaign_id,
    riskLevel: stored.risk_level,
    threats: stored.threats,
    hitStatus: 'delivered',
    score: stored.score,
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
