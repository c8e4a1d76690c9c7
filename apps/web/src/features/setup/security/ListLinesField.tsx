import { useId } from 'react';
import type { ListLineError } from './list-lines';
import shared from './Security.module.css';

interface ListLinesFieldProps {
  label: string;
  hint: string;
  placeholder: string;
  rows: number;
  value: string;
  onChange: (value: string) => void;
  errors: readonly ListLineError[];
  showErrors: boolean;
  /** How one bad piece reads under the field, in the screen's words. */
  describe: (error: ListLineError) => string;
  disabled: boolean;
  /** Names `${testId}-input` and `${testId}-errors`. */
  testId: string;
  /** A class for the textarea that composes `textarea` from Security.module.css. */
  textareaClassName?: string;
}

/** A pasted list, one entry a line, with the pieces that are no entry listed under it by line. */
export function ListLinesField({
  label,
  hint,
  placeholder,
  rows,
  value,
  onChange,
  errors,
  showErrors,
  describe,
  disabled,
  testId,
  textareaClassName = shared.textarea,
}: ListLinesFieldProps) {
  const id = useId();
  const invalid = showErrors && errors.length > 0;
  return (
    <div className={shared.field}>
      <label htmlFor={id} className={shared.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={textareaClassName}
        value={value}
        disabled={disabled}
        rows={rows}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint ${id}-errors`}
        data-invalid={invalid || undefined}
        data-testid={`${testId}-input`}
      />
      <p id={`${id}-hint`} className={shared.hint}>
        {hint}
      </p>
      <ul
        id={`${id}-errors`}
        className={shared.lineErrors}
        aria-live="polite"
        data-testid={`${testId}-errors`}
      >
        {invalid
          ? errors.map((error) => (
              <li key={`${error.line}-${error.text}-${error.message}`}>{describe(error)}</li>
            ))
          : null}
      </ul>
    </div>
  );
}
