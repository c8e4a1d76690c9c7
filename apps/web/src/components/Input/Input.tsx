import { type ComponentProps, useId } from 'react';
import { FieldFeedback, type FieldFeedbackState, fieldFeedback } from '../FieldFeedback/FieldFeedback';
import styles from './Input.module.css';

/** Input widths (spec 02 §9): max is 100% of the container, m is 160 px. */
export type InputWidth = 'max' | 'm';

export interface InputProps extends Omit<ComponentProps<'input'>, 'width'>, FieldFeedbackState {
  label?: string;
  width?: InputWidth;
  /** Short help under the field when there is neither error nor warning. */
  hint?: string;
}

export function Input({
  label,
  width = 'max',
  hint,
  touched,
  error,
  warning,
  id,
  className,
  ...rest
}: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const feedbackId = `${inputId}-feedback`;
  const state = fieldFeedback({ touched, error, warning });
  const hasFeedback = Boolean(state.error || state.warning);
  return (
    <div className={[styles.field, styles[width], className].filter(Boolean).join(' ')}>
      {label ? (
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
      ) : null}
      <input
        id={inputId}
        className={styles.input}
        aria-invalid={state.invalid || undefined}
        aria-describedby={hasFeedback || hint ? feedbackId : undefined}
        data-invalid={state.invalid || undefined}
        data-warning={(!state.invalid && Boolean(state.warning)) || undefined}
        {...rest}
      />
      {hasFeedback ? (
        <FieldFeedback id={feedbackId} touched={touched} error={error} warning={warning} />
      ) : hint ? (
        <p id={feedbackId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
