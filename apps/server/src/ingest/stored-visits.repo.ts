import type { AnalyticsQuery } from '../storage/events/dialect.js';
import type { EventStore } from '../storage/events/event-store.js';
import { rawSql, sql } from '../storage/events/sql.js';

/**
 * What the event store knows of visits, read back so that a visit carries on across a restart: the
 * running figures of sessions and the derived visit of each device (`SessionTracker`). The SQL is
 * written once for both stores (`argMax` is DuckDB's alias of `arg_max` and ClickHouse's own).
 */

/** A session's running figures as its latest stored snapshot has them. */
export interface StoredSessionFigures {
  relationshipId: number;
  id: string;
  hits: number;
  startedAt: Date;
}

/** The visit a device's hits without a session id of their own last went to, and when. */
export interface StoredDeviceVisit {
  relationshipId: number;
  deviceId: string;
  sessionId: string;
  lastAt: Date;
}

const toDate = (value: unknown): Date => new Date(String(value));

/**
 * The fields of many rows in one string (`SqlDialect.joinRows`): the client hands a hundred thousand
 * rows over as values at several microseconds each, and as one string at a fraction of that.
 */
async function joinedRows(store: EventStore, query: AnalyticsQuery): Promise<string[][]> {
  const [result] = await store.query<{ joined: string | null }>(query);
  const joined = result?.joined ?? '';
  return joined === '' ? [] : joined.split('\n').map((line) => line.split('\t'));
}

const LIMIT = (limit: number) => rawSql(String(Math.trunc(limit)));

/** The sessions with a hit at or after `since`, the latest first, at most `limit`. */
export async function readRecentSessions(
  store: EventStore,
  since: Date,
  limit: number,
): Promise<StoredSessionFigures[]> {
  const rows = await joinedRows(
    store,
    (d) =>
      sql`select ${d.joinRows(['relationship_id', 'id', 'hits', d.epochMs('started_at'), d.epochMs('last_seen_at')])} as joined
        from (select relationship_id, id, hits, started_at, last_seen_at from sessions
          where last_seen_at >= ${since} order by last_seen_at desc limit ${LIMIT(limit)}) as recent`,
  );
  const sessions: (StoredSessionFigures & { lastSeenAt: number })[] = [];
  for (const [relationshipId, id, hits, startedAt, lastSeenAt, ...rest] of rows) {
    if (lastSeenAt === undefined || rest.length > 0) continue; // ids hold no tab or line feed
    sessions.push({
      relationshipId: Number(relationshipId),
      id: id as string,
      hits: Number(hits),
      startedAt: new Date(Number(startedAt)),
      lastSeenAt: Number(lastSeenAt),
    });
  }
  return sessions.sort((a, b) => b.lastSeenAt - a.lastSeenAt).map(({ lastSeenAt: _, ...session }) => session);
}

/**
 * The derived visit of each device that had a hit without a session id of its own (session ids that
 * start with `derivedPrefix`) at or after `since`: the visit of its latest such hit. The latest
 * devices first, at most `limit`.
 */
export async function readRecentDeviceVisits(
  store: EventStore,
  since: Date,
  derivedPrefix: string,
  limit: number,
): Promise<StoredDeviceVisit[]> {
  const rows = await joinedRows(
    store,
    (d) =>
      sql`select ${d.joinRows(['relationship_id', 'device_id', 'visit_id', d.epochMs('last_at')])} as joined
        from (select relationship_id, device_id, argMax(session_id, ts) as visit_id, max(ts) as last_at
          from hits
          where ts >= ${since} and device_id is not null and session_id like ${`${derivedPrefix}%`}
          group by relationship_id, device_id
          order by last_at desc limit ${LIMIT(limit)}) as recent`,
  );
  const devices: StoredDeviceVisit[] = [];
  for (const [relationshipId, deviceId, sessionId, lastAt, ...rest] of rows) {
    if (lastAt === undefined || rest.length > 0) continue;
    devices.push({
      relationshipId: Number(relationshipId),
      deviceId: deviceId as string,
      sessionId: sessionId as string,
      lastAt: new Date(Number(lastAt)),
    });
  }
  return devices.sort((a, b) => b.lastAt.getTime() - a.lastAt.getTime());
}

/** Whether the store holds any hit at all. */
export async function storeHasHits(store: EventStore): Promise<boolean> {
  const rows = await store.query(() => sql`select 1 as found from hits limit 1`);
  return rows.length > 0;
}

/** A session's running figures, or undefined when the store has no such session. */
export async function readStoredSession(
  store: EventStore,
  relationshipId: number,
  id: string,
): Promise<StoredSessionFigures | undefined> {
  const rows = await store.query<{ hits: number; started_at: string }>(
    () => sql`select hits, started_at from sessions where relationship_id = ${relationshipId} and id = ${id}`,
  );
  const row = rows[0];
  return row ? { relationshipId, id, hits: Number(row.hits), startedAt: toDate(row.started_at) } : undefined;
}

/**
 * The derived visit a device's hit at `at` follows: that of the device's latest hit without a session
 * id of its own in the idle time before `at` (`at - idleMs` excluded, `at` included), if any.
 */
export async function readDeviceVisitBefore(
  store: EventStore,
  relationshipId: number,
  deviceId: string,
  at: Date,
  idleMs: number,
  derivedPrefix: string,
): Promise<StoredDeviceVisit | undefined> {
  const after = new Date(at.getTime() - idleMs);
  const rows = await store.query<{ session_id: string; ts: string }>(
    () =>
      sql`select session_id, ts from hits
        where relationship_id = ${relationshipId} and device_id = ${deviceId}
          and ts > ${after} and ts <= ${at} and session_id like ${`${derivedPrefix}%`}
        order by ts desc limit 1`,
  );
  const row = rows[0];
  return row ? { relationshipId, deviceId, sessionId: row.session_id, lastAt: toDate(row.ts) } : undefined;
}
