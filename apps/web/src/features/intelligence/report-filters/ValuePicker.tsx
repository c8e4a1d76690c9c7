import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { MAX_FILTER_VALUES } from '@veracity/contracts/analytics/filters';
import type { FilterOption } from '@veracity/contracts/analytics/query';
import { WORLD_WIDE } from '@veracity/contracts/analytics/reference/countries';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Icon } from '../../../components/Icon/Icon';
import { ERROR_MESSAGES } from '../../../lib/api-errors';
import { useFilterOptions } from './filter-options.api';
import {
  addValues,
  type FilterColumn,
  type FilterValue,
  parseEnteredValues,
  removeValues,
  valueKey,
} from './report-filter-columns';
import { useDebouncedValue } from './use-debounced-value';
import styles from './ValuePicker.module.css';

/** Spec 02 §2: the picker's list is 238 px high with 24 px items. */
export const PICKER_LIST_HEIGHT_PX = 238;
export const PICKER_ITEM_HEIGHT_PX = 24;
export const SEARCH_DEBOUNCE_MS = 250;

export const SELECT_ALL = 'Select All';
export const FREE_TEXT_PLACEHOLDER = 'Write a filter value and press enter';

type Row = { kind: 'all' } | { kind: 'option'; option: FilterOption };

// The list box has a fixed height (spec 02 §2), so the virtualiser is told it rather than measuring a
// box that may not be laid out yet (a popover opening, or a test's document).
function observeFixedHeight(
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: { width: number; height: number }) => void,
) {
  cb({ width: instance.scrollElement?.clientWidth ?? 0, height: PICKER_LIST_HEIGHT_PX });
}

interface ValuePickerProps {
  column: FilterColumn;
  values: readonly FilterValue[];
  onValuesChange(values: FilterValue[]): void;
  /** Options seen in the list, so the line's chips can name values found through a search. */
  onOptionsSeen(options: readonly FilterOption[]): void;
  /** The options can be looked at but not selected (the free plan explores). */
  readOnly: boolean;
  /**
   * Whether a country picker offers WW (World Wide); true by default. Offer targeting leaves it out
   * (spec 02 §3): an offer targets real countries.
   */
  includeWorldWide?: boolean;
}

/** The listed options, without WW when a country picker leaves it out. */
export function pickerOptions(
  filter: FilterColumn['id'],
  options: readonly FilterOption[] | undefined,
  includeWorldWide: boolean,
): readonly FilterOption[] | undefined {
  if (options === undefined || includeWorldWide || filter !== 'country') return options;
  return options.filter((option) => String(option.id).toUpperCase() !== WORLD_WIDE);
}

/** The multi-select picker of one filter line: "Find...", the virtualised options, free-text entry. */
export function ValuePicker({
  column,
  values,
  onValuesChange,
  onOptionsSeen,
  readOnly,
  includeWorldWide = true,
}: ValuePickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useFilterOptions(column.id, settledSearch);
  const options = useMemo(
    () => pickerOptions(column.id, query.data?.options, includeWorldWide),
    [column.id, query.data?.options, includeWorldWide],
  );
  const freeText = column.definition.kind === 'text';

  useEffect(() => {
    if (options) onOptionsSeen(options);
  }, [options, onOptionsSeen]);

  const rows: Row[] = useMemo(
    () =>
      options && options.length > 0
        ? [{ kind: 'all' }, ...options.map((option) => ({ kind: 'option' as const, option }))]
        : [],
    [options],
  );
  const selected = useMemo(() => new Set(values.map(valueKey)), [values]);
  const listed = options ?? [];
  const allSelected = listed.length > 0 && listed.every((option) => selected.has(valueKey(option.id)));
  const full = values.length >= MAX_FILTER_VALUES;

  const [active, setActive] = useState(0);
  useEffect(() => {
    setActive(rows.length > 0 ? 0 : -1);
  }, [rows]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => PICKER_ITEM_HEIGHT_PX,
    overscan: 6,
    initialRect: { width: 0, height: PICKER_LIST_HEIGHT_PX },
    observeElementRect: observeFixedHeight,
  });

  const toggleRow = (row: Row) => {
    if (readOnly) return;
    if (row.kind === 'all') {
      const ids = listed.map((option) => option.id);
      onValuesChange(allSelected ? removeValues(values, ids) : addValues(values, ids));
      return;
    }
    const value = row.option.id;
    if (selected.has(valueKey(value))) onValuesChange(removeValues(values, [value]));
    else if (!full) onValuesChange(addValues(values, [value]));
  };

  const moveTo = (index: number) => {
    if (rows.length === 0) return;
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const page = Math.floor(PICKER_LIST_HEIGHT_PX / PICKER_ITEM_HEIGHT_PX);
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key] ?? 0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const row = rows[active];
      if (row) toggleRow(row);
    }
  };

  const [entry, setEntry] = useState('');
  const submitEntry = () => {
    const entered = parseEnteredValues(entry);
    if (entered.length > 0) onValuesChange(addValues(values, entered));
    setEntry('');
  };

  const listId = `${id}-options`;
  const rowId = (index: number) => `${id}-option-${index}`;
  const status = query.isError
    ? ERROR_MESSAGES.retrievingData
    : options === undefined
      ? 'Loading...'
      : options.length === 0
        ? 'No results'
        : null;

  return (
    <div className={styles.picker}>
      <div className={styles.search}>
        <Icon name="search" className={styles.searchIcon} />
        <input
          // The picker opens to search: the focus starts here.
          // biome-ignore lint/a11y/noAutofocus: the picker is a popover the user just opened
          autoFocus
          className={styles.searchInput}
          type="text"
          placeholder="Find..."
          aria-label={`Find ${column.label} values`}
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 && rows[active] ? rowId(active) : undefined}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={onSearchKeyDown}
        />
      </div>

      <div
        ref={scrollRef}
        className={styles.list}
        style={{ height: PICKER_LIST_HEIGHT_PX }}
        data-testid="picker-list"
      >
        {status ? (
          <p className={styles.status} role="status">
            {status}
          </p>
        ) : null}
        <div
          id={listId}
          role="listbox"
          aria-multiselectable="true"
          aria-label={`${column.label} values`}
          aria-busy={options === undefined || undefined}
          className={styles.rows}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const isAll = row.kind === 'all';
            const checked = isAll ? allSelected : selected.has(valueKey(row.option.id));
            const unavailable = readOnly || (!checked && full);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the search box (aria-activedescendant)
              <div
                key={item.key}
                id={rowId(item.index)}
                role="option"
                tabIndex={-1}
                aria-selected={checked}
                aria-disabled={unavailable || undefined}
                data-active={item.index === active || undefined}
                data-index={item.index}
                className={isAll ? `${styles.row} ${styles.allRow}` : styles.row}
                style={{ height: PICKER_ITEM_HEIGHT_PX, transform: `translateY(${item.start}px)` }}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(item.index)}
                onClick={() => toggleRow(row)}
              >
                <span className={styles.checkbox} data-checked={checked || undefined} aria-hidden="true">
                  {checked ? <Icon name="check" /> : null}
                </span>
                {isAll ? (
                  <span className={styles.name}>{SELECT_ALL}</span>
                ) : (
                  <>
                    {row.option.flag ? (
                      <span className={styles.flag} aria-hidden="true">
                        {row.option.flag}
                      </span>
                    ) : null}
                    <span className={styles.name}>{row.option.name}</span>
                  </>
                )}
              </div>
            );
          })}
        </div>
      </div>

      {query.data?.truncated ? (
        <p className={styles.note}>More values match: refine the search to see them.</p>
      ) : null}
      {full ? <p className={styles.note}>A filter holds at most {MAX_FILTER_VALUES} values.</p> : null}

      {freeText ? (
        <textarea
          className={styles.entry}
          rows={1}
          placeholder={FREE_TEXT_PLACEHOLDER}
          aria-label={FREE_TEXT_PLACEHOLDER}
          disabled={readOnly || full}
          value={entry}
          onChange={(event) => setEntry(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              submitEntry();
            }
          }}
        />
      ) : null}
    </div>
  );
}
