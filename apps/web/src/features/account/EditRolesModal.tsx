import type { AccountUser, Role } from '@veracity/contracts/account';
import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Modal } from '../../components/Modal/Modal';
import { useAccountMutation } from '../../lib/use-api-feedback';
import { permissionsQueryKey } from '../session/session.api';
import styles from './Account.module.css';
import { accountUsersQueryKey, grantRoles, revokeRoles } from './account.api';
import { INVITE_MESSAGES } from './InviteUserModal';
import { RoleChecklist } from './RoleChecklist';

export const ROLES_SAVED_MESSAGE = 'Roles updated';

/**
 * Grants the chosen roles (PUT /account/users/{id}) and revokes the ones taken away (DELETE with
 * roleIds). Sending the full choice keeps the result right whether PUT adds to or replaces the roles.
 */
export async function saveUserRoles(user: AccountUser, roleIds: number[]): Promise<void> {
  const removed = user.roles.map((role) => role.id).filter((id) => !roleIds.includes(id));
  await grantRoles(user.id, roleIds);
  if (removed.length > 0) await revokeRoles(user.id, removed);
}

interface EditRolesModalProps {
  user: AccountUser | null;
  roles: readonly Role[];
  onClose: () => void;
}

function EditRolesForm({
  user,
  roles,
  onClose,
}: {
  user: AccountUser;
  roles: readonly Role[];
  onClose: () => void;
}) {
  const [roleIds, setRoleIds] = useState<number[]>(() => user.roles.map((role) => role.id));
  const [touched, setTouched] = useState(false);
  const save = useAccountMutation({
    mutationFn: (next: number[]) => saveUserRoles(user, next),
    invalidate: [accountUsersQueryKey, permissionsQueryKey],
    success: ROLES_SAVED_MESSAGE,
    onSuccess: onClose,
  });
  const error = roleIds.length === 0 ? INVITE_MESSAGES.roleRequired : null;
  return (
    <>
      <RoleChecklist
        roles={roles}
        selected={roleIds}
        onChange={(next) => {
          setRoleIds(next);
          setTouched(true);
        }}
        error={touched ? error : null}
      />
      <div className={styles.modalActions}>
        <Button variation="white" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={save.isPending}
          onClick={() => {
            setTouched(true);
            if (!error) save.mutate(roleIds);
          }}
          data-testid="roles-save"
        >
          Save roles
        </Button>
      </div>
    </>
  );
}

/** Changes the roles of one user of the account. */
export function EditRolesModal({ user, roles, onClose }: EditRolesModalProps) {
  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={user ? `Roles of ${user.firstName || user.email}` : 'Roles'}
      description="Roles decide what the person can see and change in this account."
    >
      {user ? <EditRolesForm key={user.id} user={user} roles={roles} onClose={onClose} /> : null}
    </Modal>
  );
}
