import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotificationProvider } from './components/Notifications/NotificationProvider';
import { isApiError } from './lib/api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
