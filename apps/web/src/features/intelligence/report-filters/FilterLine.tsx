import type { ReportFilter } from '@veracity/contracts/analytics/filters';
import type { FilterOption } from '@veracity/contracts/analytics/query';
import { Popover } from 'radix-ui';
import { useCallback, useRef, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { Dropdown } from '../../../components/Dropdown/Dropdown';
import { Icon } from '../../../components/Icon/Icon';
import { useTerms } from '../../session/use-terms';
import { ColumnMenu } from './ColumnMenu';
import styles from './FilterLine.module.css';
import { refusedForAccount, useFilterOptionLookups, useFilterOptions } from './filter-options.api';
import {
  columnFilter,
  columnLabel,
  type FilterColumnGroup,
  type FilterValue,
  valueKey,
} from './report-filter-columns';
import { ValuePicker } from './ValuePicker';

/** Spec 02 §2: the chips area is at most 210 px high and scrolls beyond. */
export const CHIPS_MAX_HEIGHT_PX = 210;

export type FilterType = ReportFilter['type'];
const TYPE_OPTIONS: { value: FilterType; label: string }[] = [
  { value: 'equals', label: 'Equals' },
  { value: 'notEquals', label: 'Not equals' },
];

export interface FilterLineState {
  column: string;
  type: FilterType;
  values: FilterValue[];
}

interface FilterLineProps {
  line: FilterLineState;
  /** The columns this line may switch to (its own is left out: already in use). */
  columnGroups: readonly FilterColumnGroup[];
  onChange(next: FilterLineState): void;
  onRemove(): void;
  pickerOpen: boolean;
  onPickerOpenChange(open: boolean): void;
  /** Nothing can change (the editor is disabled). */
  disabled: boolean;
  /** Values can be looked at but not selected (the free plan explores). */
  readOnly: boolean;
}

interface Chip {
  key: string;
  value: FilterValue;
  text: string;
  flag?: string;
}

/**
 * The chips of a line's values. A list-backed value is named from the filter's options; one the options
 * do not hold (a deleted campaign in a shared address, a filter the account does not have) reads
 * "{id}: Not found" (spec 02 §2). A value past the first answer of a long list is looked up by itself.
 */
function useChips(line: FilterLineState, seen: ReadonlyMap<string, FilterOption>): Chip[] {
  const filter = columnFilter(line.column);
  const listBacked = filter?.definition.kind === 'list';
  const all = useFilterOptions(filter?.id, '', listBacked && line.values.length > 0);
  const known = new Map(seen);
  for (const option of all.data?.options ?? []) known.set(valueKey(option.id), option);
  const unnamed = all.data?.truncated ? line.values.map(valueKey).filter((key) => !known.has(key)) : [];
  const lookups = useFilterOptionLookups(filter?.id, unnamed);
  for (const lookup of lookups) if (lookup.option) known.set(lookup.key, lookup.option);
  const settled = (key: string) =>
    all.isSuccess
      ? !all.data.truncated || lookups.some((lookup) => lookup.key === key && lookup.settled)
      : all.isError && refusedForAccount(all.error);
  return line.values.map((value) => {
    const key = valueKey(value);
    if (!listBacked) return { key, value, text: key };
    const option = known.get(key);
    if (option) return { key, value, text: option.name, flag: option.flag };
    return { key, value, text: settled(key) ? `${key}: Not found` : key };
  });
}

export function FilterLine({
  line,
  columnGroups,
  onChange,
  onRemove,
  pickerOpen,
  onPickerOpenChange,
  disabled,
  readOnly,
}: FilterLineProps) {
  const terms = useTerms();
  const filter = columnFilter(line.column, terms);
  const label = columnLabel(line.column, terms);
  const [seen, setSeen] = useState<ReadonlyMap<string, FilterOption>>(new Map());
  const rememberOptions = useCallback((options: readonly FilterOption[]) => {
    setSeen((previous) => {
      if (options.every((option) => previous.has(valueKey(option.id)))) return previous;
      const next = new Map(previous);
      for (const option of options) next.set(valueKey(option.id), option);
      return next;
    });
  }, []);
  const chips = useChips(line, seen);
  const valuesRef = useRef<HTMLDivElement>(null);
  const locked = disabled || readOnly;

  return (
    <li className={styles.line} data-column={line.column}>
      <ColumnMenu
        groups={columnGroups}
        exploreOnly={readOnly}
        disabled={disabled}
        onSelect={(column) => onChange({ column, type: line.type, values: [] })}
        trigger={
          <button
            type="button"
            className={styles.column}
            aria-label={`Filter column: ${label}`}
            disabled={disabled}
          >
            <span className={styles.columnLabel}>{label}</span>
            <Icon name="chevron-down" className={styles.chevron} />
          </button>
        }
      />
      <Dropdown<FilterType>
        aria-label={`${label} condition`}
        width={124}
        menuMinWidth={124}
        options={TYPE_OPTIONS}
        value={line.type}
        disabled={locked}
        onChange={(type) => onChange({ ...line, type })}
      />
      <Popover.Root open={pickerOpen && filter !== undefined} onOpenChange={onPickerOpenChange}>
        <Popover.Anchor asChild>
          {/* A click on the field's free space opens the picker too; its button is the keyboard's way in. */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the Select values button inside opens it by keyboard */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the same button carries the role */}
          <div
            ref={valuesRef}
            className={styles.values}
            style={{ maxHeight: CHIPS_MAX_HEIGHT_PX }}
            data-testid="filter-chips"
            onClick={(event) => {
              if (event.target === event.currentTarget && !disabled && filter) onPickerOpenChange(true);
            }}
          >
            {chips.length > 0 ? (
              <ul className={styles.chips} aria-label={`${label} values`}>
                {chips.map((chip) => (
                  <li
                    key={chip.key}
                    className={styles.chip}
                    data-missing={chip.text.endsWith(': Not found') || undefined}
                  >
                    {chip.flag ? (
                      <span className={styles.flag} aria-hidden="true">
                        {chip.flag}
                      </span>
                    ) : null}
                    <span className={styles.chipText}>{chip.text}</span>
                    <button
                      type="button"
                      className={styles.chipRemove}
                      aria-label={`Remove ${chip.text}`}
                      disabled={disabled}
                      onClick={() =>
                        onChange({
                          ...line,
                          values: line.values.filter((value) => valueKey(value) !== chip.key),
                        })
                      }
                    >
                      <Icon name="close" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {/* "Select values" opens the picker, never closes it: the picker of a new line is already open
                when the user reaches for the button, and a toggle would swallow that first click. */}
            <Popover.Trigger
              asChild
              disabled={disabled || filter === undefined}
              onClick={(event) => {
                event.preventDefault();
                onPickerOpenChange(true);
              }}
            >
              <button
                type="button"
                className={styles.pick}
                aria-label={`Select ${label} values`}
                disabled={disabled || filter === undefined}
              >
                {chips.length > 0 ? <Icon name="plus" className={styles.pickIcon} /> : 'Select values'}
              </button>
            </Popover.Trigger>
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            className={styles.popover}
            align="start"
            sideOffset={4}
            collisionPadding={8}
            aria-label={`${label} values picker`}
            // A press in the values field (its free space, a chip) keeps the picker: the field opens it.
            onInteractOutside={(event) => {
              if (event.target instanceof Node && valuesRef.current?.contains(event.target))
                event.preventDefault();
            }}
          >
            {filter ? (
              <ValuePicker
                column={filter}
                values={line.values}
                readOnly={readOnly}
                onOptionsSeen={rememberOptions}
                onValuesChange={(values) => onChange({ ...line, values })}
              />
            ) : null}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <Button
        variation="white"
        size="s"
        className={styles.remove}
        aria-label={`Remove the ${label} filter`}
        disabled={disabled}
        onClick={onRemove}
      >
        <Icon name="trash" className={styles.trashIcon} />
      </Button>
    </li>
  );
}
