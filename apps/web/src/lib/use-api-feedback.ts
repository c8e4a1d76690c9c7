import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../components/Notifications/use-notify';
import { isApiError } from './api-client';
import { describeApiError } from './api-errors';

/**
 * Shows a failed call the way the error catalogue says (spec 01 §8): messages as a notification,
 * redirects followed. A 401 is handled once for the whole app by the query client.
 */
export function useShowApiError(): (error: unknown) => void {
  const notify = useNotify();
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      const outcome = describeApiError(error);
      if (outcome.kind === 'message') notify({ level: outcome.level, message: outcome.messages });
      else if (outcome.kind === 'redirect') void navigate(outcome.to);
    },
    [notify, navigate],
  );
}

export const GONE_MESSAGE = 'This item no longer exists. The list now shows the current state.';

interface AccountMutationOptions<TVariables, TResult> {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** Lists reloaded after the change. */
  invalidate: readonly QueryKey[];
  /** The success notification. */
  success: string | ((result: TResult, variables: TVariables) => string);
  onSuccess?: (result: TResult, variables: TVariables) => void;
}

/** A write with the screens' common feedback: success notification, reloaded lists, catalogued errors. */
export function useAccountMutation<TVariables, TResult>({
  mutationFn,
  invalidate,
  success,
  onSuccess,
}: AccountMutationOptions<TVariables, TResult>) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const showError = useShowApiError();
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      notify.success(typeof success === 'string' ? success : success(result, variables));
      onSuccess?.(result, variables);
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: async (error) => {
      // A 404 on a write means someone else removed the item: say so and show the current list.
      if (isApiError(error) && error.status === HTTP_STATUS.NOT_FOUND) {
        notify.error(GONE_MESSAGE);
        await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        return;
      }
      showError(error);
    },
  });
}
