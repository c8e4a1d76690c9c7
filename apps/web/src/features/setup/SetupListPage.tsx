import type { UseQueryResult } from '@tanstack/react-query';
import type { PermissionKey } from '@veracity/contracts/plans';
import type { ReactNode } from 'react';
import { Card } from '../../components/Card/Card';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { missingPermissionText } from '../session/use-write-access';
import styles from './Setup.module.css';

interface SetupListPageProps<T> {
  /** Test ids are `${testId}-page`, `-card`, `-no-permission`, `-loading`, `-empty`. */
  testId: string;
  title: string;
  eyebrow: string;
  /** The header's buttons (download, create). */
  actions: ReactNode;
  intro: ReactNode;
  cardTitle: string;
  /** Whether the person may read the list: undefined while their permissions load. */
  canRead: boolean | undefined;
  permission: PermissionKey;
  /** "campaigns", "offers": the words of the no-permission title. */
  noun: string;
  list: UseQueryResult<T[]>;
  empty: { title: string; action: ReactNode; text: ReactNode };
  /** The table, once the list has rows. */
  children: (rows: T[]) => ReactNode;
}

/**
 * A setup list screen (S2S campaigns, firewall campaigns, offers, traffic sources): the header, the
 * intro, and a card with the list's states: no permission, loading, failed, empty, or the table.
 */
export function SetupListPage<T>({
  testId,
  title,
  eyebrow,
  actions,
  intro,
  cardTitle,
  canRead,
  permission,
  noun,
  list,
  empty,
  children,
}: SetupListPageProps<T>) {
  return (
    <div className={styles.page} data-testid={`${testId}-page`}>
      <PageHeader
        title={title}
        eyebrow={eyebrow}
        actions={<div className={styles.headerActions}>{actions}</div>}
      />
      <p className={styles.intro}>{intro}</p>
      <Card title={cardTitle} flush data-testid={`${testId}-card`}>
        {canRead === false ? (
          <EmptyState title={`You cannot see ${noun}`} testId={`${testId}-no-permission`}>
            {missingPermissionText(permission)}
          </EmptyState>
        ) : canRead === undefined || list.isPending ? (
          <SkeletonRows rows={4} testId={`${testId}-loading`} />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <EmptyState title={empty.title} action={empty.action} testId={`${testId}-empty`}>
            {empty.text}
          </EmptyState>
        ) : (
          <div className={styles.tableWrap}>{children(list.data)}</div>
        )}
      </Card>
    </div>
  );
}
