import type { RiskLevel } from '@veracity/contracts/detection';
import { CUSTOM_VAR_NAMES, type CustomVars, type EventStore } from '../../storage/events/event-store.js';
import { inList, rawSql, sql } from '../../storage/events/sql.js';

/** Conversions the firewall held (stored paused) and what releasing them needs, from the event store. */

export interface StoredConversion {
  id: string;
  hitId: string | null;
  ts: string;
  name: string;
  value: number | null;
  currency: string | null;
  status: 'reported' | 'paused' | 'not_reported';
  riskLevel: RiskLevel;
  threats: string[];
  campaignId: number | null;
  offerId: number | null;
  trafficSourceId: number | null;
  subPublisher: string | null;
  country: string | null;
  vars: CustomVars;
}

type Row = {
  id: string;
  hit_id: string | null;
  ts: string;
  name: string;
  value: number | null;
  currency: string | null;
  status: StoredConversion['status'];
  risk_level: RiskLevel;
  threats: string[];
  campaign_id: number | null;
  offer_id: number | null;
  traffic_source_id: number | null;
  sub_publisher: string | null;
  country: string | null;
} & Record<string, string | number | null | string[]>;

const COLUMNS = rawSql(
  [
    'id',
    'hit_id',
    'ts',
    'name',
    'value',
    'currency',
    'status',
    'risk_level',
    'threats',
    'campaign_id',
    'offer_id',
    'traffic_source_id',
    'sub_publisher',
    'country',
    ...CUSTOM_VAR_NAMES,
  ].join(', '),
);

function storedConversion(row: Row): StoredConversion {
  const vars: CustomVars = {};
  for (const name of CUSTOM_VAR_NAMES) {
    const value = row[name];
    if (typeof value === 'string') vars[name] = value;
  }
  return {
    id: row.id,
    hitId: row.hit_id,
    ts: row.ts,
    name: row.name,
    value: row.value,
    currency: row.currency,
    status: row.status,
    riskLevel: row.risk_level,
    threats: row.threats,
    campaignId: row.campaign_id,
    offerId: row.offer_id,
    trafficSourceId: row.traffic_source_id,
    subPublisher: row.sub_publisher,
    country: row.country,
    vars,
  };
}

/** The account's conversions stored paused, newest first, a page at a time, and how many there are. */
export async function pausedConversions(
  events: EventStore,
  relationshipId: number,
  page: { limit: number; offset: number },
): Promise<{ conversions: StoredConversion[]; total: number }> {
  const [rows, counted] = await Promise.all([
    events.query<Row>(
      () => sql`select ${COLUMNS} from conversions
        where relationship_id = ${relationshipId} and status = ${'paused'}
        order by ts desc, id limit ${page.limit} offset ${page.offset}`,
    ),
    events.query<{ total: number }>(
      () => sql`select count(*) as total from conversions
        where relationship_id = ${relationshipId} and status = ${'paused'}`,
    ),
  ]);
  return { conversions: rows.map(storedConversion), total: counted[0]?.total ?? 0 };
}

/** These conversions of the account, those that exist. */
export async function conversionsByIds(
  events: EventStore,
  relationshipId: number,
  ids: readonly string[],
): Promise<StoredConversion[]> {
  if (ids.length === 0) return [];
  const rows = await events.query<Row>(
    () => sql`select ${COLUMNS} from conversions
      where relationship_id = ${relationshipId} and ${inList(rawSql('id'), ids)}`,
  );
  return rows.map(storedConversion);
}

/** The traffic source's own click id of each of these hits of the account (`{external_id}`). */
export async function sourceClickIds(
  events: EventStore,
  relationshipId: number,
  hitIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (hitIds.length === 0) return new Map();
  const rows = await events.query<{ id: string; click_id: string | null }>(
    () => sql`select id, click_id from hits
      where relationship_id = ${relationshipId} and ${inList(rawSql('id'), hitIds)}`,
  );
  return new Map(rows.map((row) => [row.id, row.click_id]));
}
