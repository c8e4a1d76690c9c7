import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_ERROR_MESSAGE } from './features/errors/RouteErrorScreen';
import { AppProviders, createQueryClient } from './providers';
import { routes, withErrorScreen } from './router';

const health = {
  status: 'degraded',
  version: '0.1.0',
  uptimeSeconds: 3725,
  stores: [
    { name: 'oltp', kind: 'sqlite', status: 'up', latencyMs: 1.4 },
    { name: 'events', kind: 'duckdb', status: 'down', detail: 'file locked' },
  ],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(health), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderApp(path: string, appRoutes: RouteObject[] = routes) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Location />
            <Outlet />
          </>
        ),
        children: appRoutes,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function CrashingScreen(): never {
  throw new Error('boom');
}

describe('router', () => {
  it('shows the service status page at /status with the status of each store from GET /api/health', async () => {
    renderApp('/status');
    expect(screen.getByTestId('welcome')).toBeTruthy();
    const table = await screen.findByTestId('health-stores');
    expect(within(table).getByTestId('store-oltp').textContent).toContain('sqlite');
    expect(within(table).getByTestId('store-oltp').textContent).toContain('Up');
    expect(within(table).getByTestId('store-oltp').textContent).toContain('1 ms');
    expect(within(table).getByTestId('store-events').textContent).toContain('Down');
    expect(screen.getByTestId('health-status').textContent).toContain('Degraded');
  });

  it('redirects an unknown path to the root, which the guard sends to the login without a session', async () => {
    renderApp('/no/such/page?relationship=7');
    expect(await screen.findByTestId('auth-login')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/auth/login?relationship=7');
  });

  it.each([
    ['/sandbox', 'sandbox-index'],
    ['/sandbox/buttons', 'sandbox-buttons'],
    ['/sandbox/dropdowns', 'sandbox-dropdowns'],
    ['/sandbox/text', 'sandbox-text'],
    ['/sandbox/inputs', 'sandbox-inputs'],
    ['/sandbox/radio', 'sandbox-radio'],
    ['/sandbox/toggle', 'sandbox-toggle'],
    ['/sandbox/carousel', 'sandbox-carousel'],
    ['/sandbox/tooltip', 'sandbox-tooltip'],
    ['/sandbox/overlays', 'sandbox-overlays'],
    ['/sandbox/stepper', 'sandbox-stepper'],
    ['/sandbox/slide-panes', 'sandbox-slide-panes'],
    ['/sandbox/report-filters', 'sandbox-report-filters'],
    ['/sandbox/shell/intelligence/overview', 'sandbox-shell'],
  ])('renders %s', async (path, testId) => {
    renderApp(path);
    expect(await screen.findByTestId(testId)).toBeTruthy();
  });

  it('keeps the query string when moving between sandbox pages', async () => {
    renderApp('/sandbox?from=2024-01-01');
    await userEvent.click(await screen.findByTestId('sandbox-link-buttons'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/sandbox/buttons?from=2024-01-01'),
    );
  });

  it('lists the four sections in the shell demo and highlights the current screen', async () => {
    renderApp('/sandbox/shell/intelligence/overview');
    await screen.findAllByTestId('nav-section-intelligence');
    for (const section of ['intelligence', 'setup', 'integrations', 'account']) {
      expect(screen.getAllByTestId(`nav-section-${section}`).length).toBeGreaterThan(0);
    }
    await userEvent.click(screen.getAllByRole('link', { name: 'Analytics' })[0] as HTMLElement);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Analytics');
    expect(screen.getAllByRole('link', { name: 'Analytics' })[0]?.getAttribute('aria-current')).toBe('page');
  });

  it('shows the error screen text when a screen crashes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = withErrorScreen([
      {
        path: '/',
        children: [
          {
            path: 'crash',
            Component: CrashingScreen,
          },
        ],
      },
    ]);
    renderApp('/crash', failing);
    expect(screen.getByTestId('route-error').textContent).toContain(ROUTE_ERROR_MESSAGE);
    expect(screen.queryByTestId('route-error-status')).toBeNull();
  });

  it('shows status and status text for a thrown response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = withErrorScreen([
      {
        path: '/response',
        loader: () => {
          throw new Response('missing', { status: 404, statusText: 'Not Found' });
        },
        element: <p>never</p>,
      },
    ]);
    renderApp('/response', failing);
    expect((await screen.findByTestId('route-error-status')).textContent).toContain('404 Not Found');
    expect(screen.getByTestId('route-error').textContent).toContain(ROUTE_ERROR_MESSAGE);
  });

  it('gives every route an error screen', () => {
    const missing: string[] = [];
    const visit = (list: RouteObject[]) => {
      for (const route of list) {
        if (!route.errorElement) missing.push(route.path ?? '(layout)');
        if (route.children) visit(route.children);
      }
    };
    visit(routes);
    expect(missing).toEqual([]);
  });
});
