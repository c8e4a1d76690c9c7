import { Switch } from 'radix-ui';
import { useId } from 'react';
import styles from './Toggle.module.css';

/** Binary toggle colour sets (spec 02 §4): blue-white (default) and legitimate-suspicious. */
export type ToggleColourSet = 'blue-white' | 'legitimate-suspicious';

interface ToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  colourSet?: ToggleColourSet;
  /** What the toggle switches, for screen readers (the visible label reads "active"/"inactive"). */
  'aria-label'?: string;
  id?: string;
  name?: string;
  /** The visible state words; "active"/"inactive" unless the toggle switches something else. */
  labels?: { checked: string; unchecked: string };
}

export const TOGGLE_LABELS = { checked: 'active', unchecked: 'inactive' } as const;

export function Toggle({
  checked,
  onChange,
  disabled = false,
  colourSet = 'blue-white',
  id,
  name,
  'aria-label': ariaLabel,
  labels = TOGGLE_LABELS,
}: ToggleProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  return (
    <span className={`${styles.toggle} ${styles[colourSet]}`} data-disabled={disabled || undefined}>
      <Switch.Root
        id={switchId}
        name={name}
        className={styles.track}
        checked={checked}
        disabled={disabled}
        aria-label={ariaLabel}
        onCheckedChange={(next) => {
          if (!disabled) onChange(next);
        }}
      >
        <Switch.Thumb className={styles.thumb} />
      </Switch.Root>
      <label htmlFor={switchId} className={styles.state}>
        {checked ? labels.checked : labels.unchecked}
      </label>
    </span>
  );
}
