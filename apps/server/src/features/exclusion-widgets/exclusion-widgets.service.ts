import {
  type ExclusionWidget,
  type ExclusionWidgetChannel,
  GOOGLE_CAMPAIGN_TYPES_PICKER_VISIBLE,
  type GoogleAdsSection,
} from '@veracity/contracts/google-ads';
import type { Kysely } from 'kysely';
import { listAllCampaigns } from '../../accounts/campaigns.repo.js';
import { InvalidRangeError, localDay, localDays, timeRange } from '../../analytics/time-range.js';
import { ApiError } from '../../http/api-error.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { Database } from '../../storage/oltp/schema.js';
import type { RelationshipRecord } from '../account/relationships.repo.js';
import {
  exclusionsAddedBetween,
  exclusionsInForceByCampaign,
  importedGoogleCampaignTypes,
} from './exclusion-entries.repo.js';
import { type ChannelTraffic, dailyExclusionFigures } from './exclusion-widgets.repo.js';

/**
 * The exclusion widgets of the channel pages (spec 02 §2): traffic veracity (the share of legitimate
 * visits), the exclusion events the sensor fired in visitors' browsers on the channel's platform and
 * those of them on invalid traffic, per local day of the account; Google sections also count the
 * exclusions the engine keeps for their campaigns.
 */

/** The channel's traffic type and the platform whose tag its exclusion events fire on. */
const CHANNEL_PLATFORM: Record<ExclusionWidgetChannel, 'google' | 'facebook' | 'microsoft' | 'tiktok'> = {
  'search-display': 'google',
  shopping: 'google',
  pmax: 'google',
  facebook: 'facebook',
  microsoft: 'microsoft',
  tiktok: 'tiktok',
};

/** The Google campaign types each section shows (search-display: the picker's, SEARCH and DISPLAY by default). */
const SECTION_TYPES: Record<Exclude<GoogleAdsSection, 'search-display'>, readonly string[]> = {
  shopping: ['SHOPPING'],
  pmax: ['PERFORMANCE_MAX'],
};

/** The picker's type for campaigns whose type is unknown (no campaign id, or one no campaign carries). */
const UNCATEGORIZED = 'UNCATEGORIZED';

/** Longest range the series covers, in days (ten years). */
export const MAX_WIDGET_DAYS = 3660;

export interface ExclusionWidgetQuery {
  from: string;
  to: string;
  campaignTypes?: readonly string[] | undefined;
}

function isGoogleSection(channel: ExclusionWidgetChannel): channel is GoogleAdsSection {
  return channel === 'search-display' || channel === 'shopping' || channel === 'pmax';
}

/**
 * Google campaign id -> type: the campaigns the integration imported, then the account's own campaigns
 * (S2S and firewall) for ids it did not import.
 */
async function googleCampaignTypes(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<Map<string, string>> {
  const types = await importedGoogleCampaignTypes(db, relationshipId);
  for (const campaign of await listAllCampaigns(db, relationshipId)) {
    const { googleCampaignId, googleCampaignType } = campaign;
    if (googleCampaignId && googleCampaignType && !types.has(googleCampaignId)) {
      types.set(googleCampaignId, googleCampaignType);
    }
  }
  return types;
}

export async function exclusionWidget(
  events: EventStore,
  db: Kysely<Database>,
  relationship: RelationshipRecord,
  channel: ExclusionWidgetChannel,
  query: ExclusionWidgetQuery,
): Promise<ExclusionWidget> {
  const timeZone = relationship.timezone;
  let range: { from: Date; to: Date };
  let days: string[];
  try {
    range = timeRange(query.from, query.to, timeZone);
    days = localDays(range, timeZone, MAX_WIDGET_DAYS);
  } catch (error) {
    if (error instanceof InvalidRangeError) throw ApiError.badRequest(error.message);
    throw error;
  }
  const platform = CHANNEL_PLATFORM[channel];
  const traffic: ChannelTraffic = { trafficType: platform, platform };
  // In a Google section: is an exclusion of this campaign id (or of the account, '') one of the section's?
  let inSection: (campaignId: string) => boolean = () => false;
  if (isGoogleSection(channel)) {
    const types = new Set(
      channel === 'search-display'
        ? (query.campaignTypes ?? GOOGLE_CAMPAIGN_TYPES_PICKER_VISIBLE)
        : SECTION_TYPES[channel],
    );
    const known = await googleCampaignTypes(db, relationship.id);
    const ids = [...known].filter(([, type]) => types.has(type)).map(([id]) => id);
    const uncategorized = types.has(UNCATEGORIZED);
    traffic.googleCampaigns = { ids, uncategorized, knownIds: [...known.keys()] };
    const chosen = new Set(ids);
    // Account-level exclusions apply to every campaign of the account, so to every section.
    inSection = (campaignId) =>
      campaignId === '' || chosen.has(campaignId) || (uncategorized && !known.has(campaignId));
  }

  const scope = { relationshipId: relationship.id, timeZone, ...range };
  const [daily, inForce, added] = await Promise.all([
    dailyExclusionFigures(events, scope, traffic),
    isGoogleSection(channel) ? exclusionsInForceByCampaign(db, relationship.id) : new Map<string, number>(),
    isGoogleSection(channel) ? exclusionsAddedBetween(db, relationship.id, range.from, range.to) : [],
  ]);

  const addedByDay = new Map<string, number>();
  for (const entry of added) {
    if (!inSection(entry.campaignId)) continue;
    const day = localDay(entry.addedAt, timeZone);
    addedByDay.set(day, (addedByDay.get(day) ?? 0) + 1);
  }
  const byDay = new Map(daily.map((row) => [row.day, row]));
  const series = days.map((day) => {
    const row = byDay.get(day);
    return {
      day,
      visits: row?.visits ?? 0,
      invalidVisits: row?.invalidVisits ?? 0,
      exclusionEvents: row?.exclusionEvents ?? 0,
      exclusionEventsInvalid: row?.exclusionEventsInvalid ?? 0,
      exclusionsAdded: addedByDay.get(day) ?? 0,
    };
  });
  const sum = (pick: (row: (typeof daily)[number]) => number) =>
    daily.reduce((total, row) => total + pick(row), 0);
  const visits = sum((row) => row.visits);
  const legitimate = sum((row) => row.legitimateVisits);
  let exclusionsActive = 0;
  for (const [campaignId, count] of inForce) if (inSection(campaignId)) exclusionsActive += count;
  return {
    totals: {
      visits,
      invalidVisits: sum((row) => row.invalidVisits),
      trafficVeracity: visits === 0 ? null : (100 * legitimate) / visits,
      exclusionEvents: sum((row) => row.exclusionEvents),
      exclusionEventsInvalid: sum((row) => row.exclusionEventsInvalid),
      exclusionsActive,
    },
    series,
  };
}
