import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ExclusionWidgetChannel,
  type GOOGLE_CAMPAIGN_TYPES_PICKER,
  type GoogleAdsSection,
  zExclusionWidget,
} from '@veracity/contracts/google-ads';
import { api } from '../../lib/api-client';
import { exclusionsQuery } from './google-ads.api';

/**
 * The Google Ads channel pages' calls (docs/api.md "Google Ads"): the exclusion widget of a section and
 * the exclusions pushed (the integration state is google-ads.api's useGoogleAdsState). Every answer is
 * parsed with the contracts' schema. Keyed by [endpoint, params].
 */

export const exclusionWidgetEndpoint = (channel: ExclusionWidgetChannel) => `/widget/${channel}/exclusions`;

/** The linking page of the stepper (built with the setup pages). */
export const GOOGLE_ADS_LINKING_PATH = '/integrations/google-ads/linking';

export type CampaignTypePick = (typeof GOOGLE_CAMPAIGN_TYPES_PICKER)[number];

export interface ExclusionPeriod {
  from: string;
  to: string;
}

/**
 * POST /api/widget/{channel}/exclusions: traffic veracity, the exclusion events that fired and those
 * on invalid traffic, totals and per day. Only the search-display widget takes campaign types. The
 * previous answer stays on show while a new range or type choice loads.
 */
export function useExclusionWidget(
  channel: ExclusionWidgetChannel,
  period: ExclusionPeriod | undefined,
  campaignTypes?: readonly CampaignTypePick[],
) {
  const endpoint = exclusionWidgetEndpoint(channel);
  const body = period
    ? { from: period.from, to: period.to, ...(campaignTypes ? { campaignTypes: [...campaignTypes] } : {}) }
    : undefined;
  return useQuery({
    queryKey: [endpoint, body],
    queryFn: ({ signal }) => api.post(endpoint, body, { schema: zExclusionWidget, signal }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The exclusions of a section in the period, the previous answer on show while a new period loads. */
export function useExclusionEntries(section: GoogleAdsSection, period: ExclusionPeriod | undefined) {
  return useQuery({
    ...exclusionsQuery(section, period?.from ?? '', period?.to ?? ''),
    enabled: period !== undefined,
    placeholderData: keepPreviousData,
  });
}
