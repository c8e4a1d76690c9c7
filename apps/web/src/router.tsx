import type { ViewId } from '@veracity/contracts/views';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { accountRoutes } from './features/account/account.routes';
import { adChannelRoutes } from './features/ad-channels/ad-channels.routes';
import { adWizardRoutes } from './features/ad-wizards/ad-wizards.routes';
import { publicRoutes } from './features/auth/auth.routes';
import { RouteErrorScreen } from './features/errors/RouteErrorScreen';
import { googleAdsChannelRoutes } from './features/google-ads/google-ads-channel.routes';
import { googleAdsSetupRoutes } from './features/google-ads/google-ads-setup.routes';
import { hubspotRoutes } from './features/hubspot/hubspot.routes';
import { SandboxLayout } from './features/sandbox/SandboxLayout';
import { setupRoutes } from './features/setup/setup.routes';
import { EntryPage } from './features/shell/EntryPage';
import { PrivateLayout } from './features/shell/PrivateLayout';
import { WelcomePage } from './features/welcome/WelcomePage';
import { PAGE_MODULES } from './page-modules';

/** What a route declares about itself: its view id (for gating) and its title. */
export interface RouteHandle {
  view?: ViewId;
  title: string;
  /** A self-service plan without the view sees the screen's upsell rather than a redirect. */
  upsell?: boolean;
}

/**
 * Private screens (spec 01 §2), rendered inside the navigation shell. Each feature issue adds its
 * routes here with a handle naming the view id; the rail then lists them.
 */
export const privateRoutes: RouteObject[] = [
  {
    path: PAGE_MODULES.overview.path,
    // Route-level code splitting: the overview and its chart library load with the route.
    ...lazyPage(PAGE_MODULES.overview.load, 'OverviewPage'),
    handle: { view: 'home', title: 'Overview' } satisfies RouteHandle,
  },
  {
    path: PAGE_MODULES.analytics.path,
    ...lazyPage(PAGE_MODULES.analytics.load, 'AnalyticsPage'),
    handle: { view: 'analytics', title: 'Analytics' } satisfies RouteHandle,
  },
  {
    path: PAGE_MODULES.performance.path,
    ...lazyPage(PAGE_MODULES.performance.load, 'PerformancePage'),
    // Pro and up have it; free and lite see what it would give (spec 02 §3 upsell flags).
    handle: { view: 'performance', title: 'Performance', upsell: true } satisfies RouteHandle,
  },
  {
    path: PAGE_MODULES.benchmark.path,
    ...lazyPage(PAGE_MODULES.benchmark.load, 'BenchmarkPage'),
    // Opt-in for flag-driven accounts (spec 01 §6): without the flag the rail leaves it out.
    handle: { view: 'benchmark', title: 'Benchmark' } satisfies RouteHandle,
  },
  {
    path: PAGE_MODULES.reports.path,
    ...lazyPage(PAGE_MODULES.reports.load, 'ReportsPage'),
    // Max has it; a self-service plan without it sees what it would get.
    handle: { view: 'reports', title: 'Reports', upsell: true } satisfies RouteHandle,
  },
  {
    path: PAGE_MODULES.forensics.path,
    ...lazyPage(PAGE_MODULES.forensics.load, 'SessionForensicsPage'),
    handle: { view: 'forensics', title: 'Session forensics', upsell: true } satisfies RouteHandle,
  },
  {
    path: PAGE_MODULES.conversions.path,
    ...lazyPage(PAGE_MODULES.conversions.load, 'ConversionsListPage'),
    handle: { view: 'conversions', title: 'Conversions list', upsell: true } satisfies RouteHandle,
  },
  {
    path: PAGE_MODULES.alerts.path,
    ...lazyPage(PAGE_MODULES.alerts.load, 'AlertsPage'),
    handle: { view: 'alerts', title: 'Alerts' } satisfies RouteHandle,
  },
  ...setupRoutes,
  ...googleAdsSetupRoutes,
  ...googleAdsChannelRoutes,
  ...adChannelRoutes,
  ...adWizardRoutes,
  ...hubspotRoutes,
  ...accountRoutes,
];

function RedirectToRoot() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/', search }} replace />;
}

function routePaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.path && !route.path.includes('*') ? [path] : [];
    return [...own, ...routePaths(route.children ?? [], path)];
  });
}

/** Gives every route the error screen, so a failure anywhere shows it (spec 01 §2). */
export function withErrorScreen(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? withErrorScreen(route.children) : undefined;
    if (route.index) return { ...route, errorElement: route.errorElement ?? <RouteErrorScreen /> };
    return {
      ...route,
      errorElement: route.errorElement ?? <RouteErrorScreen />,
      ...(children ? { children } : {}),
    };
  });
}

/**
 * Pages that load on demand: the sandbox (a catalogue for the team) and the heavier screens. When the
 * page's code cannot be fetched (a deploy replaced its chunk, the network dropped), the route's loader
 * throws the failure, so the route's error screen shows it: React Router keeps a route whose `lazy`
 * rejected as still loading and renders nothing in its place.
 */
function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      try {
        return { Component: (await load())[name] };
      } catch (error) {
        return {
          loader: () => {
            throw error;
          },
        };
      }
    },
  };
}

const sandboxRoutes: RouteObject[] = [
  {
    index: true,
    ...lazyPage(() => import('./features/sandbox/SandboxIndexPage'), 'SandboxIndexPage'),
    handle: { title: 'Component catalogue' },
  },
  {
    path: 'buttons',
    ...lazyPage(() => import('./features/sandbox/ButtonsPage'), 'ButtonsPage'),
    handle: { title: 'Buttons' },
  },
  {
    path: 'dropdowns',
    ...lazyPage(() => import('./features/sandbox/DropdownsPage'), 'DropdownsPage'),
    handle: { title: 'Dropdowns' },
  },
  {
    path: 'text',
    ...lazyPage(() => import('./features/sandbox/TextPage'), 'TextPage'),
    handle: { title: 'Text & tokens' },
  },
  {
    path: 'inputs',
    ...lazyPage(() => import('./features/sandbox/InputsPage'), 'InputsPage'),
    handle: { title: 'Inputs' },
  },
  {
    path: 'radio',
    ...lazyPage(() => import('./features/sandbox/InputsPage'), 'RadioPage'),
    handle: { title: 'Radio' },
  },
  {
    path: 'toggle',
    ...lazyPage(() => import('./features/sandbox/InputsPage'), 'TogglePage'),
    handle: { title: 'Toggle' },
  },
  {
    path: 'carousel',
    ...lazyPage(() => import('./features/sandbox/CarouselPage'), 'CarouselPage'),
    handle: { title: 'Carousel' },
  },
  {
    path: 'tooltip',
    ...lazyPage(() => import('./features/sandbox/TooltipPage'), 'TooltipPage'),
    handle: { title: 'Tooltip' },
  },
  {
    path: 'overlays',
    ...lazyPage(() => import('./features/sandbox/OverlaysPage'), 'OverlaysPage'),
    handle: { title: 'Overlays' },
  },
  {
    path: 'stepper',
    ...lazyPage(() => import('./features/sandbox/StepperPage'), 'StepperPage'),
    handle: { title: 'Stepper' },
  },
  {
    path: 'slide-panes',
    ...lazyPage(() => import('./features/sandbox/SlidePanesPage'), 'SlidePanesPage'),
    handle: { title: 'Slide panes' },
  },
  {
    path: 'report-filters',
    ...lazyPage(() => import('./features/sandbox/ReportFiltersPage'), 'ReportFiltersPage'),
    handle: { title: 'Report filters' },
  },
];

export const PRIVATE_PATHS: ReadonlySet<string> = new Set(routePaths(privateRoutes, ''));

/** Every route of the dashboard, in one place. */
export const routes: RouteObject[] = withErrorScreen([
  {
    path: '/',
    element: <Outlet />,
    children: [
      { index: true, element: <EntryPage />, handle: { title: 'Veracity' } },
      { path: 'loader', element: <EntryPage />, handle: { title: 'Veracity' } },
      { path: 'status', element: <WelcomePage />, handle: { title: 'Service status' } },
      ...publicRoutes,
      { path: 'sandbox', element: <SandboxLayout />, children: sandboxRoutes },
      {
        path: 'sandbox/shell/*',
        ...lazyPage(() => import('./features/sandbox/ShellPage'), 'ShellPage'),
        handle: { title: 'Navigation shell' },
      },
      { element: <PrivateLayout availablePaths={PRIVATE_PATHS} />, children: privateRoutes },
      { path: '*', element: <RedirectToRoot /> },
    ],
  },
]);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
