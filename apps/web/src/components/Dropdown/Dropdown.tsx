import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useId, useState } from 'react';
import { FieldFeedback, type FieldFeedbackState, fieldFeedback } from '../FieldFeedback/FieldFeedback';
import { Icon } from '../Icon/Icon';
import styles from './Dropdown.module.css';

/** Spec 02 §9: width 160 px, menu min width 160 px, directions down (default), up, left, right. */
export type DropdownDirection = 'down' | 'up' | 'left' | 'right';
export const DROPDOWN_WIDTH_PX = 160;
export const DROPDOWN_MENU_MIN_WIDTH_PX = 160;

const SIDE = { down: 'bottom', up: 'top', left: 'left', right: 'right' } as const;

export interface DropdownOption<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

interface DropdownProps<V extends string> extends FieldFeedbackState {
  options: readonly DropdownOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  label?: string;
  placeholder?: string;
  /** Button width in px, or "100%" to fill the container. */
  width?: number | '100%';
  menuMinWidth?: number;
  direction?: DropdownDirection;
  disabled?: boolean;
  'aria-label'?: string;
}

/** A single choice from a menu: opens and closes on its button, closes on an outside click or a choice. */
export function Dropdown<V extends string>({
  options,
  value,
  onChange,
  label,
  placeholder = 'Select...',
  width = DROPDOWN_WIDTH_PX,
  menuMinWidth = DROPDOWN_MENU_MIN_WIDTH_PX,
  direction = 'down',
  disabled = false,
  touched,
  error,
  warning,
  'aria-label': ariaLabel,
}: DropdownProps<V>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const selected = options.find((option) => option.value === value);
  const state = fieldFeedback({ touched, error, warning });
  const feedbackId = `${id}-feedback`;
  return (
    <div className={styles.field} style={{ width }}>
      {label ? (
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
      ) : null}
      <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
        <DropdownMenu.Trigger
          className={styles.trigger}
          disabled={disabled}
          aria-labelledby={label ? `${id}-label ${id}-value` : undefined}
          aria-label={label ? undefined : ariaLabel}
          aria-invalid={state.invalid || undefined}
          aria-describedby={state.error || state.warning ? feedbackId : undefined}
          data-invalid={state.invalid || undefined}
          data-direction={direction}
        >
          <span id={`${id}-value`} className={selected ? styles.value : styles.placeholder}>
            {selected ? selected.label : placeholder}
          </span>
          <Icon name="chevron-down" className={styles.chevron} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className={styles.menu}
            side={SIDE[direction]}
            align="start"
            sideOffset={4}
            collisionPadding={8}
            style={{ minWidth: Math.max(menuMinWidth, 0) }}
          >
            <DropdownMenu.RadioGroup
              value={value ?? ''}
              onValueChange={(next) => {
                const option = options.find((candidate) => candidate.value === next);
                if (option) onChange(option.value);
              }}
            >
              {options.map((option) => (
                <DropdownMenu.RadioItem
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  className={styles.item}
                >
                  <span className={styles.itemLabel}>{option.label}</span>
                  <DropdownMenu.ItemIndicator className={styles.check}>✓</DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <FieldFeedback id={feedbackId} touched={touched} error={error} warning={warning} />
    </div>
  );
}
