import styles from './Spinner.module.css';

export type SpinnerSize = 'xs' | 's' | 'm' | 'l';

interface SpinnerProps {
  size?: SpinnerSize;
  /** Read by screen readers; the spinner is decorative when empty. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'm', label = 'Loading', className }: SpinnerProps) {
  const ring = (
    <span
      className={[styles.spinner, styles[size], className].filter(Boolean).join(' ')}
      aria-hidden="true"
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className={styles.wrapper}>
      {ring}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
