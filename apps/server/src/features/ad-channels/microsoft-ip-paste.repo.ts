import type { EventStore } from '../../storage/events/event-store.js';
import { sql } from '../../storage/events/sql.js';

/** Invalid (high risk) Microsoft Ads visits since `since`, per address. */
export async function invalidMicrosoftIps(
  events: EventStore,
  relationshipId: number,
  since: Date,
): Promise<{ ip: string; sessions: number }[]> {
  const rows = await events.query<{ ip: string; sessions: number }>(
    () => sql`select ip, count(*) as sessions from sessions
      where relationship_id = ${relationshipId} and risk_level = ${'high'} and traffic_type = ${'microsoft'}
        and ip is not null and ip <> '' and last_seen_at >= ${since}
      group by ip`,
  );
  return rows.map((row) => ({ ip: row.ip, sessions: Number(row.sessions) }));
}
