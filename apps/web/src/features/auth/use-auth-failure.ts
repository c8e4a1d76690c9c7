import { useCallback, useState } from 'react';
import { type To, useLocation, useNavigate } from 'react-router';
import { describeApiError, ERROR_MESSAGES, type ErrorContext } from '../../lib/api-errors';
import { withCurrentSearch } from '../../lib/navigation';

/** The query without some parameters, e.g. a one-time token that must not follow the user. */
export function searchWithout(search: string, drop: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const key of drop) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * navigate() of the auth screens: carries the query string over like every navigation (spec 01 §2),
 * minus the parameters that belong to the screen being left (tokens, hashes, one-time flags).
 */
export function useAuthNavigate() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (to: To, options: { drop?: readonly string[]; replace?: boolean } = {}) => {
      const kept = searchWithout(search, options.drop ?? []);
      void navigate(withCurrentSearch(to, kept), { replace: options.replace ?? false });
    },
    [navigate, search],
  );
}

/**
 * What an auth screen does with a failed call: follow the redirect the error catalogue names (403 on
 * login, 450), or show the catalogue's messages under the form.
 */
export function useAuthFailure(context: ErrorContext, drop: readonly string[] = []) {
  const navigate = useAuthNavigate();
  const [messages, setMessages] = useState<string[]>([]);
  const handle = useCallback(
    (error: unknown) => {
      const outcome = describeApiError(error, { context });
      if (outcome.kind === 'redirect') navigate(outcome.to, { drop });
      else setMessages(outcome.kind === 'message' ? outcome.messages : [ERROR_MESSAGES.noResponse]);
    },
    [context, drop, navigate],
  );
  const clear = useCallback(() => setMessages([]), []);
  return { messages, handle, clear };
}
