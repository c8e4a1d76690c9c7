/**
 * The screens whose code loads on demand, with their addresses. The router declares them from here,
 * and the page's first script (main.tsx) starts loading the one its address names while the rest of
 * the application loads, rather than after it has run.
 */
export const PAGE_MODULES = {
  overview: {
    path: '/intelligence/overview',
    load: () => import('./features/intelligence/overview/OverviewPage'),
  },
  analytics: {
    path: '/intelligence/analytics',
    load: () => import('./features/intelligence/analytics/AnalyticsPage'),
  },
  alerts: {
    path: '/intelligence/reports/alerts',
    load: () => import('./features/intelligence/alerts/AlertsPage'),
  },
} as const;

/** Starts loading the code of the screen at `pathname`, if it is one that loads on demand. */
export function preloadPage(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = Object.values(PAGE_MODULES).find((entry) => entry.path === path);
  // A failure here is the router's to report, when it asks for the same module.
  void page?.load().catch(() => undefined);
}
