import { type ChangeEvent, useId } from 'react';
import { FieldFeedback } from '../../components/FieldFeedback/FieldFeedback';
import { PRIVACY_URL, TERMS_URL } from '../../lib/product-links';
import styles from './TermsField.module.css';

interface TermsFieldProps {
  name: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  touched: boolean;
  error: string | undefined;
  testId: string;
}

/** The terms acceptance of the sign-up and invitation forms, linking the terms and privacy documents. */
export function TermsField({ name, checked, onChange, onBlur, touched, error, testId }: TermsFieldProps) {
  const id = useId();
  const invalid = touched && Boolean(error);
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <input
          id={id}
          type="checkbox"
          name={name}
          className={styles.box}
          checked={checked}
          onChange={onChange}
          onBlur={onBlur}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-feedback` : undefined}
          data-testid={testId}
        />
        <label htmlFor={id} className={styles.label}>
          I accept the{' '}
          <a href={TERMS_URL} target="_blank" rel="noreferrer">
            Terms &amp; Conditions
          </a>{' '}
          and the{' '}
          <a href={PRIVACY_URL} target="_blank" rel="noreferrer">
            Privacy Policy
          </a>
        </label>
      </div>
      <FieldFeedback id={`${id}-feedback`} touched={touched} error={error} />
    </div>
  );
}
