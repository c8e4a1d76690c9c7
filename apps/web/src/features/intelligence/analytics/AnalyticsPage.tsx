import type { Me } from '@veracity/contracts/account';
import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { DimensionValue } from '@veracity/contracts/analytics/query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/Button/Button';
import { Card } from '../../../components/Card/Card';
import { DateRangePicker } from '../../../components/DateRangePicker/DateRangePicker';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { type DateRange, rangeOfDates, saveSectionRange, todayIn } from '../../../lib/date-ranges';

import { formatNumber } from '../../../lib/format';
import { useNavigateWithSearch } from '../../../lib/navigation';
import { termsOf } from '../../../lib/terms';
import {
  type AnalyticsState,
  applyDimensions,
  applyFilters,
  applyMetrics,
  applyPage,
  applyRange,
  applyThreatConv,
  clearFilters,
  parseAnalyticsState,
  removeFilter,
  serializeAnalyticsState,
  toggleExpanded,
  toggleSort,
  toggleThreats,
} from '../../../lib/url-state';
import { useSettings } from '../../account/account.api';
import { INTEGRATION_PATH } from '../../session/base-route';
import { canView, useMe } from '../../session/session.api';
import { ActiveFilters } from './ActiveFilters';
import { AnalyticsChart } from './AnalyticsChart';
import styles from './AnalyticsPage.module.css';
import { AnalyticsTable } from './AnalyticsTable';
import {
  ANALYTICS_PAGE_SIZE,
  exportAnalyticsCsv,
  exportBody,
  useAnalyticsThreats,
  useAnalyticsTree,
  useFirewallNames,
} from './analytics.api';
import { accountTimeZone, analyticsUrlContext } from './analytics-context';
import { DimensionPicker } from './DimensionPicker';
import { dimensionValueLabel, filterDimension } from './dimension-values';
import { ExportCsvButton } from './ExportCsvButton';
import { MetricPicker } from './MetricPicker';
import { ReportFiltersSlot } from './ReportFiltersSlot';
import { RowVisits } from './RowVisits';
import { ThreatBreakdown } from './ThreatBreakdown';

/** /intelligence/analytics: waits for the account (plan, zone, currency), then the page. */
export function AnalyticsPage() {
  const me = useMe();
  const settings = useSettings();
  const loading = me.isPending || (settings.isPending && !settings.isError);
  return (
    <div className={styles.page} data-testid="analytics-page">
      {loading ? (
        <>
          <PageHeader title="Analytics" eyebrow="Intelligence" />
          <Card>
            <SkeletonRows rows={8} testId="analytics-loading" />
          </Card>
        </>
      ) : me.isError ? (
        <>
          <PageHeader title="Analytics" eyebrow="Intelligence" />
          <Card>
            <LoadError error={me.error} onRetry={() => void me.refetch()} />
          </Card>
        </>
      ) : (
        <AnalyticsView
          me={me.data}
          timeZone={accountTimeZone(settings.data)}
          currency={settings.data?.account?.currency ?? 'EUR'}
        />
      )}
    </div>
  );
}

function AnalyticsView({ me, timeZone, currency }: { me: Me; timeZone: string; currency: string }) {
  const today = todayIn(timeZone);
  const context = useMemo(() => analyticsUrlContext(me, today), [me, today]);
  const terms = useMemo(() => termsOf(me.translations), [me.translations]);
  const { access, defaultRange: savedRange } = context;
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseAnalyticsState(searchParams, context), [searchParams, context]);
  // Every change is a new entry in the history: browser back re-runs the query from the address.
  const update = (next: AnalyticsState) =>
    setSearchParams(serializeAnalyticsState(next, context, searchParams));

  const tree = useAnalyticsTree(state);
  const named = (id: DimensionId) =>
    state.dimensions.includes(id) || state.filters.some((filter) => filterDimension(filter.column) === id);
  const names = useFirewallNames(access.firewall, named);

  // The open breakdown: a row's path, or a top-level row's position on the page (threats=0).
  const threatsPath: DimensionValue[] | null =
    state.threats === null
      ? null
      : typeof state.threats === 'number'
        ? (tree.data?.rows[state.threats]?.path ?? null)
        : state.threats;
  const threats = useAnalyticsThreats(state, threatsPath);
  const threatsRowLabel = threatsPath
    ? dimensionValueLabel(
        state.dimensions[threatsPath.length - 1] as DimensionId,
        threatsPath[threatsPath.length - 1] ?? null,
        names[state.dimensions[threatsPath.length - 1] as DimensionId],
      )
    : '';

  const range = rangeOfDates(state, savedRange, today);
  const changeRange = (next: DateRange) => {
    saveSectionRange('intelligence', next);
    update(applyRange(state, next));
  };

  const filterBy = { matchType: state.matchType, filters: state.filters };
  const applyFilterBy = (next: typeof filterBy) => update(applyFilters(state, next));

  const totalRows = tree.data?.totalRows ?? 0;
  const pages = Math.max(1, Math.ceil(totalRows / ANALYTICS_PAGE_SIZE));

  return (
    <>
      <PageHeader
        title="Analytics"
        eyebrow="Intelligence"
        dateRange={<DateRangePicker value={range} onChange={changeRange} today={today} />}
        actions={<ExportCsvButton run={() => exportAnalyticsCsv(exportBody(state))} testId="export-csv" />}
      />

      <div className={styles.toolbar}>
        <DimensionPicker
          value={state.dimensions}
          access={access}
          terms={terms}
          onApply={(dimensions) => update(applyDimensions(state, dimensions))}
        />
        <MetricPicker
          value={state.metrics}
          access={access}
          terms={terms}
          onApply={(metrics) => update(applyMetrics(state, metrics))}
        />
      </div>

      <ReportFiltersSlot value={filterBy} onChange={applyFilterBy} access={access}>
        <ActiveFilters
          filters={state.filters}
          matchType={state.matchType}
          names={names}
          terms={terms}
          onRemove={(column) => update(removeFilter(state, column))}
          onClear={() => update(clearFilters(state))}
        />
      </ReportFiltersSlot>

      <AnalyticsChart state={state} access={access} names={names} currency={currency} terms={terms} />

      <Card
        className={styles.tableCard}
        flush
        title={tree.data ? `${formatNumber(totalRows)} ${totalRows === 1 ? 'row' : 'rows'}` : 'Rows'}
        data-testid="analytics-table-card"
      >
        {tree.isPending ? (
          <SkeletonRows rows={10} testId="table-loading" />
        ) : tree.isError && !tree.data ? (
          <LoadError error={tree.error} onRetry={() => void tree.refetch()} />
        ) : tree.data.rows.length === 0 ? (
          <NoRows
            me={me}
            filtered={state.filters.length > 0}
            onClearFilters={() => update(clearFilters(state))}
          />
        ) : (
          <>
            <AnalyticsTable
              tree={tree.data}
              sort={state.columnSort}
              expanded={state.expanded}
              names={names}
              currency={currency}
              terms={terms}
              threatsPath={threatsPath}
              threatsPanel={
                <>
                  <ThreatBreakdown
                    rowLabel={threatsRowLabel}
                    threats={threats.data?.threats}
                    loading={threats.isPending}
                    error={threats.isError ? threats.error : null}
                    onRetry={() => void threats.refetch()}
                    conversions={state.threatconv}
                    onConversionsChange={(conversions) => update(applyThreatConv(state, conversions))}
                  />
                  {threatsPath && canView(me, 'forensics') ? (
                    // Another row's visits start again at its invalid ones.
                    <RowVisits
                      key={JSON.stringify(threatsPath)}
                      state={state}
                      path={threatsPath}
                      rowLabel={threatsRowLabel}
                    />
                  ) : null}
                </>
              }
              onToggleExpanded={(path) => update(toggleExpanded(state, path))}
              onToggleThreats={(path) => update(toggleThreats(state, path, threatsPath))}
              onSort={(key) => update(toggleSort(state, key))}
              updating={tree.isPlaceholderData || (tree.isFetching && !tree.isPending)}
            />
            {pages > 1 ? (
              <nav className={styles.pager} aria-label="Pages" data-testid="pager">
                <span className={styles.pagerText}>
                  {formatNumber((state.page - 1) * ANALYTICS_PAGE_SIZE + 1)}–
                  {formatNumber(Math.min(state.page * ANALYTICS_PAGE_SIZE, totalRows))} of{' '}
                  {formatNumber(totalRows)}
                </span>
                <Button
                  size="s"
                  variation="white"
                  disabled={state.page <= 1}
                  onClick={() => update(applyPage(state, state.page - 1))}
                >
                  Previous
                </Button>
                <span className={styles.pagerText} aria-current="page">
                  Page {state.page} of {pages}
                </span>
                <Button
                  size="s"
                  variation="white"
                  disabled={state.page >= pages}
                  onClick={() => update(applyPage(state, state.page + 1))}
                  data-testid="next-page"
                >
                  Next
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </Card>
    </>
  );
}

/** No rows: say why and what to do next (DESIGN.md: never a blank area). */
function NoRows({ me, filtered, onClearFilters }: { me: Me; filtered: boolean; onClearFilters: () => void }) {
  const navigate = useNavigateWithSearch();
  if (!me.sensorIntegrated && !filtered) {
    return (
      <EmptyState
        title="Install the sensor to start seeing traffic"
        testId="analytics-install-sensor"
        action={<Button onClick={() => navigate(INTEGRATION_PATH)}>Install the sensor</Button>}
      >
        Add the Veracity sensor to your site; every visit is then audited and classified here.
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title="No traffic in this period"
      testId="analytics-empty"
      action={
        filtered ? (
          <Button size="s" variation="white" onClick={onClearFilters}>
            Remove all filters
          </Button>
        ) : undefined
      }
    >
      {filtered
        ? 'No visit matches these filters in the period. Widen the date range or remove a filter.'
        : 'Choose a wider date range to see more traffic.'}
    </EmptyState>
  );
}
