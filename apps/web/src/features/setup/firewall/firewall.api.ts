import { useQuery } from '@tanstack/react-query';
import { exportFileName } from '@veracity/contracts/csv';
import { REQUEST_ID_HEADER } from '@veracity/contracts/errors';
import {
  FIREWALL_CSV_SUFFIXES,
  type FirewallCampaign,
  type FirewallCampaignCreateBody,
  type FirewallCampaignUpdateBody,
  type FirewallToggleBody,
  type Offer,
  type OfferCreateBody,
  type OfferUpdateBody,
  type TrafficSource,
  type TrafficSourceCreateBody,
  type TrafficSourceUpdateBody,
  zFirewallCampaign,
  zFirewallCampaigns,
  zOffer,
  zOffers,
  zTrafficSource,
  zTrafficSources,
} from '@veracity/contracts/firewall';
import { REQUEST_TIMEOUT_MS } from '@veracity/contracts/storage-keys';
import { ApiError, api, apiUrl } from '../../../lib/api-client';
import { readSessionToken } from '../../../lib/session-token';
import { saveFile } from '../../intelligence/analytics/analytics.api';

/** The firewall's dashboard calls (spec 02 §7, docs/api.md "Firewall"), keyed by endpoint. */

export const CAMPAIGNS_PATH = '/sensors/firewall';
export const OFFERS_PATH = '/sensors/firewall/offers';
export const TRAFFIC_SOURCES_PATH = '/sensors/firewall/trafficsources';

export const firewallCampaignsQueryKey = [CAMPAIGNS_PATH] as const;
export const offersQueryKey = [OFFERS_PATH] as const;
export const trafficSourcesQueryKey = [TRAFFIC_SOURCES_PATH] as const;

export function useFirewallCampaigns(enabled = true) {
  return useQuery({
    queryKey: firewallCampaignsQueryKey,
    queryFn: ({ signal }) => api.get(CAMPAIGNS_PATH, { schema: zFirewallCampaigns, signal }),
    enabled,
  });
}

export function useOffers(enabled = true) {
  return useQuery({
    queryKey: offersQueryKey,
    queryFn: ({ signal }) => api.get(OFFERS_PATH, { schema: zOffers, signal }),
    enabled,
  });
}

export function useTrafficSources(enabled = true) {
  return useQuery({
    queryKey: trafficSourcesQueryKey,
    queryFn: ({ signal }) => api.get(TRAFFIC_SOURCES_PATH, { schema: zTrafficSources, signal }),
    enabled,
  });
}

export const createFirewallCampaign = (body: FirewallCampaignCreateBody): Promise<FirewallCampaign> =>
  api.post(CAMPAIGNS_PATH, body, { schema: zFirewallCampaign });
export const updateFirewallCampaign = (
  id: number,
  body: FirewallCampaignUpdateBody,
): Promise<FirewallCampaign> => api.put(`${CAMPAIGNS_PATH}/${id}`, body, { schema: zFirewallCampaign });
export const toggleFirewallCampaign = (id: number, body: FirewallToggleBody): Promise<FirewallCampaign> =>
  api.patch(`${CAMPAIGNS_PATH}/${id}`, body, { schema: zFirewallCampaign });

export const createOffer = (body: OfferCreateBody): Promise<Offer> =>
  api.post(OFFERS_PATH, body, { schema: zOffer });
export const updateOffer = (id: number, body: OfferUpdateBody): Promise<Offer> =>
  api.put(`${OFFERS_PATH}/${id}`, body, { schema: zOffer });
export const toggleOffer = (id: number, body: FirewallToggleBody): Promise<Offer> =>
  api.patch(`${OFFERS_PATH}/${id}`, body, { schema: zOffer });

export const createTrafficSource = (body: TrafficSourceCreateBody): Promise<TrafficSource> =>
  api.post(TRAFFIC_SOURCES_PATH, body, { schema: zTrafficSource });
export const updateTrafficSource = (id: number, body: TrafficSourceUpdateBody): Promise<TrafficSource> =>
  api.put(`${TRAFFIC_SOURCES_PATH}/${id}`, body, { schema: zTrafficSource });
export const toggleTrafficSource = (id: number, body: FirewallToggleBody): Promise<TrafficSource> =>
  api.patch(`${TRAFFIC_SOURCES_PATH}/${id}`, body, { schema: zTrafficSource });

/** GET /sensors/firewall/{id}/tag: the campaign's JS tag, text to paste into a page's head. */
export function useCampaignTag(campaignId: number) {
  return useQuery({
    queryKey: [`${CAMPAIGNS_PATH}/${campaignId}/tag`],
    queryFn: ({ signal }) =>
      api.get(`${CAMPAIGNS_PATH}/${campaignId}/tag`, { signal, headers: { Accept: 'text/plain' } }),
    select: (answer) => String(answer ?? ''),
  });
}

export type FirewallList = keyof typeof FIREWALL_CSV_SUFFIXES;

/** Where each list's CSV comes from: the campaigns have their own path, offers and sources answer CSV. */
export const CSV_PATHS: Record<FirewallList, string> = {
  campaigns: `${CAMPAIGNS_PATH}/csv`,
  offers: OFFERS_PATH,
  trafficSources: TRAFFIC_SOURCES_PATH,
};

async function failure(response: Response, url: string): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a text answer stays text
  }
  return new ApiError({
    failure: 'http',
    status: response.status,
    body,
    requestId: response.headers.get(REQUEST_ID_HEADER),
    method: 'GET',
    url,
  });
}

/**
 * A list's CSV download (Accept: text/csv), saved as `<YYYYMMDD-HHmmss>-<suffix>.csv` (spec 02 §9).
 * Answers false when the server had nothing to export (204: the screen says "No content").
 */
export async function downloadFirewallCsv(list: FirewallList, now = new Date()): Promise<boolean> {
  const url = apiUrl(CSV_PATHS[list]);
  const headers: Record<string, string> = { Accept: 'text/csv' };
  const token = readSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (cause) {
    const timeout = cause instanceof DOMException && cause.name === 'TimeoutError';
    throw new ApiError({ failure: timeout ? 'timeout' : 'network', status: null, method: 'GET', url, cause });
  }
  if (response.status === 204) return false;
  if (!response.ok) throw await failure(response, url);
  saveFile({ fileName: exportFileName(now, FIREWALL_CSV_SUFFIXES[list]), blob: await response.blob() });
  return true;
}
