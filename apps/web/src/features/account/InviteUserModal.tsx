import type { Role } from '@veracity/contracts/account';
import { EMAIL_PATTERN } from '@veracity/contracts/auth';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Input } from '../../components/Input/Input';
import { Modal } from '../../components/Modal/Modal';
import { useAccountMutation } from '../../lib/use-api-feedback';
import styles from './Account.module.css';
import { accountUsersQueryKey, inviteUser } from './account.api';
import { RoleChecklist } from './RoleChecklist';

export const INVITE_MESSAGES = {
  emailRequired: 'Required',
  emailInvalid: 'Invalid',
  roleRequired: 'Choose at least one role',
  sent: (email: string) => `Invitation sent to ${email}`,
} as const;

export function validateInvite(email: string, roleIds: readonly number[]) {
  const trimmed = email.trim();
  return {
    email:
      trimmed === ''
        ? INVITE_MESSAGES.emailRequired
        : EMAIL_PATTERN.test(trimmed)
          ? null
          : INVITE_MESSAGES.emailInvalid,
    roles: roleIds.length === 0 ? INVITE_MESSAGES.roleRequired : null,
  };
}

interface InviteUserModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roles: readonly Role[];
}

/** Invites a person by email with the roles they will hold (POST /account/invite). */
export function InviteUserModal({ open, onOpenChange, roles }: InviteUserModalProps) {
  const [email, setEmail] = useState('');
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [touched, setTouched] = useState({ email: false, roles: false });
  const reset = () => {
    setEmail('');
    setRoleIds([]);
    setTouched({ email: false, roles: false });
  };
  const invite = useAccountMutation({
    mutationFn: inviteUser,
    invalidate: [accountUsersQueryKey],
    success: (user) => INVITE_MESSAGES.sent(user.email),
    onSuccess: () => {
      reset();
      onOpenChange(false);
    },
  });
  const errors = validateInvite(email, roleIds);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, roles: true });
    if (errors.email || errors.roles) return;
    invite.mutate({ email: email.trim(), roleIds });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Invite a user"
      description="They receive an email with a link to join this account with the roles you choose."
      footer={
        <>
          <Button variation="white" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="invite-user-form"
            loading={invite.isPending}
            data-testid="invite-submit"
          >
            Send invitation
          </Button>
        </>
      }
    >
      <form
        id="invite-user-form"
        className={styles.form}
        onSubmit={submit}
        noValidate
        data-testid="invite-form"
      >
        <Input
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, email: true }))}
          touched={touched.email}
          error={errors.email}
          data-testid="invite-email"
        />
        <RoleChecklist
          roles={roles}
          selected={roleIds}
          onChange={(next) => {
            setRoleIds(next);
            setTouched((current) => ({ ...current, roles: true }));
          }}
          error={touched.roles ? errors.roles : null}
        />
      </form>
    </Modal>
  );
}
