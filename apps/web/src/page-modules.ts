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
    /** The table's query, started as soon as the account is known (analytics-prefetch.ts). */
    prefetch: (search: string) =>
      import('./features/intelligence/analytics/analytics-prefetch').then((module) =>
        module.prefetchAnalytics(search),
      ),
  },
  performance: {
    path: '/intelligence/performance',
    load: () => import('./features/intelligence/performance/PerformancePage'),
  },
  benchmark: {
    path: '/intelligence/benchmark',
    load: () => import('./features/intelligence/benchmark/BenchmarkPage'),
  },
  forensics: {
    path: '/intelligence/reports/session-forensics',
    load: () => import('./features/intelligence/forensics/SessionForensicsPage'),
  },
  conversions: {
    path: '/intelligence/reports/conversions-list',
    load: () => import('./features/intelligence/conversions/ConversionsListPage'),
  },
  reports: {
    path: '/intelligence/reports/list',
    load: () => import('./features/intelligence/reports/ReportsPage'),
  },
  alerts: {
    path: '/intelligence/reports/alerts',
    load: () => import('./features/intelligence/alerts/AlertsPage'),
  },
} as const;

type PageModule = {
  path: string;
  load: () => Promise<unknown>;
  prefetch?: (search: string) => Promise<void>;
};

/**
 * Starts loading the code of the screen at the address, if it is one that loads on demand, and its
 * first query where it has one.
 */
export function preloadPage(location: Pick<Location, 'pathname' | 'search'>): void {
  const path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname;
  const page: PageModule | undefined = Object.values(PAGE_MODULES).find((entry) => entry.path === path);
  // A failure here is the router's (or the page's own query's) to report, when they ask again.
  void page?.load().catch(() => undefined);
  void page?.prefetch?.(location.search).catch(() => undefined);
}
