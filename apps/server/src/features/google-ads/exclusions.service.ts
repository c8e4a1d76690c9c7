import {
  type ExclusionEntry,
  type ExclusionLogLine,
  zExclusionIpType,
  type zExclusionListQuery,
} from '@veracity/contracts/google-ads';
import type { z } from 'zod';
import type { Services } from '../../services.js';
import {
  type ExclusionEntryRow,
  type ExclusionLogRow,
  type ExclusionScope,
  listExclusionEntries,
  listExclusionLog,
} from './exclusions.repo.js';

/**
 * The exclusions the engine keeps, and its log, as the Google Ads pages read them. A section lists the
 * campaigns of its types: shopping SHOPPING, pmax PERFORMANCE_MAX, search-display every other type
 * (catalogue A's picker narrows it on the page), each with the account-level exclusions, which apply to
 * every campaign; account only the account-level ones.
 */
const SECTION_SCOPES: Record<z.output<typeof zExclusionListQuery>['section'], ExclusionScope> = {
  'search-display': { kind: 'types-except', exclude: ['SHOPPING', 'PERFORMANCE_MAX'] },
  shopping: { kind: 'types', include: ['SHOPPING'] },
  pmax: { kind: 'types', include: ['PERFORMANCE_MAX'] },
  account: { kind: 'account' },
};

/** At most this many entries a call: a full account holds 500 a campaign. */
export const EXCLUSION_LIST_LIMIT = 5000;

function threatsOf(json: string): Record<string, number> {
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, number] => Number.isInteger(entry[1])),
    );
  } catch {
    return {};
  }
}

const ipType = (value: string) => {
  const parsed = zExclusionIpType.safeParse(value);
  return parsed.success ? parsed.data : 'DYNAMIC';
};

export function entryOf(row: ExclusionEntryRow): ExclusionEntry {
  return {
    id: row.id,
    customerId: row.customer_id,
    campaignId: row.campaign_id === '' ? null : row.campaign_id,
    campaignType: row.campaign_type,
    cidr: row.cidr,
    type: ipType(row.ip_type),
    state: row.state,
    addedAt: row.added_at,
    expiresAt: row.expires_at,
    lastInvalidAt: row.last_invalid_at,
    invalidSessions: row.invalid_sessions,
    threats: threatsOf(row.threats),
  };
}

function logLineOf(row: ExclusionLogRow): ExclusionLogLine {
  return {
    at: row.at,
    action: row.action,
    mode: row.mode,
    outcome: row.outcome,
    customerId: row.customer_id,
    campaignId: row.campaign_id === '' ? null : row.campaign_id,
    cidr: row.cidr,
    type: ipType(row.ip_type),
    reason: row.reason,
    threats: threatsOf(row.threats),
    error: row.error,
  };
}

/** A date (YYYY-MM-DD) as the start or the end of its UTC day; datetimes as given. */
function bound(value: string | undefined, end: boolean): string | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
  // A datetime without a zone is UTC, as the analytics dates are read.
  const text = value.replace(' ', 'T');
  return new Date(/Z$|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text}Z`).toISOString();
}

export async function exclusionEntries(
  services: Services,
  relationshipId: number,
  query: z.output<typeof zExclusionListQuery>,
): Promise<ExclusionEntry[]> {
  const from = bound(query.from, false);
  const to = bound(query.to, true);
  const rows = await listExclusionEntries(
    services.db,
    relationshipId,
    SECTION_SCOPES[query.section],
    { ...(from ? { from } : {}), ...(to ? { to } : {}) },
    EXCLUSION_LIST_LIMIT,
  );
  return rows.map(entryOf);
}

export async function exclusionLog(
  services: Services,
  relationshipId: number,
  limit: number,
): Promise<ExclusionLogLine[]> {
  return (await listExclusionLog(services.db, relationshipId, limit)).map(logLineOf);
}
