import type { AnalyticsAccess } from '@veracity/contracts/analytics/dimensions';
import {
  FREE_PLAN_FILTERS_MESSAGE,
  type MATCH_TYPES,
  type ReportFilter,
} from '@veracity/contracts/analytics/filters';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { Tooltip } from '../../../components/Tooltip/Tooltip';
import { useTerms } from '../../session/use-terms';
import { ColumnMenu } from './ColumnMenu';
import { FilterLine, type FilterLineState } from './FilterLine';
import styles from './ReportFilters.module.css';
import { columnGroups } from './report-filter-columns';

export type MatchType = (typeof MATCH_TYPES)[number];

export interface ReportFiltersValue {
  matchType: MatchType;
  filters: ReportFilter[];
}

export interface ReportFiltersProps {
  value: ReportFiltersValue;
  onChange(next: ReportFiltersValue): void;
  disabled?: boolean;
  /** Shown as the tooltip of the disabled controls. */
  disabledReason?: string;
  /** What the account's plan and features open: build it with `useReportFiltersAccess()`. */
  access: AnalyticsAccess;
}

/**
 * A line that `value` (the address) does not hold: one whose column is chosen but which has no value
 * yet, or one whose first values were just sent with `onChange`. The address changes in a navigation
 * that lands a render or more later; until `value` brings the line back, its draft keeps it in place,
 * so the line and a picker open on it are not unmounted and mounted again in between.
 */
interface Draft extends FilterLineState {
  /** Where the line shows among all lines. */
  position: number;
}

/** The add button's tooltip once every column the account has is on a line. */
export const EVERY_COLUMN_USED = 'Every available filter is already in use';

const MATCH_LABELS: Record<MatchType, string> = { all: 'All', any: 'Any' };

/** Every line in display order: the value's lines, with the drafts at their positions. */
function displayLines(filters: readonly ReportFilter[], drafts: readonly Draft[]) {
  const lines: FilterLineState[] = filters.map((filter) => ({
    column: filter.column,
    type: filter.type,
    values: [...filter.values],
  }));
  const committed = new Set(filters.map((filter) => filter.column));
  for (const draft of [...drafts].sort((a, b) => a.position - b.position)) {
    if (committed.has(draft.column)) continue;
    const { position, ...line } = draft;
    lines.splice(Math.min(position, lines.length), 0, line);
  }
  return lines;
}

/** The lines `filters` does not hold with values, as drafts at their positions. */
function draftsOf(lines: readonly FilterLineState[], filters: readonly ReportFilter[]): Draft[] {
  const committed = new Set(filters.map((filter) => filter.column));
  return lines.flatMap((line, position) =>
    committed.has(line.column) && line.values.length > 0
      ? []
      : [{ column: line.column, type: line.type, values: line.values, position }],
  );
}

/** The filters of the lines that have values: a line joins `value` with its first value. */
const filtersOf = (lines: readonly FilterLineState[]): ReportFilter[] =>
  lines
    .filter((line) => line.values.length > 0)
    .map((line) => ({ column: line.column, type: line.type, values: line.values }));

/**
 * The report filters editor (spec 02 §2 "Report filters", §5, §6): "Match [All|Any] of the following..."
 * with one line per column (column, equals or not, values), a trash button per line and an add button.
 * A line joins `value` once it has a value; a column appears once.
 */
export function ReportFilters({
  value,
  onChange,
  disabled = false,
  disabledReason,
  access,
}: ReportFiltersProps) {
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [openPicker, setOpenPicker] = useState<string | null>(null);

  const lines = displayLines(value.filters, drafts);
  const used = new Set(lines.map((line) => line.column));
  const terms = useTerms();
  const groups = columnGroups(access, used, terms);
  const explore = access.free && !disabled;
  const reason = access.free ? FREE_PLAN_FILTERS_MESSAGE : disabledReason;
  const locked = disabled || access.free;

  const emit = (filters: ReportFilter[], matchType = value.matchType) => onChange({ matchType, filters });

  // A draft whose column `value` now holds has arrived: dropped, so that it does not come back should
  // the address lose the column later (Back).
  const committedColumns = value.filters.map((filter) => filter.column).join('\n');
  useEffect(() => {
    const committed = new Set(committedColumns.split('\n'));
    setDrafts((previous) => {
      const waiting = previous.filter((draft) => !(committed.has(draft.column) && draft.values.length > 0));
      return waiting.length === previous.length ? previous : waiting;
    });
  }, [committedColumns]);

  /** Puts `next` in place of the line at `index` (same column, or a new one). */
  const replaceLine = (index: number, next: FilterLineState) => {
    const current = lines[index];
    if (!current) return;
    const others = lines.filter((_, i) => i !== index);
    const nextLines = [...others.slice(0, index), next, ...others.slice(index)];
    emit(filtersOf(nextLines));
    setDrafts(draftsOf(nextLines, value.filters));
    if (next.column !== current.column && openPicker === current.column) setOpenPicker(next.column);
  };

  const removeLine = (index: number) => {
    const current = lines[index];
    if (!current) return;
    const nextLines = lines.filter((_, i) => i !== index);
    if (current.values.length > 0) emit(filtersOf(nextLines));
    setDrafts(draftsOf(nextLines, value.filters));
  };

  const addLine = (column: string) => {
    setDrafts((previous) => [...previous, { column, type: 'equals', values: [], position: lines.length }]);
    setOpenPicker(column);
  };

  const everyColumnUsed = groups.length === 0 && !access.free;
  const addUnavailable = disabled || everyColumnUsed;
  const addButton = (
    <Button variation="secondary" size="s" aria-disabled={addUnavailable || undefined}>
      <Icon name="plus" className={styles.addIcon} />
      Add filter
    </Button>
  );

  return (
    <section className={styles.filters} aria-label="Report filters" data-testid="report-filters">
      <fieldset className={styles.match} aria-label="Match all or any of the filters">
        <span className={styles.matchText}>Match</span>
        <div className={styles.binary}>
          {(['all', 'any'] as const).map((matchType) => (
            <Tooltip key={matchType} content={reason} enabled={locked && Boolean(reason)}>
              <Button
                size="binary"
                pressed={value.matchType === matchType}
                aria-disabled={locked || undefined}
                onClick={() => {
                  if (value.matchType !== matchType) emit(value.filters, matchType);
                }}
              >
                {MATCH_LABELS[matchType]}
              </Button>
            </Tooltip>
          ))}
        </div>
        <span className={styles.matchText}>of the following...</span>
      </fieldset>

      {lines.length > 0 ? (
        <ul className={styles.lines} aria-label="Filters">
          {lines.map((line, index) => (
            <FilterLine
              key={line.column}
              line={line}
              columnGroups={groups}
              disabled={disabled}
              readOnly={access.free}
              pickerOpen={openPicker === line.column}
              onPickerOpenChange={(open) => setOpenPicker(open ? line.column : null)}
              onChange={(next) => replaceLine(index, next)}
              onRemove={() => removeLine(index)}
            />
          ))}
        </ul>
      ) : null}

      <div className={styles.actions}>
        {addUnavailable ? (
          <Tooltip
            content={everyColumnUsed && !disabled ? EVERY_COLUMN_USED : reason}
            enabled={Boolean(reason) || everyColumnUsed}
          >
            {addButton}
          </Tooltip>
        ) : (
          <ColumnMenu
            groups={groups}
            exploreOnly={access.free}
            tooltip={explore ? reason : undefined}
            onSelect={addLine}
            trigger={addButton}
          />
        )}
      </div>
    </section>
  );
}
