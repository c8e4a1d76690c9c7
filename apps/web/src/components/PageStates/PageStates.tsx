import type { ReactNode } from 'react';
import { describeApiError, ERROR_MESSAGES } from '../../lib/api-errors';
import { Button } from '../Button/Button';
import styles from './PageStates.module.css';

/** Grey bars in the shape of the content while it loads (DESIGN.md: an answer within 100 ms). */
export function SkeletonRows({ rows = 3, testId }: { rows?: number; testId?: string }) {
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid={testId}>
      <span className="visually-hidden">Loading</span>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <span key={index} className={styles.skeletonRow} />
      ))}
    </div>
  );
}

/** A failed load, with the catalogue's message and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const outcome = describeApiError(error);
  const text = outcome.kind === 'message' ? outcome.messages.join(' ') : ERROR_MESSAGES.noResponse;
  return (
    <div className={styles.loadError} role="alert" data-testid="load-error">
      <p>{text}</p>
      <Button size="s" variation="white" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** What to do next where there is nothing to show yet (DESIGN.md: never a blank area). */
export function EmptyState({
  title,
  children,
  action,
  testId,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={styles.empty} data-testid={testId}>
      <p className={styles.emptyTitle}>{title}</p>
      {children ? <p className={styles.emptyText}>{children}</p> : null}
      {action}
    </div>
  );
}
