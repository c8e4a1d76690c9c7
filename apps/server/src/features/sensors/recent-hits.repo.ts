import type { RiskLevel } from '@veracity/contracts/detection';
import { RECENT_HITS_LIMIT, type RecentHit } from '@veracity/contracts/s2s';
import type { ThreatEvidence } from '@veracity/contracts/threat-evidence';
import { parseEvidence } from '../../storage/events/event-evidence.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { sql } from '../../storage/events/sql.js';
import { verdictThreats } from '../../verdicts/verdict.js';

type Row = {
  id: string;
  ts: string;
  url: string;
  referrer: string | null;
  traffic_type: string;
  risk_level: RiskLevel;
  threats: string[];
  /** JSON text (`event-evidence.ts`). */
  evidence: string | null;
  country: string | null;
  browser: string | null;
  os_name: string | null;
  device_type: string | null;
  ip: string | null;
};

/** The account's latest hits with their verdicts, newest first. */
export async function recentHits(events: EventStore, relationshipId: number): Promise<RecentHit[]> {
  const rows = await events.query<Row>(
    () => sql`select id, ts, url, referrer, traffic_type, risk_level, threats, evidence, country, browser,
      os_name, device_type, ip from hits where relationship_id = ${relationshipId}
      order by ts desc, id limit ${RECENT_HITS_LIMIT}`,
  );
  return rows.map(
    (row): RecentHit => ({
      id: row.id,
      ts: row.ts,
      url: row.url,
      referrer: row.referrer,
      trafficType: row.traffic_type,
      riskLevel: row.risk_level,
      threats: verdictThreats(row.threats),
      // Stored by this server's engine, in the contract's shapes.
      evidence: (parseEvidence(row.evidence) ?? {}) as ThreatEvidence,
      country: row.country,
      browser: row.browser,
      osName: row.os_name,
      deviceType: row.device_type,
      ip: row.ip,
    }),
  );
}
