import { lazy, Suspense } from 'react';
import { Card } from '../../components/Card/Card';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { SkeletonRows } from '../../components/PageStates/PageStates';
import { PAGE_MODULES } from '../../page-modules';

/**
 * /intelligence/analytics, split from the main bundle: the table, the chart (Recharts) and the pickers
 * load with the page. The route renders at once (the guard and the shell do not wait for the code)
 * and shows the page's title and a skeleton until the code is there.
 */
const AnalyticsPage = lazy(async () => ({
  default: (await PAGE_MODULES.analytics.load()).AnalyticsPage,
}));

export function AnalyticsRoute() {
  return (
    <Suspense
      fallback={
        <div data-testid="analytics-page">
          <PageHeader title="Analytics" eyebrow="Intelligence" />
          <Card>
            <SkeletonRows rows={8} testId="analytics-loading" />
          </Card>
        </div>
      }
    >
      <AnalyticsPage />
    </Suspense>
  );
}
