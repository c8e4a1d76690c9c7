import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ExclusionWidgetChannel,
  type GOOGLE_CAMPAIGN_TYPES_PICKER,
  type GoogleAdsSection,
  zExclusionEntries,
  zExclusionWidget,
  zGoogleAdsState,
} from '@veracity/contracts/google-ads';
import { api } from '../../lib/api-client';

/**
 * The Google Ads channel pages' calls (docs/api.md "Google Ads"): the integration state (is an account
 * linked and active, the audience), the exclusion widget of a section and the exclusions pushed. Every
 * answer is parsed with the contracts' schema. Keyed by [endpoint, params].
 */

export const GOOGLE_ADS_STATE_ENDPOINT = '/integrations/google-ads';
export const GOOGLE_ADS_EXCLUSIONS_ENDPOINT = '/integrations/google-ads/exclusions';
export const exclusionWidgetEndpoint = (channel: ExclusionWidgetChannel) => `/widget/${channel}/exclusions`;

/** The linking page of the stepper (built with the setup pages). */
export const GOOGLE_ADS_LINKING_PATH = '/integrations/google-ads/linking';

export type CampaignTypePick = (typeof GOOGLE_CAMPAIGN_TYPES_PICKER)[number];

export interface ExclusionPeriod {
  from: string;
  to: string;
}

/**
 * GET /api/integrations/google-ads: the Google integration state. The same key as the linking pages'
 * read of it, so that linking and the channel pages share one cached answer.
 */
export function useGoogleAdsLinkState() {
  return useQuery({
    queryKey: [GOOGLE_ADS_STATE_ENDPOINT],
    queryFn: ({ signal }) => api.get(GOOGLE_ADS_STATE_ENDPOINT, { schema: zGoogleAdsState, signal }),
  });
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

/** GET /api/integrations/google-ads/exclusions: the exclusions of a section in the period. */
export function useExclusionEntries(section: GoogleAdsSection, period: ExclusionPeriod | undefined) {
  const query = period ? { section, from: period.from, to: period.to } : undefined;
  return useQuery({
    queryKey: [GOOGLE_ADS_EXCLUSIONS_ENDPOINT, query],
    queryFn: ({ signal }) =>
      api.get(GOOGLE_ADS_EXCLUSIONS_ENDPOINT, { schema: zExclusionEntries, signal, query }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}
