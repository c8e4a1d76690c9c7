import styles from './Logo.module.css';

/** The Veracity mark and word. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="var(--color-primary)" />
        <path
          d="M8 9l8 15 8-15"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {compact ? (
        <span className="visually-hidden">Veracity</span>
      ) : (
        <span className={styles.word}>Veracity</span>
      )}
    </span>
  );
}
