import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startConfiguredTagManager } from './features/client-config/tag-manager';
import { reactRootErrorOptions } from './features/error-reporting/react-root';
import { startErrorReporting } from './features/error-reporting/start-error-reporting';
import { prefetchSession } from './features/session/session.api';
import { readActiveRelationshipId, readToken } from './features/session/session-storage';
import { AppProviders, createQueryClient } from './providers';
import { createAppRouter } from './router';

/** The application: its router and query cache, rendered into the page's root element. */
export function renderApp(root: HTMLElement): void {
  const router = createAppRouter();
  const queryClient = createQueryClient();
  prefetchSession(queryClient, { token: readToken() !== null, account: readActiveRelationshipId() !== null });

  void startErrorReporting();
  void startConfiguredTagManager();
  createRoot(root, reactRootErrorOptions).render(
    <StrictMode>
      <AppProviders client={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
