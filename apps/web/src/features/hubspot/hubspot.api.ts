import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type HubspotState, zHubspotState } from '@veracity/contracts/hubspot';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import type { DateRange } from '../../lib/date-ranges';

/** The HubSpot calls (docs/api.md "HubSpot"), every answer parsed with the contracts' schema. */
export const HUBSPOT_PATH = '/integrations/hubspot';
export const HUBSPOT_PAGE = '/integrations/hubspot';

const query = (range: DateRange) => `?from=${range.from}&to=${range.to}`;

export function useHubspotState(range: DateRange | undefined) {
  return useQuery({
    queryKey: [HUBSPOT_PATH, range],
    queryFn: ({ signal }) =>
      api.get(`${HUBSPOT_PATH}${query(range as DateRange)}`, { schema: zHubspotState, signal }),
    enabled: range !== undefined,
  });
}

/** The consent page's address: the browser goes there, and comes back to the HubSpot page. */
export function connectHubspot() {
  return api.post(
    `${HUBSPOT_PATH}/connect`,
    { returnPath: HUBSPOT_PAGE },
    { schema: z.object({ url: z.string() }) },
  );
}

export function useHubspotDisconnect(range: DateRange | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`${HUBSPOT_PATH}${query(range as DateRange)}`, { schema: zHubspotState }),
    onSuccess: (state: HubspotState) => client.setQueryData([HUBSPOT_PATH, range], state),
  });
}
