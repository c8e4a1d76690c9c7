import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { DimensionValue } from '@veracity/contracts/analytics/query';
import type { ConversionSort } from '@veracity/contracts/conversions-list';
import type { RiskLevel } from '@veracity/contracts/detection';
import type { ConversionStatus } from '@veracity/contracts/postbacks';
import type { SqlDialect } from '../storage/events/dialect.js';
import type { EventStore } from '../storage/events/event-store.js';
import { joinSql, rawSql, type Sql, sql } from '../storage/events/sql.js';
import { conversionStatusIs, NO_RELEASES } from './measures.js';
import { whereSql } from './query-sql.js';
import type { QueryScope } from './results.js';

/**
 * The events behind an analytics number, row by row: the visits of a row of the tree (drill-down to
 * session forensics) and the conversions of a period (the conversions list). Both read the rows the
 * analytics query of the same scope counts (`whereSql`), so a list has exactly the events its number
 * counted; newest first by default, then by id so that paging stays stable.
 */

type Scope = Omit<QueryScope, 'metrics'>;

export type SessionListRecord = {
  id: string;
  started_at: string;
  landing_url: string;
  traffic_type: string;
  country: string | null;
  device_type: string | null;
  browser: string | null;
  hits: number;
  risk_level: RiskLevel;
  threats: string[];
};

export interface RowSessionsRequest {
  dimensions: readonly DimensionId[];
  path: readonly DimensionValue[];
  riskLevel?: RiskLevel | undefined;
  limit: number;
  offset: number;
}

function sessionsWhere(scope: Scope, request: RowSessionsRequest, d: SqlDialect): Sql {
  const where = whereSql({ ...scope, dimensions: request.dimensions, path: request.path }, 'sessions', d);
  return request.riskLevel ? sql`${where} AND risk_level = ${request.riskLevel}` : where;
}

/** A page of the visits of a row (or of the whole query), with how many there are in all. */
export async function rowSessions(
  store: EventStore,
  scope: Scope,
  request: RowSessionsRequest,
): Promise<{ rows: SessionListRecord[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    store.query<SessionListRecord>(
      (d) => sql`SELECT id, started_at, landing_url, traffic_type, country, device_type, browser, hits,
        risk_level, threats FROM sessions WHERE ${sessionsWhere(scope, request, d)}
        ORDER BY started_at DESC, id ASC LIMIT ${request.limit} OFFSET ${request.offset}`,
    ),
    store.query<{ total: number }>(
      (d) => sql`SELECT count(*) AS total FROM sessions WHERE ${sessionsWhere(scope, request, d)}`,
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export type ConversionListRecord = {
  id: string;
  session_id: string | null;
  ts: string;
  name: string;
  value: number | null;
  currency: string | null;
  traffic_type: string;
  campaign_id: number | null;
  google_campaign_id: string | null;
  risk_level: RiskLevel;
  threats: string[];
  status: ConversionStatus;
};

export interface ConversionsRequest {
  status?: ConversionStatus | undefined;
  sort: ConversionSort;
}

/** Sort keys as columns; the analysis level sorts by severity, not by its name. */
function conversionOrder(sort: ConversionSort): Sql {
  const direction = rawSql(sort.direction === 'asc' ? 'ASC' : 'DESC');
  const key =
    sort.key === 'riskLevel'
      ? sql`CASE risk_level WHEN ${'high'} THEN 3 WHEN ${'medium'} THEN 2 ELSE 1 END`
      : rawSql(sort.key);
  const tail = sort.key === 'ts' ? [] : [sql`ts DESC`];
  return joinSql([sql`${key} ${direction} NULLS LAST`, ...tail, sql`id ASC`]);
}

function conversionsWhere(scope: Scope, request: ConversionsRequest, d: SqlDialect): Sql {
  const where = whereSql({ ...scope, dimensions: [], path: [] }, 'conversions', d);
  if (!request.status) return where;
  return sql`${where} AND ${conversionStatusIs(request.status, scope.released ?? NO_RELEASES)}`;
}

const CONVERSION_COLUMNS = sql`id, session_id, ts, name, value, currency, traffic_type, campaign_id,
  google_campaign_id, risk_level, threats, status`;

/** A page of the conversions of the scope, in the order asked. */
export async function conversionsPage(
  store: EventStore,
  scope: Scope,
  request: ConversionsRequest & { limit: number; offset: number },
): Promise<ConversionListRecord[]> {
  return store.query<ConversionListRecord>(
    (d) => sql`SELECT ${CONVERSION_COLUMNS} FROM conversions WHERE ${conversionsWhere(scope, request, d)}
      ORDER BY ${conversionOrder(request.sort)} LIMIT ${request.limit} OFFSET ${request.offset}`,
  );
}

/** How many conversions the scope has. */
export async function conversionsCount(
  store: EventStore,
  scope: Scope,
  request: ConversionsRequest,
): Promise<number> {
  const [row] = await store.query<{ total: number }>(
    (d) => sql`SELECT count(*) AS total FROM conversions WHERE ${conversionsWhere(scope, request, d)}`,
  );
  return row?.total ?? 0;
}
