import { useEffect, useState } from 'react';
import {
  customRange,
  DATE_RANGE_LABELS,
  DATE_RANGE_PRESETS,
  type DateRange,
  type DateRangePreset,
  namedRange,
} from '../../lib/date-ranges';
import { Button } from '../Button/Button';
import { Dropdown } from '../Dropdown/Dropdown';
import { Input } from '../Input/Input';
import styles from './DateRangePicker.module.css';

interface DateRangePickerProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** Today in the account's zone (`YYYY-MM-DD`): named ranges are computed from it. */
  today: string;
  label?: string;
  disabled?: boolean;
  /** Width of the range menu's button in px (default: room for the longest name). */
  width?: number;
}

/** Fits "Last 6 days & Today", the longest range name, where the dropdown's 160 px cut it. */
export const DATE_RANGE_PICKER_WIDTH = 190;

const OPTIONS = DATE_RANGE_PRESETS.map((preset) => ({ value: preset, label: DATE_RANGE_LABELS[preset] }));

/**
 * The date range control of spec 02 §4: a named range applies at once; Custom shows two dates, applied
 * together (a range never runs backwards, and no future day is offered).
 */
export function DateRangePicker({
  value,
  onChange,
  today,
  label,
  disabled = false,
  width = DATE_RANGE_PICKER_WIDTH,
}: DateRangePickerProps) {
  const [preset, setPreset] = useState<DateRangePreset>(value.preset);
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  useEffect(() => {
    setPreset(value.preset);
    setFrom(value.from);
    setTo(value.to);
  }, [value.preset, value.from, value.to]);

  const choose = (next: DateRangePreset) => {
    setPreset(next);
    if (next !== 'custom') onChange(namedRange(next, today));
  };
  const custom = customRange(from, to);
  const changed = custom !== undefined && (custom.from !== value.from || custom.to !== value.to);

  return (
    <div className={styles.picker}>
      <Dropdown
        options={OPTIONS}
        value={preset}
        onChange={choose}
        {...(label ? { label } : { 'aria-label': 'Date range' })}
        disabled={disabled}
        width={width}
      />
      {preset === 'custom' ? (
        <form
          className={styles.custom}
          onSubmit={(event) => {
            event.preventDefault();
            if (custom) onChange(custom);
          }}
        >
          <Input
            type="date"
            width="m"
            aria-label="From"
            value={from}
            max={today}
            onChange={(event) => setFrom(event.target.value)}
            disabled={disabled}
          />
          <Input
            type="date"
            width="m"
            aria-label="To"
            value={to}
            max={today}
            onChange={(event) => setTo(event.target.value)}
            disabled={disabled}
          />
          <Button type="submit" variation="secondary" disabled={disabled || !changed}>
            Apply
          </Button>
        </form>
      ) : null}
    </div>
  );
}
