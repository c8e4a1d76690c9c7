import type { ViewId } from '@veracity/contracts/views';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { RouteErrorScreen } from './features/errors/RouteErrorScreen';
import { ButtonsPage } from './features/sandbox/ButtonsPage';
import { CarouselPage } from './features/sandbox/CarouselPage';
import { DropdownsPage } from './features/sandbox/DropdownsPage';
import { InputsPage, RadioPage, TogglePage } from './features/sandbox/InputsPage';
import { OverlaysPage } from './features/sandbox/OverlaysPage';
import { SandboxIndexPage } from './features/sandbox/SandboxIndexPage';
import { SandboxLayout } from './features/sandbox/SandboxLayout';
import { ShellPage } from './features/sandbox/ShellPage';
import { StepperPage } from './features/sandbox/StepperPage';
import { TextPage } from './features/sandbox/TextPage';
import { TooltipPage } from './features/sandbox/TooltipPage';
import { PrivateLayout } from './features/shell/PrivateLayout';
import { WelcomePage } from './features/welcome/WelcomePage';

/** What a route declares about itself: its view id (for gating) and its title. */
export interface RouteHandle {
  view?: ViewId;
  title: string;
}

/**
 * Private screens (spec 01 §2), rendered inside the navigation shell. Each feature issue adds its
 * routes here with a handle naming the view id; the rail then lists them.
 */
export const privateRoutes: RouteObject[] = [];

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

const sandboxRoutes: RouteObject[] = [
  { index: true, element: <SandboxIndexPage />, handle: { title: 'Component catalogue' } },
  { path: 'buttons', element: <ButtonsPage />, handle: { title: 'Buttons' } },
  { path: 'dropdowns', element: <DropdownsPage />, handle: { title: 'Dropdowns' } },
  { path: 'text', element: <TextPage />, handle: { title: 'Text & tokens' } },
  { path: 'inputs', element: <InputsPage />, handle: { title: 'Inputs' } },
  { path: 'radio', element: <RadioPage />, handle: { title: 'Radio' } },
  { path: 'toggle', element: <TogglePage />, handle: { title: 'Toggle' } },
  { path: 'carousel', element: <CarouselPage />, handle: { title: 'Carousel' } },
  { path: 'tooltip', element: <TooltipPage />, handle: { title: 'Tooltip' } },
  { path: 'overlays', element: <OverlaysPage />, handle: { title: 'Overlays' } },
  { path: 'stepper', element: <StepperPage />, handle: { title: 'Stepper' } },
];

export const PRIVATE_PATHS: ReadonlySet<string> = new Set(routePaths(privateRoutes, ''));

/** Every route of the dashboard, in one place. */
export const routes: RouteObject[] = withErrorScreen([
  {
    path: '/',
    element: <Outlet />,
    children: [
      { index: true, element: <WelcomePage />, handle: { title: 'Veracity' } },
      { path: 'sandbox', element: <SandboxLayout />, children: sandboxRoutes },
      { path: 'sandbox/shell/*', element: <ShellPage />, handle: { title: 'Navigation shell' } },
      { element: <PrivateLayout availablePaths={PRIVATE_PATHS} />, children: privateRoutes },
      { path: '*', element: <RedirectToRoot /> },
    ],
  },
]);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
