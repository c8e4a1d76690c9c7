import { type ColumnDef, getCoreRowModel, type Row, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { MetricKey } from '@veracity/contracts/analytics/metrics';
import type {
  AnalyticsTree,
  AnalyticsTreeRow,
  DimensionValue,
  SortKey,
} from '@veracity/contracts/analytics/query';
import { Fragment, type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
import { Icon } from '../../../components/Icon/Icon';
import { formatNumber } from '../../../lib/format';
import { DEFAULT_TERMS, type Terms } from '../../../lib/terms';
import { pathKey } from '../../../lib/url-state';
import styles from './AnalyticsTable.module.css';
import { dimensionValueLabel, type ValueNames } from './dimension-values';
import { formatMetric } from './format';
import { TrafficTypeMark } from './TrafficTypeMark';

/** Tier of a metric column, for the tier colour beside its header (DESIGN.md: tiers keep their colours). */
function tierOf(key: MetricKey): 'invalid' | 'suspicious' | 'legitimate' | undefined {
  if (key.startsWith('highRisk')) return 'invalid';
  if (key.startsWith('mediumRisk')) return 'suspicious';
  if (key.startsWith('lowRisk')) return 'legitimate';
  return undefined;
}

/** More rows than this and only those in view are drawn. */
export const VIRTUALIZE_AFTER = 150;
const ROW_HEIGHT = 36;

interface AnalyticsTableProps {
  tree: AnalyticsTree;
  sort: readonly SortKey[];
  expanded: readonly DimensionValue[][];
  names: Partial<Record<DimensionId, ValueNames>>;
  currency: string;
  /** The row whose threat breakdown is open, and the breakdown itself. */
  threatsPath: readonly DimensionValue[] | null;
  threatsPanel: ReactNode;
  onToggleExpanded: (path: DimensionValue[]) => void;
  onToggleThreats: (path: DimensionValue[]) => void;
  onSort: (key: SortKey['key']) => void;
  /** A new answer is on its way (the rows shown are the previous one). */
  updating?: boolean;
  /** The account's words for the dimension and metric headers. */
  terms?: Terms;
}

type Item =
  | { kind: 'row'; row: Row<AnalyticsTreeRow> }
  | { kind: 'threats'; row: Row<AnalyticsTreeRow> }
  | { kind: 'more'; row: Row<AnalyticsTreeRow>; shown: number; total: number };

/**
 * The analytics tree (TanStack Table): one level per dimension, rows opened from the address, the
 * server's sort (headers are buttons), each row's threat breakdown beneath it, the totals on top.
 * Long tables draw only the rows in view.
 */
export function AnalyticsTable({
  tree,
  sort,
  expanded,
  names,
  currency,
  threatsPath,
  threatsPanel,
  onToggleExpanded,
  onToggleThreats,
  onSort,
  updating = false,
  terms = DEFAULT_TERMS,
}: AnalyticsTableProps) {
  const dimensions = tree.dimensions;
  const metrics = tree.metrics;
  const threatsKey = threatsPath ? pathKey(threatsPath) : null;

  const columns = useMemo<ColumnDef<AnalyticsTreeRow>[]>(
    () => [
      { id: 'dimension', accessorFn: (row) => row.value },
      ...metrics.map(
        (key): ColumnDef<AnalyticsTreeRow> => ({ id: key, accessorFn: (row) => row.metrics[key] ?? null }),
      ),
    ],
    [metrics],
  );
  const expandedState = useMemo<Record<string, boolean>>(
    () => Object.fromEntries(expanded.map((path) => [pathKey(path), true])),
    [expanded],
  );
  const table = useReactTable({
    data: tree.rows,
    columns,
    getRowId: (row) => pathKey(row.path),
    getSubRows: (row) => row.children,
    getRowCanExpand: (row) => row.original.path.length < dimensions.length,
    state: {
      expanded: expandedState,
      sorting: sort.map((key) => ({ id: key.key, desc: key.direction === 'desc' })),
    },
    manualSorting: true,
    manualPagination: true,
    getCoreRowModel: getCoreRowModel(),
  });

  // The tree in reading order: a row, its open breakdown, its open children, then the note on
  // children beyond what the answer carries.
  const topRows = table.getCoreRowModel().rows;
  const items = useMemo(() => {
    const list: Item[] = [];
    const walk = (row: Row<AnalyticsTreeRow>) => {
      list.push({ kind: 'row', row });
      if (threatsKey !== null && row.id === threatsKey) list.push({ kind: 'threats', row });
      if (!expandedState[row.id]) return;
      for (const child of row.subRows) walk(child);
      const { children, totalChildren } = row.original;
      if (children && totalChildren !== undefined && totalChildren > children.length) {
        list.push({ kind: 'more', row, shown: children.length, total: totalChildren });
      }
    };
    for (const row of topRows) walk(row);
    return list;
  }, [topRows, threatsKey, expandedState]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // The breakdown spans the row but stays as wide as the visible part of the table.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const apply = () => element.style.setProperty('--table-viewport', `${element.clientWidth}px`);
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const virtualize = items.length > VIRTUALIZE_AFTER;
  const virtualizer = useVirtualizer({
    count: virtualize ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (items[index]?.kind === 'threats' ? 320 : ROW_HEIGHT),
    getItemKey: (index) => {
      const item = items[index];
      return item ? `${item.kind}:${item.row.id}` : index;
    },
    overscan: 12,
  });
  const virtualItems = virtualize ? virtualizer.getVirtualItems() : [];
  const visible = virtualize ? virtualItems.map((entry) => ({ entry, item: items[entry.index] })) : [];
  const padTop = virtualize ? (virtualItems[0]?.start ?? 0) : 0;
  const padBottom = virtualize
    ? virtualizer.getTotalSize() - (virtualItems[virtualItems.length - 1]?.end ?? 0)
    : 0;
  const columnCount = metrics.length + 1;
  const sortOf = (key: string) => sort.find((entry) => entry.key === key)?.direction;

  const header = (key: string, label: ReactNode, numeric: boolean, title?: string) => {
    const direction = sortOf(key);
    return (
      <th
        key={key}
        scope="col"
        className={numeric ? styles.numeric : styles.dimensionHeader}
        aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
      >
        <button
          type="button"
          className={styles.sortButton}
          onClick={() => onSort(key as SortKey['key'])}
          title={title}
          data-testid={`sort-${key}`}
        >
          {label}
          <span className={styles.sortMark} data-direction={direction ?? 'none'} aria-hidden="true">
            {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
          </span>
        </button>
      </th>
    );
  };

  const renderItem = (
    item: Item,
    measure?: (element: HTMLTableRowElement | null) => void,
    index?: number,
  ) => {
    const { row } = item;
    if (item.kind === 'threats') {
      return (
        <tr key={`threats:${row.id}`} ref={measure} data-index={index} className={styles.threatsRow}>
          <td colSpan={columnCount}>{threatsPanel}</td>
        </tr>
      );
    }
    if (item.kind === 'more') {
      return (
        <tr key={`more:${row.id}`} ref={measure} data-index={index} className={styles.moreRow}>
          <td colSpan={columnCount} style={{ paddingLeft: `${(row.depth + 1) * 20 + 16}px` }}>
            Showing the first {formatNumber(item.shown)} of {formatNumber(item.total)} rows under this one.
          </td>
        </tr>
      );
    }
    const dimension = dimensions[row.depth] as DimensionId;
    const label = dimensionValueLabel(dimension, row.original.value, names[dimension]);
    const canExpand = row.getCanExpand();
    const open = row.getIsExpanded();
    const threatsOpen = threatsKey === row.id;
    return (
      <tr
        key={row.id}
        ref={measure}
        data-index={index}
        data-depth={row.depth}
        data-testid="analytics-row"
        data-path={row.id}
        className={threatsOpen ? styles.rowOpen : undefined}
      >
        <th scope="row" className={styles.dimensionCell}>
          <div className={styles.dimensionInner} style={{ paddingLeft: `${row.depth * 20}px` }}>
            {canExpand ? (
              <button
                type="button"
                className={styles.expandButton}
                aria-expanded={open}
                aria-label={`${open ? 'Collapse' : 'Expand'} ${label}`}
                onClick={() => onToggleExpanded(row.original.path)}
                data-testid="expand-row"
              >
                <Icon name={open ? 'chevron-down' : 'chevron-right'} />
              </button>
            ) : (
              <span className={styles.expandSpacer} />
            )}
            {dimension === 'trafficType' && row.original.value !== null ? (
              <TrafficTypeMark type={String(row.original.value)} />
            ) : null}
            <span className={styles.value} title={label} data-testid="row-label">
              {label}
            </span>
            <button
              type="button"
              className={styles.threatsButton}
              aria-expanded={threatsOpen}
              aria-label={`Threats of ${label}`}
              onClick={() => onToggleThreats(row.original.path)}
              data-testid="open-threats"
            >
              <svg viewBox="0 0 16 16" className={styles.threatsIcon} aria-hidden="true">
                <path
                  d="M8 1.8l5 1.9v3.8c0 3.1-2.1 5.6-5 6.7-2.9-1.1-5-3.6-5-6.7V3.7l5-1.9zM8 5v3.6M8 10.8v.1"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className={styles.threatsText}>Threats</span>
            </button>
          </div>
        </th>
        {metrics.map((key) => (
          <td key={key} className={styles.numeric} data-metric={key}>
            {formatMetric(key, row.original.metrics[key], currency)}
          </td>
        ))}
      </tr>
    );
  };

  return (
    <div ref={scrollRef} className={styles.scroll} data-updating={updating || undefined}>
      <table className={styles.table} data-testid="analytics-table" aria-busy={updating || undefined}>
        <thead>
          <tr className={styles.headRow}>
            {header(
              dimensions[0] ?? 'dimension',
              dimensions.map((id) => terms.dimensionLabel(id)).join(' › '),
              false,
              `Sort by ${dimensions[0] ? terms.dimensionLabel(dimensions[0]) : ''}`,
            )}
            {metrics.map((key) => {
              const tier = tierOf(key);
              return header(
                key,
                <>
                  {tier ? <span className={styles.tierDot} data-tier={tier} aria-hidden="true" /> : null}
                  {terms.metricLabel(key)}
                </>,
                true,
              );
            })}
          </tr>
          <tr className={styles.totals} data-testid="analytics-totals">
            <th scope="row" className={styles.dimensionCell}>
              <div className={styles.dimensionInner}>
                <span className={styles.expandSpacer} />
                <span className={styles.value}>Total</span>
              </div>
            </th>
            {metrics.map((key) => (
              <td key={key} className={styles.numeric} data-metric={key}>
                {formatMetric(key, tree.totals[key], currency)}
              </td>
            ))}
          </tr>
        </thead>
        <tbody>
          {virtualize ? (
            <>
              {padTop > 0 ? (
                <tr>
                  <td colSpan={columnCount} style={{ height: padTop, padding: 0, border: 'none' }} />
                </tr>
              ) : null}
              {visible.map(({ entry, item }) =>
                item ? (
                  <Fragment key={entry.key}>
                    {renderItem(item, virtualizer.measureElement, entry.index)}
                  </Fragment>
                ) : null,
              )}
              {padBottom > 0 ? (
                <tr>
                  <td colSpan={columnCount} style={{ height: padBottom, padding: 0, border: 'none' }} />
                </tr>
              ) : null}
            </>
          ) : (
            items.map((item) => renderItem(item))
          )}
        </tbody>
      </table>
    </div>
  );
}
