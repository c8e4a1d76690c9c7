import { findSecurityLevel } from '@veracity/contracts/analytics/reference/security-levels';
import { trafficTypeName } from '@veracity/contracts/analytics/reference/traffic-types';
import type {
  ConversionListItem,
  ConversionsList,
  zConversionsExportQuery,
  zConversionsListQuery,
} from '@veracity/contracts/conversions-list';
import { csvText } from '@veracity/contracts/csv';
import { THREAT_REASONS } from '@veracity/contracts/threat-reasons';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { listAllCampaigns } from '../../accounts/campaigns.repo.js';
import {
  type ConversionListRecord,
  type ConversionsRequest,
  conversionsCount,
  conversionsPage,
} from '../../analytics/event-lists.repo.js';
import { type AnalyticsReader, planScope } from '../../analytics/plan.js';
import type { QueryScope } from '../../analytics/results.js';
import { zoneOffsetMs } from '../../analytics/time-range.js';
import { ApiError } from '../../http/api-error.js';
import { releasesAmong } from '../../postbacks/conversion-releases.repo.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { Database } from '../../storage/oltp/schema.js';

/**
 * The conversions list (issue 36; docs/api.md "Conversions list"): the conversions of a period with
 * their click's attribution and their own assessment, in the scope the analytics query of the same
 * filters counts (so the list has the conversions the overview's numbers counted).
 */

type ListQuery = z.output<typeof zConversionsListQuery>;
type ExportQuery = z.output<typeof zConversionsExportQuery>;

/** Rows read at a time while an export is written. */
export const EXPORT_CHUNK_ROWS = 5_000;

const STATUS_FILTER_NEEDS_FIREWALL = 'The status filter is only available with the firewall';

async function scopeOf(reader: AnalyticsReader, query: ExportQuery): Promise<Omit<QueryScope, 'metrics'>> {
  if (query.status && !reader.access.firewall) throw ApiError.forbidden(STATUS_FILTER_NEEDS_FIREWALL);
  const scope = await planScope(reader, { ...query, dimensions: [] }, []);
  // A held conversion's status is what its release made it, in the filter as in the analytics counts.
  const released =
    query.status && reader.releasedConversions
      ? await reader.releasedConversions({ from: scope.from, to: scope.to })
      : undefined;
  return released ? { ...scope, released } : scope;
}

/** Names the page's campaigns and its held conversions' releases. */
async function shape(
  db: Kysely<Database>,
  reader: AnalyticsReader,
  records: readonly ConversionListRecord[],
): Promise<ConversionListItem[]> {
  const needsCampaigns = records.some((record) => record.campaign_id !== null);
  const needsGoogle = records.some((record) => record.google_campaign_id !== null);
  const held = records.filter((record) => record.status === 'paused').map((record) => record.id);
  const [campaigns, lookups, releases] = await Promise.all([
    needsCampaigns ? listAllCampaigns(db, reader.relationshipId) : [],
    needsGoogle ? reader.lookups() : undefined,
    releasesAmong(db, reader.relationshipId, held),
  ]);
  const campaignNames = new Map(campaigns.map((campaign) => [campaign.id, campaign.name]));
  return records.map((record) => {
    const release = releases.get(record.id);
    const googleId = record.google_campaign_id;
    return {
      id: record.id,
      sessionId: record.session_id,
      ts: new Date(record.ts).toISOString(),
      name: record.name,
      value: record.value,
      currency: record.currency,
      trafficType: record.traffic_type,
      campaign:
        record.campaign_id === null
          ? null
          : {
              id: record.campaign_id,
              name: campaignNames.get(record.campaign_id) ?? `#${record.campaign_id}`,
            },
      googleCampaign:
        googleId === null
          ? null
          : { id: googleId, name: lookups?.googleCampaigns.get(googleId)?.name ?? googleId },
      riskLevel: record.risk_level,
      threats: record.threats,
      status: release?.status ?? record.status,
      releasedAt: release ? new Date(release.releasedAt).toISOString() : null,
    };
  });
}

function requestOf(query: ExportQuery): ConversionsRequest {
  return { status: query.status, sort: query.sort };
}

export async function listConversions(
  db: Kysely<Database>,
  events: EventStore,
  reader: AnalyticsReader,
  query: ListQuery,
): Promise<ConversionsList> {
  const scope = await scopeOf(reader, query);
  const request = requestOf(query);
  const [records, total] = await Promise.all([
    conversionsPage(events, scope, {
      ...request,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    conversionsCount(events, scope, request),
  ]);
  return {
    conversions: await shape(db, reader, records),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const STATUS_NAMES = { reported: 'Reported', paused: 'Paused', not_reported: 'Not reported' } as const;

/** A time as the account's wall clock, `YYYY-MM-DD HH:MM:SS`. */
function wallClock(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  return new Date(instant + zoneOffsetMs(instant, timeZone)).toISOString().slice(0, 19).replace('T', ' ');
}

function threatNames(ids: readonly string[]): string {
  return ids.map((id) => (THREAT_REASONS as Record<string, { label: string }>)[id]?.label ?? id).join('; ');
}

/**
 * The list as CSV, every page, read and written a chunk at a time (an export of many conversions never
 * holds them all). Undefined when the scope has none: the dashboard shows "No content".
 */
export async function exportConversions(
  db: Kysely<Database>,
  events: EventStore,
  reader: AnalyticsReader,
  query: ExportQuery,
): Promise<AsyncIterable<string> | undefined> {
  const scope = await scopeOf(reader, query);
  const request = requestOf(query);
  const first = await conversionsPage(events, scope, { ...request, limit: EXPORT_CHUNK_ROWS, offset: 0 });
  if (first.length === 0) return undefined;
  const firewall = reader.access.firewall;
  const header = [
    `Time (${reader.timeZone})`,
    'Conversion',
    'Value',
    'Currency',
    'Channel',
    'Campaign',
    'Google Ads campaign',
    'Security level',
    'Threats',
    ...(firewall ? ['Status'] : []),
    'Conversion ID',
    'Session ID',
  ];
  const lines = (items: readonly ConversionListItem[]) =>
    csvText(
      items.map((item) => [
        wallClock(item.ts, reader.timeZone),
        item.name,
        item.value,
        item.currency,
        trafficTypeName(item.trafficType),
        item.campaign?.name,
        item.googleCampaign?.name,
        findSecurityLevel(item.riskLevel)?.name ?? item.riskLevel,
        threatNames(item.threats),
        ...(firewall ? [STATUS_NAMES[item.status]] : []),
        item.id,
        item.sessionId,
      ]),
    );
  async function* chunks(): AsyncGenerator<string> {
    yield csvText([header]);
    let records = first;
    let offset = 0;
    while (records.length > 0) {
      yield lines(await shape(db, reader, records));
      if (records.length < EXPORT_CHUNK_ROWS) return;
      offset += EXPORT_CHUNK_ROWS;
      records = await conversionsPage(events, scope, { ...request, limit: EXPORT_CHUNK_ROWS, offset });
    }
  }
  return chunks();
}
