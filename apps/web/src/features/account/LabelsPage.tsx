import type { Label } from '@veracity/contracts/account';
import { useState } from 'react';
import { Card } from '../../components/Card/Card';
import { ConfirmModal } from '../../components/ConfirmModal/ConfirmModal';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { RowActions } from '../../components/RowActions/RowActions';
import { useAccountMutation } from '../../lib/use-api-feedback';
import { useWriteAccess } from '../session/use-write-access';
import styles from './Account.module.css';
import { deleteLabel, labelsQueryKey, useLabels } from './account.api';
import { formatDate } from './format';
import { LABEL_MESSAGES, LabelFormModal } from './LabelFormModal';
import labelStyles from './Labels.module.css';

/** /account/labels: the account's labels for campaigns, offers and traffic sources. */
export function LabelsPage() {
  const labels = useLabels();
  const access = useWriteAccess('account_manage_labels');
  const [editing, setEditing] = useState<Label | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);
  const remove = useAccountMutation({
    mutationFn: (label: Label) => deleteLabel(label.id),
    invalidate: [labelsQueryKey],
    success: LABEL_MESSAGES.deleted,
    onSuccess: () => setDeleting(null),
  });

  const createButton = (size: 's' | 'm') => (
    <GuardedButton size={size} access={access} onClick={() => setEditing('new')} data-testid="labels-create">
      New label
    </GuardedButton>
  );

  return (
    <div className={styles.page} data-testid="account-labels-page">
      <PageHeader title="Labels" eyebrow="Account" />
      <p className={styles.intro}>
        Labels group campaigns, offers and traffic sources across the dashboard, so a team can filter by
        client, market or owner.
      </p>
      <Card title="Labels" actions={createButton('s')} flush data-testid="labels-card">
        {labels.isPending ? (
          <SkeletonRows rows={4} testId="labels-loading" />
        ) : labels.isError ? (
          <LoadError error={labels.error} onRetry={() => void labels.refetch()} />
        ) : labels.data.length === 0 ? (
          <EmptyState title="No labels yet" action={createButton('m')} testId="labels-empty">
            Create a label to group campaigns, offers and traffic sources.
          </EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="labels-table">
              <thead>
                <tr>
                  <th scope="col">Label</th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {labels.data.map((label) => (
                  <tr key={label.id} data-testid={`label-row-${label.id}`}>
                    <td>
                      <span className={labelStyles.label} style={{ borderColor: label.color }}>
                        <span className={labelStyles.dot} style={{ background: label.color }} />
                        {label.name}
                      </span>
                    </td>
                    <td className={styles.nowrap}>{formatDate(label.createdAt)}</td>
                    <td className={styles.actionsCell}>
                      <RowActions
                        access={access}
                        name="label"
                        id={label.id}
                        onEdit={() => setEditing(label)}
                        onDelete={() => setDeleting(label)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <LabelFormModal editing={editing} labels={labels.data ?? []} onClose={() => setEditing(null)} />
      <ConfirmModal
        subject={deleting}
        title="Delete label"
        describe={(label) => `“${label.name}” will be removed from every item that carries it.`}
        confirmLabel="Delete label"
        pending={remove.isPending}
        onConfirm={(item) => remove.mutate(item)}
        onCancel={() => setDeleting(null)}
        confirmTestId="label-delete-confirm"
      />
    </div>
  );
}
