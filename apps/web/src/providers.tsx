import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ERROR_KEYS } from '@veracity/contracts/errors';
import type { ReactNode } from 'react';
import { NotificationProvider } from './components/Notifications/NotificationProvider';
import { isLeavingAccount, leaveInactiveAccount } from './features/auth/use-select-relationship';
import { isReportableFailure } from './features/error-reporting/failed-calls';
import { reportError } from './features/error-reporting/report-error';
import { clearSession } from './features/session/session-storage';
import { isApiError } from './lib/api-client';
import { describeApiError } from './lib/api-errors';

/**
 * A 401 outside the auth pages logs the user out and goes to the root (spec 01 §4). Auth screens
 * call the API with their own context and handle 401 themselves, so they pass meta.authScreen.
 */
export function logOutOnUnauthorized(
  error: unknown,
  leave: () => void = () => window.location.assign('/'),
): boolean {
  if (describeApiError(error).kind !== 'logout') return false;
  clearSession();
  leave();
  return true;
}

/** An account call refused because the open account became inactive (a failed payment). */
export function isInactiveAccount(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.body === ERROR_KEYS.NO_ACTIVE_ACCOUNT;
}

function onError(error: unknown, meta: Record<string, unknown> | undefined, call: 'query' | 'mutation') {
  // Failed calls go to error tracking (spec 02 §8), the auth screens' included, unless expected.
  if (isReportableFailure(error, call)) reportError(error, { kind: call });
  if (meta?.authScreen === true) return;
  if (isLeavingAccount()) return;
  if (isInactiveAccount(error)) {
    void leaveInactiveAccount();
    return;
  }
  logOutOnUnauthorized(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta, 'query') }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta, 'mutation'),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Errors with an answer (4xx, 5xx) are final; only a lost request is worth one more try.
        retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.status === null,
      },
    },
  });
}

/** Server data (TanStack Query) and notifications, around the router. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <NotificationProvider>{children}</NotificationProvider>
    </QueryClientProvider>
  );
}
