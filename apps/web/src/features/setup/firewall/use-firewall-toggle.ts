import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FirewallToggleBody } from '@veracity/contracts/firewall';
import { useShowApiError } from '../../../lib/use-api-feedback';

export type FirewallToggleField = 'active' | 'hidden';

interface Toggleable {
  id: number;
  active: boolean;
  hidden: boolean;
}

function replaceItem<T extends Toggleable>(list: T[] | undefined, item: T): T[] | undefined {
  return list?.map((entry) => (entry.id === item.id ? item : entry));
}

/**
 * The active and hidden toggles of a firewall list (spec 02 §4): PATCH with the flipped field; the
 * change shows at once, the server's reply replaces it, and on failure the previous item comes back
 * and the error is shown.
 */
export function useFirewallToggle<T extends Toggleable>(
  queryKey: QueryKey,
  patch: (id: number, body: FirewallToggleBody) => Promise<T>,
) {
  const queryClient = useQueryClient();
  const showError = useShowApiError();
  return useMutation({
    mutationFn: ({ item, field }: { item: T; field: FirewallToggleField }) =>
      patch(item.id, { [field]: !item[field] }),
    onMutate: async ({ item, field }) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<T[]>(queryKey, (list) =>
        replaceItem(list, { ...item, [field]: !item[field] }),
      );
      return { previous: item };
    },
    onSuccess: (reply) => {
      queryClient.setQueryData<T[]>(queryKey, (list) => replaceItem(list, reply));
    },
    onError: (error, _variables, context) => {
      if (context) queryClient.setQueryData<T[]>(queryKey, (list) => replaceItem(list, context.previous));
      showError(error);
    },
  });
}
