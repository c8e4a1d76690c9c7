import type { Me } from '@veracity/contracts/account';
import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import {
  CONVERSIONS_PAGE_SIZE,
  type ConversionListItem,
  type ConversionSortKey,
} from '@veracity/contracts/conversions-list';
import type { ConversionStatus } from '@veracity/contracts/postbacks';
import { type ReactNode, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/Button/Button';
import { Card } from '../../../components/Card/Card';
import { DateRangePicker } from '../../../components/DateRangePicker/DateRangePicker';
import { Dropdown } from '../../../components/Dropdown/Dropdown';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { Pager } from '../../../components/Pager/Pager';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { ScrollRegion } from '../../../components/Table/ScrollRegion';
import { VerdictBadge } from '../../../components/VerdictBadge/VerdictBadge';
import {
  type DateRange,
  loadSectionRange,
  rangeOfDates,
  saveSectionRange,
  todayIn,
} from '../../../lib/date-ranges';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { termsOf } from '../../../lib/terms';
import { trafficTypeName } from '../../../lib/traffic-types';
import {
  type ConversionsListState,
  parseConversionsListState,
  serializeConversionsListState,
} from '../../../lib/url-state';
import { useSettings } from '../../account/account.api';
import { formatDateTime } from '../../account/format';
import { canView, useMe } from '../../session/session.api';
import { UpsellGate } from '../../session/UpsellGate';
import { ActiveFilters } from '../analytics/ActiveFilters';
import { useFirewallNames } from '../analytics/analytics.api';
import { accessOfMe } from '../analytics/analytics-access';
import { accountTimeZone } from '../analytics/analytics-context';
import { filterDimension } from '../analytics/dimension-values';
import { ExportCsvButton } from '../analytics/ExportCsvButton';
import { ReportFiltersSlot } from '../analytics/ReportFiltersSlot';
import { threatLabel } from '../analytics/ThreatBreakdown';
import { forensicsPath } from '../forensics/forensics.api';
import styles from './ConversionsList.module.css';
import { exportConversionsCsv, useConversionsList } from './conversions.api';

const STATUS_LABELS: Record<ConversionStatus, string> = {
  reported: 'Reported',
  paused: 'Paused',
  not_reported: 'Not reported',
};

type StatusChoice = ConversionStatus | 'all';

/** /intelligence/reports/conversions-list (issue 36): a plan without the view sees what it would get. */
export function ConversionsListPage() {
  return (
    <UpsellGate
      view="conversions"
      title="Conversions list"
      eyebrow="Intelligence"
      upsell={{
        title: 'Conversions list',
        summary: 'Every conversion with the click behind it and how Veracity judged it.',
        benefits: [
          'Time, value, channel and campaign of each conversion, with its security level and threats',
          'The report filters, sorting and a CSV export',
          'Each conversion opens the forensics of its visit',
        ],
      }}
    >
      <ConversionsList />
    </UpsellGate>
  );
}

/** Waits for the account (its words, zone and currency), then the list. */
function ConversionsList() {
  const me = useMe();
  const settings = useSettings();
  const terms = termsOf(me.data?.translations);
  const title = `${terms.plural('conversion')} list`;
  const loading = me.isPending || (settings.isPending && !settings.isError);
  return (
    <div className={styles.page} data-testid="conversions-list">
      {loading || me.isError ? (
        <>
          <PageHeader title={title} eyebrow="Intelligence" />
          <Card>
            {me.isError ? (
              <LoadError error={me.error} onRetry={() => void me.refetch()} />
            ) : (
              <SkeletonRows rows={8} testId="conversions-loading" />
            )}
          </Card>
        </>
      ) : (
        <ConversionsView
          me={me.data}
          title={title}
          timeZone={accountTimeZone(settings.data)}
          currency={settings.data?.account?.currency ?? 'EUR'}
        />
      )}
    </div>
  );
}

function ConversionsView({
  me,
  title,
  timeZone,
  currency,
}: {
  me: Me;
  title: string;
  timeZone: string;
  currency: string;
}) {
  const today = todayIn(timeZone);
  const terms = useMemo(() => termsOf(me.translations), [me.translations]);
  const access = useMemo(() => accessOfMe(me), [me]);
  const savedRange = useMemo(() => loadSectionRange('intelligence', today), [today]);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(
    () => parseConversionsListState(searchParams, { defaultRange: savedRange, firewall: access.firewall }),
    [searchParams, savedRange, access.firewall],
  );
  const update = (next: ConversionsListState) =>
    setSearchParams(serializeConversionsListState(next, searchParams));
  // Every change but turning a page starts again at the first page.
  const change = (patch: Partial<ConversionsListState>) => update({ ...state, page: 1, ...patch });
  const list = useConversionsList(state);
  const forensics = canView(me, 'forensics');

  const named = (id: DimensionId) => state.filters.some((filter) => filterDimension(filter.column) === id);
  const names = useFirewallNames(access.firewall, named);

  const changeRange = (next: DateRange) => {
    saveSectionRange('intelligence', next);
    change({ from: next.from, to: next.to });
  };
  const sortBy = (key: ConversionSortKey) => {
    const direction =
      state.sort.key === key
        ? state.sort.direction === 'desc'
          ? 'asc'
          : 'desc'
        : key === 'name'
          ? 'asc'
          : 'desc';
    change({ sort: { key, direction } });
  };
  const total = list.data?.total ?? 0;
  const noun = terms.plural('conversion').toLowerCase();

  return (
    <>
      <PageHeader
        title={title}
        eyebrow="Intelligence"
        dateRange={
          <DateRangePicker
            value={rangeOfDates(state, savedRange, today)}
            onChange={changeRange}
            today={today}
          />
        }
        actions={<ExportCsvButton run={() => exportConversionsCsv(state)} testId="conversions-export" />}
      />

      <div className={styles.toolbar}>
        <ReportFiltersSlot
          value={{ matchType: state.matchType, filters: state.filters }}
          onChange={(next) => change({ filters: next.filters, matchType: next.matchType })}
          access={access}
        >
          <ActiveFilters
            filters={state.filters}
            matchType={state.matchType}
            names={names}
            terms={terms}
            onRemove={(column) =>
              change({ filters: state.filters.filter((filter) => filter.column !== column) })
            }
            onClear={() => change({ filters: [], matchType: 'all' })}
          />
        </ReportFiltersSlot>
        {access.firewall ? (
          <Dropdown<StatusChoice>
            aria-label="Status"
            width={180}
            value={state.status ?? 'all'}
            options={[
              { value: 'all', label: 'All statuses' },
              ...(Object.keys(STATUS_LABELS) as ConversionStatus[]).map((status) => ({
                value: status,
                label: STATUS_LABELS[status],
              })),
            ]}
            onChange={(value) => change({ status: value === 'all' ? null : value })}
          />
        ) : null}
      </div>

      <Card
        flush
        title={
          list.data
            ? `${formatNumber(total)} ${total === 1 ? terms.term('conversion').toLowerCase() : noun}`
            : terms.plural('conversion')
        }
        data-testid="conversions-card"
      >
        {list.isPending ? (
          <SkeletonRows rows={8} testId="conversions-table-loading" />
        ) : list.isError && !list.data ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.conversions.length === 0 ? (
          <EmptyState
            title={`No ${noun} in this period`}
            testId="conversions-empty"
            action={
              state.filters.length > 0 || state.status ? (
                <Button
                  size="s"
                  variation="white"
                  onClick={() => change({ filters: [], matchType: 'all', status: null })}
                >
                  Remove all filters
                </Button>
              ) : undefined
            }
          >
            {state.filters.length > 0 || state.status
              ? `No ${terms.term('conversion').toLowerCase()} matches these filters in the period. Widen the date range or remove a filter.`
              : `${terms.plural('conversion')} reported by the sensor or by server-to-server calls appear here.`}
          </EmptyState>
        ) : (
          <>
            <ScrollRegion className={styles.tableWrap} label={title}>
              <table
                className={`${styles.table} ${list.isPlaceholderData ? styles.updating : ''}`}
                aria-busy={list.isFetching || undefined}
                data-testid="conversions-table"
              >
                <thead>
                  <tr>
                    <SortHeader label="Time" column="ts" state={state} onSort={sortBy} />
                    <SortHeader
                      label={terms.term('conversion')}
                      column="name"
                      state={state}
                      onSort={sortBy}
                    />
                    <SortHeader label="Value" column="value" state={state} onSort={sortBy} numeric />
                    <th scope="col">Channel</th>
                    <th scope="col">{terms.term('campaign')}</th>
                    <SortHeader label="Security level" column="riskLevel" state={state} onSort={sortBy} />
                    {access.firewall ? <th scope="col">Status</th> : null}
                    <th scope="col">
                      <span className="visually-hidden">Session forensics</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.conversions.map((item) => (
                    <ConversionRow
                      key={item.id}
                      item={item}
                      currency={currency}
                      firewall={access.firewall}
                      forensics={forensics}
                    />
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <Pager
              first={(state.page - 1) * CONVERSIONS_PAGE_SIZE + 1}
              shown={list.data.conversions.length}
              total={total}
              page={state.page - 1}
              pages={Math.max(1, Math.ceil(total / CONVERSIONS_PAGE_SIZE))}
              onPage={(page) => update({ ...state, page: page + 1 })}
              label={title}
              testId="conversions-page"
            />
          </>
        )}
      </Card>
    </>
  );
}

function SortHeader({
  label,
  column,
  state,
  onSort,
  numeric = false,
}: {
  label: ReactNode;
  column: ConversionSortKey;
  state: ConversionsListState;
  onSort: (key: ConversionSortKey) => void;
  numeric?: boolean;
}) {
  const direction = state.sort.key === column ? state.sort.direction : undefined;
  return (
    <th
      scope="col"
      className={numeric ? styles.numeric : undefined}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
    >
      <button
        type="button"
        className={styles.sortButton}
        onClick={() => onSort(column)}
        data-testid={`sort-${column}`}
      >
        {label}
        <span className={styles.sortMark} data-direction={direction ?? 'none'} aria-hidden="true">
          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

/** One conversion; its name and campaign come from tracked or typed data and are rendered as text. */
function ConversionRow({
  item,
  currency,
  firewall,
  forensics,
}: {
  item: ConversionListItem;
  currency: string;
  firewall: boolean;
  forensics: boolean;
}) {
  const campaign = item.campaign?.name ?? item.googleCampaign?.name ?? null;
  return (
    <tr data-testid="conversion-row" data-conversion={item.id}>
      <td className={styles.nowrap}>
        <time dateTime={item.ts}>{formatDateTime(item.ts)}</time>
      </td>
      <td className={styles.name}>{item.name}</td>
      <td className={`${styles.numeric} ${styles.nowrap}`}>
        {item.value === null ? (
          <span className={styles.muted}>—</span>
        ) : (
          formatCurrency(item.value, item.currency ?? currency)
        )}
      </td>
      <td className={styles.nowrap}>{trafficTypeName(item.trafficType)}</td>
      <td className={styles.name}>{campaign ?? <span className={styles.muted}>—</span>}</td>
      <td className={styles.verdict}>
        <VerdictBadge
          tier={item.riskLevel}
          reasons={item.threats.map((id) => threatLabel(id).label).join(', ')}
        />
      </td>
      {firewall ? (
        <td className={styles.nowrap} data-testid="conversion-status">
          {STATUS_LABELS[item.status]}
          {item.releasedAt ? <span className={styles.muted}> · released</span> : null}
        </td>
      ) : null}
      <td className={styles.nowrap}>
        {forensics && item.sessionId ? (
          <Link
            to={forensicsPath(item.sessionId)}
            aria-label={`Session forensics of ${item.name}, ${formatDateTime(item.ts)}`}
            data-testid="conversion-forensics"
          >
            Forensics
          </Link>
        ) : null}
      </td>
    </tr>
  );
}
