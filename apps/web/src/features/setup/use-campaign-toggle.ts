import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign } from '@veracity/contracts/campaigns';
import { useShowApiError } from '../../lib/use-api-feedback';
import { s2sCampaignsQueryKey, updateS2sCampaign } from './s2s-campaigns.api';

export type CampaignToggle = 'active' | 'hidden';

interface ToggleVariables {
  campaign: Campaign;
  field: CampaignToggle;
}

function replaceItem(list: Campaign[] | undefined, item: Campaign): Campaign[] | undefined {
  return list?.map((campaign) => (campaign.id === item.id ? item : campaign));
}

/**
 * The active and hidden toggles (spec 02 §4): the change shows at once, the server's reply replaces it
 * when it differs, and on failure the previous item comes back and the error is shown.
 */
export function useCampaignToggle() {
  const queryClient = useQueryClient();
  const showError = useShowApiError();
  return useMutation({
    mutationFn: ({ campaign, field }: ToggleVariables) =>
      updateS2sCampaign(campaign.id, { [field]: !campaign[field] }),
    onMutate: async ({ campaign, field }: ToggleVariables) => {
      await queryClient.cancelQueries({ queryKey: s2sCampaignsQueryKey });
      queryClient.setQueryData<Campaign[]>(s2sCampaignsQueryKey, (list) =>
        replaceItem(list, { ...campaign, [field]: !campaign[field] }),
      );
      return { previous: campaign };
    },
    onSuccess: (reply) => {
      queryClient.setQueryData<Campaign[]>(s2sCampaignsQueryKey, (list) => replaceItem(list, reply));
    },
    onError: (error, _variables, context) => {
      if (context) {
        queryClient.setQueryData<Campaign[]>(s2sCampaignsQueryKey, (list) =>
          replaceItem(list, context.previous),
        );
      }
      showError(error);
    },
  });
}
