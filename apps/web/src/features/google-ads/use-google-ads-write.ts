import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoogleAdsState } from '@veracity/contracts/google-ads';
import { useNotify } from '../../components/Notifications/use-notify';
import { useShowApiError } from '../../lib/use-api-feedback';
import { storeState } from './google-ads.api';

/**
 * A write that answers with the Google integration state: the state replaces the cached one, the
 * success is said, and a failure shows through the error catalogue (418 demo, 403 permission).
 */
export function useGoogleAdsWrite<TVariables>(
  mutationFn: (variables: TVariables) => Promise<GoogleAdsState>,
  success: string | ((variables: TVariables) => string),
) {
  const client = useQueryClient();
  const notify = useNotify();
  const showError = useShowApiError();
  return useMutation({
    mutationFn,
    onSuccess: (state, variables) => {
      storeState(client, state);
      notify.success(typeof success === 'string' ? success : success(variables));
    },
    onError: showError,
  });
}
