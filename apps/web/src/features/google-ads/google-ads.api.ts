import { type QueryClient, useQueries, useQuery } from '@tanstack/react-query';
import {
  type GoogleAdsSection,
  type GoogleAdsState,
  zExclusionEntry,
  zExclusionLogLine,
  zGlobalIntelligenceEntry,
  zGoogleAdsConnectAnswer,
  type zGoogleAdsSettingsPatch,
  zGoogleAdsState,
  zGoogleAdsSyncAnswer,
  zNeverExcludeEntry,
} from '@veracity/contracts/google-ads';
import { api } from '../../lib/api-client';

/** The Google Ads setup calls (docs/api.md "Google Ads"), each answer parsed with the contracts' schema. */

export const GOOGLE_ADS_PATH = '/integrations/google-ads';
export type GoogleAdsSettingsPatch = ReturnType<typeof zGoogleAdsSettingsPatch.parse>;
export type ExclusionListSection = GoogleAdsSection | 'account';

export const googleAdsStateKey = [GOOGLE_ADS_PATH] as const;
export const neverExcludeKey = [`${GOOGLE_ADS_PATH}/never-exclude`] as const;
export const exclusionsKey = [`${GOOGLE_ADS_PATH}/exclusions`] as const;
export const exclusionLogKey = [`${GOOGLE_ADS_PATH}/exclusion-log`] as const;
export const globalIntelligenceKey = [`${GOOGLE_ADS_PATH}/global-intelligence`] as const;

const zNeverExcludeList = zNeverExcludeEntry.array();
const zExclusionList = zExclusionEntry.array();
const zExclusionLog = zExclusionLogLine.array();
const zGlobalIntelligence = zGlobalIntelligenceEntry.array();

/**
 * GET /api/integrations/google-ads: the Google integration state, the one read of it that the linking,
 * settings and channel pages share (one key, one cached answer).
 */
export function useGoogleAdsState() {
  return useQuery({
    queryKey: googleAdsStateKey,
    queryFn: ({ signal }) => api.get(GOOGLE_ADS_PATH, { schema: zGoogleAdsState, signal }),
  });
}

/** Writes that answer with the new state put it in the cache, so every screen shows it at once. */
export function storeState(client: QueryClient, state: GoogleAdsState): void {
  client.setQueryData(googleAdsStateKey, state);
}

export function connectGoogleAds(returnPath: string) {
  return api.post(`${GOOGLE_ADS_PATH}/connect`, { returnPath }, { schema: zGoogleAdsConnectAnswer });
}

export function refreshGoogleAds() {
  return api.post(`${GOOGLE_ADS_PATH}/refresh`, undefined, { schema: zGoogleAdsState });
}

export function saveProtectedAccounts(customerIds: readonly string[]) {
  return api.put(`${GOOGLE_ADS_PATH}/accounts`, { customerIds }, { schema: zGoogleAdsState });
}

export function updateGoogleAdsSettings(patch: GoogleAdsSettingsPatch) {
  return api.patch(`${GOOGLE_ADS_PATH}/settings`, patch, { schema: zGoogleAdsState });
}

/** apply: set the ValueTrack template on the active accounts; false: keep one's own (skipTT). */
export function setTrackingTemplate(apply: boolean) {
  return api.post(`${GOOGLE_ADS_PATH}/tracking-template`, { apply }, { schema: zGoogleAdsState });
}

/** Runs the exclusion sync for this account now: the state and what the run did. */
export function syncGoogleAds() {
  return api.post(`${GOOGLE_ADS_PATH}/sync`, undefined, { schema: zGoogleAdsSyncAnswer });
}

/** Revokes the access at Google and deletes the tokens and the account and campaign lists. */
export function unlinkGoogleAds() {
  return api.delete(GOOGLE_ADS_PATH);
}

export function useNeverExclude(enabled = true) {
  return useQuery({
    queryKey: neverExcludeKey,
    queryFn: () => api.get(`${GOOGLE_ADS_PATH}/never-exclude`, { schema: zNeverExcludeList }),
    enabled,
  });
}

export function addNeverExclude(body: { cidr: string; note: string }) {
  return api.post(`${GOOGLE_ADS_PATH}/never-exclude`, body, { schema: zNeverExcludeEntry });
}

export function deleteNeverExclude(id: number) {
  return api.delete(`${GOOGLE_ADS_PATH}/never-exclude/${id}`);
}

/** GET /api/integrations/google-ads/exclusions: the exclusions of one section added within the range (YYYY-MM-DD). */
export function exclusionsQuery(section: ExclusionListSection, from: string, to: string) {
  return {
    queryKey: [...exclusionsKey, { section, from, to }],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get(`${GOOGLE_ADS_PATH}/exclusions`, {
        query: { section, from, to },
        schema: zExclusionList,
        signal,
      }),
  };
}

/** The exclusions of several sections at once, one query each. */
export function useExclusionLists(sections: readonly ExclusionListSection[], from: string, to: string) {
  return useQueries({ queries: sections.map((section) => exclusionsQuery(section, from, to)) });
}

export function useExclusionLog(limit: number, enabled = true) {
  return useQuery({
    queryKey: [...exclusionLogKey, { limit }],
    queryFn: () => api.get(`${GOOGLE_ADS_PATH}/exclusion-log`, { query: { limit }, schema: zExclusionLog }),
    enabled,
  });
}

export function useGlobalIntelligence(enabled = true) {
  return useQuery({
    queryKey: globalIntelligenceKey,
    queryFn: () => api.get(`${GOOGLE_ADS_PATH}/global-intelligence`, { schema: zGlobalIntelligence }),
    enabled,
  });
}
