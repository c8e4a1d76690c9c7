import { useQuery } from '@tanstack/react-query';
import {
  type Campaign,
  type CampaignCreateBody,
  type CampaignUpdateBody,
  s2sDownloadFileName,
  zCampaign,
  zCampaigns,
} from '@veracity/contracts/campaigns';
import { api } from '../../lib/api-client';

export const s2sCampaignsQueryKey = ['/sensors/s2s'] as const;

export function useS2sCampaigns(enabled = true) {
  return useQuery({
    queryKey: s2sCampaignsQueryKey,
    queryFn: () => api.get('/sensors/s2s', { schema: zCampaigns }),
    enabled,
  });
}

export function createS2sCampaign(body: CampaignCreateBody): Promise<Campaign> {
  return api.post('/sensors/s2s', body, { schema: zCampaign });
}

export function updateS2sCampaign(id: number, body: CampaignUpdateBody): Promise<Campaign> {
  return api.put(`/sensors/s2s/${id}`, body, { schema: zCampaign });
}

/**
 * The JSON download (spec 02 §7): the list fetched with Accept: application/json and saved as
 * s2s-campaigns-<YYYYMMDD-HHmmss>.json. Answers how many campaigns the file holds.
 */
export async function downloadS2sCampaigns(now = new Date()): Promise<number> {
  const campaigns = await api.get('/sensors/s2s', {
    schema: zCampaigns,
    headers: { Accept: 'application/json' },
  });
  if (campaigns.length === 0) return 0;
  const blob = new Blob([`${JSON.stringify(campaigns, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = s2sDownloadFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick, once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return campaigns.length;
}
