import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '../../../components/Card/Card';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import styles from './OverviewPage.module.css';

export type SectionState = 'loading' | 'error' | 'empty' | 'ready';

interface OverviewSectionProps<T> {
  title: ReactNode;
  /** Used as the card's test id and to name its parts. */
  testId: string;
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'refetch'>;
  isEmpty: (data: T) => boolean;
  empty: { title: string; text?: ReactNode };
  /** Lines of the loading skeleton, roughly the shape of the content. */
  skeletonRows?: number;
  actions?: ReactNode;
  /** Shown under the content in every state: what the section's figures mean. */
  footer?: ReactNode;
  className?: string;
  children: (data: T) => ReactNode;
}

/**
 * One section of the overview with its own states (spec 02 §2: each section has its own loading
 * flag): a skeleton while loading, the catalogue's message with a retry on failure, what to do next
 * when there is nothing to show, and the content.
 */
export function OverviewSection<T>({
  title,
  testId,
  query,
  isEmpty,
  empty,
  skeletonRows = 3,
  actions,
  footer,
  className,
  children,
}: OverviewSectionProps<T>) {
  let state: SectionState;
  let body: ReactNode;
  if (query.isError) {
    state = 'error';
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data === undefined) {
    state = 'loading';
    body = <SkeletonRows rows={skeletonRows} testId={`${testId}-loading`} />;
  } else if (isEmpty(query.data)) {
    state = 'empty';
    body = (
      <EmptyState title={empty.title} testId={`${testId}-empty`}>
        {empty.text}
      </EmptyState>
    );
  } else {
    state = 'ready';
    body = children(query.data);
  }
  return (
    <Card
      title={title}
      actions={actions}
      className={[styles.section, className].filter(Boolean).join(' ')}
      data-testid={testId}
      data-state={state}
      aria-busy={state === 'loading' || undefined}
    >
      {body}
      {footer}
    </Card>
  );
}
