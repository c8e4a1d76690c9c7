import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { useId } from 'react';
import { FieldFeedback, type FieldFeedbackState, fieldFeedback } from '../FieldFeedback/FieldFeedback';
import styles from './RadioGroup.module.css';

export interface RadioOption {
  value: string;
  label: string;
  /** A short line under the label, read with it by assistive technology. */
  description?: string;
  disabled?: boolean;
}

interface RadioGroupProps extends FieldFeedbackState {
  label: string;
  options: readonly RadioOption[];
  value: string | null;
  onChange: (value: string) => void;
  orientation?: 'vertical' | 'horizontal';
  disabled?: boolean;
  name?: string;
}

/** A set of choices; shows a touched field's error, otherwise its warning (spec 02 §5). */
export function RadioGroup({
  label,
  options,
  value,
  onChange,
  orientation = 'vertical',
  disabled = false,
  name,
  ...feedback
}: RadioGroupProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const feedbackId = `${id}-feedback`;
  const { invalid, error, warning } = fieldFeedback(feedback);
  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <RadioGroupPrimitive.Root
        className={`${styles.group} ${styles[orientation]}`}
        aria-labelledby={labelId}
        aria-invalid={invalid || undefined}
        aria-describedby={error || warning ? feedbackId : undefined}
        value={value ?? ''}
        onValueChange={onChange}
        orientation={orientation}
        disabled={disabled}
        name={name}
        data-invalid={invalid || undefined}
      >
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          const descriptionId = `${optionId}-description`;
          return (
            <div
              key={option.value}
              className={styles.option}
              data-described={option.description ? '' : undefined}
            >
              <RadioGroupPrimitive.Item
                id={optionId}
                value={option.value}
                disabled={option.disabled}
                className={styles.radio}
                aria-describedby={option.description ? descriptionId : undefined}
              >
                <RadioGroupPrimitive.Indicator className={styles.indicator} />
              </RadioGroupPrimitive.Item>
              <span className={styles.optionText}>
                <label htmlFor={optionId} className={styles.optionLabel}>
                  {option.label}
                </label>
                {option.description ? (
                  <span id={descriptionId} className={styles.optionDescription}>
                    {option.description}
                  </span>
                ) : null}
              </span>
            </div>
          );
        })}
      </RadioGroupPrimitive.Root>
      <FieldFeedback id={feedbackId} {...feedback} />
    </div>
  );
}
