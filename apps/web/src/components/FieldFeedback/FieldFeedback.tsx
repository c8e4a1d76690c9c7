import styles from './FieldFeedback.module.css';

/** The shared rule of form fields (spec 02 §5): a touched field's error wins, otherwise the warning. */
export interface FieldFeedbackState {
  touched?: boolean;
  error?: string | null;
  warning?: string | null;
}

export function fieldFeedback({ touched, error, warning }: FieldFeedbackState) {
  const showError = Boolean(touched && error);
  return {
    invalid: showError,
    error: showError ? (error ?? null) : null,
    warning: showError ? null : (warning ?? null),
  };
}

interface FieldFeedbackProps extends FieldFeedbackState {
  id: string;
}

/** The error (data-cy="invalid-feedback") or warning line under a field. */
export function FieldFeedback({ id, ...state }: FieldFeedbackProps) {
  const { error, warning } = fieldFeedback(state);
  if (error) {
    return (
      <p id={id} className={styles.error} data-cy="invalid-feedback" role="alert">
        {error}
      </p>
    );
  }
  if (warning) {
    return (
      <p id={id} className={styles.warning} data-cy="warning-feedback">
        {warning}
      </p>
    );
  }
  return null;
}
