import type { AccountUser } from '@veracity/contracts/account';
import { useState } from 'react';
import { Card } from '../../components/Card/Card';
import { ConfirmModal } from '../../components/ConfirmModal/ConfirmModal';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { useAccountMutation } from '../../lib/use-api-feedback';
import { useWriteAccess, type WriteAccess } from '../session/use-write-access';
import styles from './Account.module.css';
import { accountUsersQueryKey, revokeRoles, useAccountUsers, useRoles } from './account.api';
import { EditRolesModal } from './EditRolesModal';
import { formatDate, formatDateTime } from './format';
import { InviteUserModal } from './InviteUserModal';

const STATUS_LABEL: Record<AccountUser['status'], string> = {
  active: 'Active',
  pending: 'Invited',
  inactive: 'No access',
};

export const revokedMessage = (user: AccountUser) => `${user.email} no longer has access to this account`;

interface UserRowProps {
  user: AccountUser;
  isSelf: boolean;
  access: WriteAccess;
  onEdit: () => void;
  onRevoke: () => void;
}

function UserRow({ user, isSelf, access, onEdit, onRevoke }: UserRowProps) {
  const selfAccess: WriteAccess = isSelf
    ? { allowed: false, reason: 'You cannot revoke your own access.' }
    : access;
  return (
    <tr data-testid={`user-row-${user.id}`}>
      <td>
        <span className={styles.primaryText}>{user.firstName || user.email}</span>
        {isSelf ? <span className={styles.muted}> (you)</span> : null}
        <span className={`${styles.secondaryLine} ${styles.breakAnywhere}`}>{user.email}</span>
      </td>
      <td>
        <span className={styles.chip} data-status={user.status}>
          {STATUS_LABEL[user.status]}
        </span>
      </td>
      <td>
        {user.roles.length === 0 ? (
          <span className={styles.muted}>None</span>
        ) : (
          <span className={styles.chipList}>
            {user.roles.map((role) => (
              <span key={role.id} className={styles.chip}>
                {role.name}
              </span>
            ))}
          </span>
        )}
      </td>
      <td className={`${styles.nowrap} ${styles.hideNarrow}`}>
        {user.status === 'pending'
          ? `Invited ${formatDate(user.invitedAt)}`
          : formatDateTime(user.lastLoginAt)}
      </td>
      <td className={styles.actionsCell}>
        <GuardedButton
          size="s"
          variation="white"
          access={access}
          onClick={onEdit}
          data-testid={`user-edit-${user.id}`}
        >
          Roles
        </GuardedButton>
        {user.roles.length > 0 ? (
          <GuardedButton
            size="s"
            variation="white"
            access={selfAccess}
            onClick={onRevoke}
            data-testid={`user-revoke-${user.id}`}
          >
            Revoke access
          </GuardedButton>
        ) : null}
      </td>
    </tr>
  );
}

/** User administration for admins: invite, change roles, revoke access (spec 01 §6). */
export function UsersCard({ selfEmail }: { selfEmail: string }) {
  const users = useAccountUsers();
  const roles = useRoles();
  const access = useWriteAccess('account_manage_users');
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<AccountUser | null>(null);
  const [revoking, setRevoking] = useState<AccountUser | null>(null);
  const revoke = useAccountMutation({
    mutationFn: (user: AccountUser) => revokeRoles(user.id),
    invalidate: [accountUsersQueryKey],
    success: (_result, user) => revokedMessage(user),
    onSuccess: () => setRevoking(null),
  });

  const inviteButton = (
    <GuardedButton size="s" access={access} onClick={() => setInviting(true)} data-testid="users-invite">
      Invite user
    </GuardedButton>
  );

  return (
    <Card title="Users" actions={inviteButton} flush data-testid="users-card">
      {users.isPending ? (
        <SkeletonRows rows={4} testId="users-loading" />
      ) : users.isError ? (
        <LoadError error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.length === 0 ? (
        <EmptyState title="Nobody else uses this account yet" testId="users-empty">
          Invite your colleagues so they can follow the traffic quality with you.
        </EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="users-table">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Status</th>
                <th scope="col">Roles</th>
                <th scope="col" className={styles.hideNarrow}>
                  Last login
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isSelf={user.email.toLowerCase() === selfEmail.toLowerCase()}
                  access={access}
                  onEdit={() => setEditing(user)}
                  onRevoke={() => setRevoking(user)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <InviteUserModal open={inviting} onOpenChange={setInviting} roles={roles.data ?? []} />
      <EditRolesModal user={editing} roles={roles.data ?? []} onClose={() => setEditing(null)} />
      <ConfirmModal
        subject={revoking}
        title="Revoke access"
        describe={(user) =>
          `${user.email} will lose every role and can no longer open this account. You can invite them again later.`
        }
        confirmLabel="Revoke access"
        pending={revoke.isPending}
        onConfirm={(item) => revoke.mutate(item)}
        onCancel={() => setRevoking(null)}
        confirmTestId="revoke-confirm"
      />
    </Card>
  );
}
