import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AD_CHANNEL_SEGMENTS,
  type AdChannel,
  type AdChannelState,
  zAdChannelConnectAnswer,
  zAdChannelState,
  zMicrosoftIpPasteList,
} from '@veracity/contracts/ad-channels';
import { api } from '../../lib/api-client';

/**
 * The Meta, Microsoft and TikTok linking calls (docs/api.md "Ad channels"): one route set a channel
 * under /api/integrations/<segment>, every answer parsed with the contracts' schema. Writes answer
 * with the new state, which goes straight into the cache.
 */

export const adChannelPath = (channel: AdChannel) => `/integrations/${AD_CHANNEL_SEGMENTS[channel]}`;
export const adChannelStateKey = (channel: AdChannel) => [adChannelPath(channel)] as const;
export const MICROSOFT_IP_PASTE_PATH = `${adChannelPath('microsoft')}/ip-exclusions`;

export function useAdChannelState(channel: AdChannel, enabled = true) {
  return useQuery({
    queryKey: adChannelStateKey(channel),
    queryFn: ({ signal }) => api.get(adChannelPath(channel), { schema: zAdChannelState, signal }),
    enabled,
  });
}

function storeState(client: QueryClient, state: AdChannelState): void {
  client.setQueryData(adChannelStateKey(state.channel), state);
}

/** The consent page's address: the browser goes there, and comes back to `returnPath`. */
export function connectAdChannel(channel: AdChannel, returnPath: string) {
  return api.post(`${adChannelPath(channel)}/connect`, { returnPath }, { schema: zAdChannelConnectAnswer });
}

export type AdChannelWrite =
  | { kind: 'account'; accountId: string }
  | { kind: 'exclusions'; targetIds: string[] }
  | { kind: 'sync' }
  | { kind: 'disconnect' };

function write(channel: AdChannel, change: AdChannelWrite): Promise<AdChannelState> {
  const path = adChannelPath(channel);
  const schema = { schema: zAdChannelState };
  switch (change.kind) {
    case 'account':
      return api.put(`${path}/account`, { accountId: change.accountId }, schema);
    case 'exclusions':
      return api.put(`${path}/exclusions`, { targetIds: change.targetIds }, schema);
    case 'sync':
      return api.post(`${path}/sync`, undefined, schema);
    case 'disconnect':
      return api.delete(path, schema);
  }
}

/** Every write of a channel's linking, the answer's state put in the cache. */
export function useAdChannelWrite(channel: AdChannel) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AdChannelWrite) => write(channel, change),
    onSuccess: (state) => storeState(client, state),
  });
}

/** Microsoft only: the invalid IPv4 addresses to paste into a campaign's IP exclusions. */
export function useMicrosoftIpPaste(wildcard: boolean, enabled: boolean) {
  return useQuery({
    queryKey: [MICROSOFT_IP_PASTE_PATH, { wildcard }],
    queryFn: ({ signal }) =>
      api.get(MICROSOFT_IP_PASTE_PATH, {
        query: { wildcard: String(wildcard) },
        schema: zMicrosoftIpPasteList,
        signal,
      }),
    enabled,
  });
}
