import type { ApiKey } from '@veracity/contracts/account';
import { useState } from 'react';
import { Card } from '../../components/Card/Card';
import { ConfirmModal } from '../../components/ConfirmModal/ConfirmModal';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { RowActions } from '../../components/RowActions/RowActions';
import { useAccountMutation } from '../../lib/use-api-feedback';
import styles from '../account/Account.module.css';
import { formatDate, formatDateTime } from '../account/format';
import { missingPermissionText, useHoldsPermission, useWriteAccess } from '../session/use-write-access';
import { CreateApiKeyModal } from './CreateApiKeyModal';
import { apiKeysQueryKey, deleteApiKey, useApiKeys } from './developers.api';

export const API_KEY_DELETED_MESSAGE = 'API key deleted';

/** /developers-settings: the user's API keys for server-to-server calls. */
export function DevelopersPage() {
  const allowed = useHoldsPermission('account_manage_integrations');
  const keys = useApiKeys(allowed === true);
  const access = useWriteAccess('account_manage_integrations');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const remove = useAccountMutation({
    mutationFn: (key: ApiKey) => deleteApiKey(key.id),
    invalidate: [apiKeysQueryKey],
    success: API_KEY_DELETED_MESSAGE,
    onSuccess: () => setDeleting(null),
  });

  const createButton = (size: 's' | 'm') => (
    <GuardedButton
      size={size}
      access={access}
      onClick={() => setCreating(true)}
      data-testid="api-keys-create"
    >
      Create API key
    </GuardedButton>
  );

  return (
    <div className={styles.page} data-testid="developers-page">
      <PageHeader title="Developers" />
      <p className={styles.intro}>
        API keys let your own servers call the Veracity API, for example to send server-to-server events or
        read reports. A key acts with your rights in this account.
      </p>
      <Card title="API keys" actions={createButton('s')} flush data-testid="api-keys-card">
        {allowed === false ? (
          <EmptyState title="API keys are managed by your account admins" testId="api-keys-no-permission">
            {missingPermissionText('account_manage_integrations')}
          </EmptyState>
        ) : keys.isPending ? (
          <SkeletonRows rows={3} testId="api-keys-loading" />
        ) : keys.isError ? (
          <LoadError error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <EmptyState title="No API keys yet" action={createButton('m')} testId="api-keys-empty">
            Create a key to call the Veracity API from your servers.
          </EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="api-keys-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.map((key) => (
                  <tr key={key.id} data-testid={`api-key-row-${key.id}`}>
                    <td className={styles.primaryText}>{key.name}</td>
                    <td>
                      <code>{key.prefix}…</code>
                    </td>
                    <td className={styles.nowrap}>{formatDate(key.createdAt)}</td>
                    <td className={styles.nowrap}>{formatDateTime(key.lastUsedAt)}</td>
                    <td className={styles.actionsCell}>
                      <RowActions
                        access={access}
                        name="api-key"
                        id={key.id}
                        onDelete={() => setDeleting(key)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <CreateApiKeyModal open={creating} onOpenChange={setCreating} />
      <ConfirmModal
        subject={deleting}
        title="Delete API key"
        describe={(key) =>
          `Servers using “${key.name}” (${key.prefix}…) will be refused from now on. This cannot be undone.`
        }
        confirmLabel="Delete key"
        pending={remove.isPending}
        onConfirm={(item) => remove.mutate(item)}
        onCancel={() => setDeleting(null)}
        confirmTestId="api-key-delete-confirm"
      />
    </div>
  );
}
