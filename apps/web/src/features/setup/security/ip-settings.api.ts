import { useQuery } from '@tanstack/react-query';
import { zIpList } from '@veracity/contracts/account';
import { type TrafficIpListUpdate, zIpExclusionLists } from '@veracity/contracts/ip-settings';
import { api } from '../../../lib/api-client';

/** The IP settings screen's calls: the traffic IP lists and the dynamic IP exclusion lists. */

export type IpList = ReturnType<typeof zIpList.parse>;
export type IpExclusionLists = ReturnType<typeof zIpExclusionLists.parse>;

/** The two traffic lists; their paths are the ones existing clients call. */
export type TrafficIpList = 'whitelist' | 'blacklist';
export const ipListPath = (list: TrafficIpList) => `/me/ip-${list}` as const;
export const ipListQueryKey = (list: TrafficIpList) => [ipListPath(list)] as const;
export const IP_EXCLUSION_LISTS_PATH = '/security/ip-lists';
export const ipExclusionListsQueryKey = [IP_EXCLUSION_LISTS_PATH] as const;

export function useTrafficIpList(list: TrafficIpList) {
  return useQuery({
    queryKey: ipListQueryKey(list),
    queryFn: () => api.get(ipListPath(list), { schema: zIpList }),
  });
}

/** POST replaces the whole list. */
export function replaceTrafficIpList(list: TrafficIpList, body: TrafficIpListUpdate) {
  return api.post(ipListPath(list), body, { schema: zIpList });
}

export function useIpExclusionLists() {
  return useQuery({
    queryKey: ipExclusionListsQueryKey,
    queryFn: () => api.get(IP_EXCLUSION_LISTS_PATH, { schema: zIpExclusionLists }),
  });
}
