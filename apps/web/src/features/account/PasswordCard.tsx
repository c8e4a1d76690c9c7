import { SIGNUP_PASSWORD_MIN_LENGTH } from '@veracity/contracts/auth';
import { type FormEvent, useState } from 'react';
import { Card } from '../../components/Card/Card';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { Input } from '../../components/Input/Input';
import { reloadPage } from '../../lib/page-reload';
import { storeSessionToken } from '../../lib/session-token';
import { useAccountMutation } from '../../lib/use-api-feedback';
import { isLocked, useWriteAccess } from '../session/use-write-access';
import styles from './Account.module.css';
import { changePassword } from './account.api';

export const PASSWORD_MESSAGES = {
  currentRequired: 'Please write your current password',
  newRequired: 'Please write your new password',
  tooShort: `Password must be at least ${SIGNUP_PASSWORD_MIN_LENGTH} characters long`,
  sameAsCurrent: 'Choose a password different from the current one',
  confirmRequired: 'Please write your confirmation password',
  mismatch: 'Passwords must match',
  changed: 'Your password was changed',
} as const;

interface PasswordFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validatePassword({ currentPassword, newPassword, confirmPassword }: PasswordFields) {
  return {
    currentPassword: currentPassword === '' ? PASSWORD_MESSAGES.currentRequired : null,
    newPassword:
      newPassword === ''
        ? PASSWORD_MESSAGES.newRequired
        : newPassword.length < SIGNUP_PASSWORD_MIN_LENGTH
          ? PASSWORD_MESSAGES.tooShort
          : newPassword === currentPassword
            ? PASSWORD_MESSAGES.sameAsCurrent
            : null,
    confirmPassword:
      confirmPassword === ''
        ? PASSWORD_MESSAGES.confirmRequired
        : confirmPassword !== newPassword
          ? PASSWORD_MESSAGES.mismatch
          : null,
  };
}

/**
 * Security: change the password (POST /auth/password/change). The answer carries a new session
 * token, stored before the page reloads (spec 01 §4).
 */
export function PasswordCard() {
  const [fields, setFields] = useState<PasswordFields>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [touched, setTouched] = useState<Partial<Record<keyof PasswordFields, boolean>>>({});
  const access = useWriteAccess();
  const change = useAccountMutation({
    mutationFn: changePassword,
    invalidate: [],
    success: PASSWORD_MESSAGES.changed,
    onSuccess: ({ hash }) => {
      storeSessionToken(hash);
      reloadPage();
    },
  });
  const errors = validatePassword(fields);
  const valid = !errors.currentPassword && !errors.newPassword && !errors.confirmPassword;

  const field = (name: keyof PasswordFields, label: string, autoComplete: string, testId: string) => (
    <Input
      type="password"
      label={label}
      autoComplete={autoComplete}
      value={fields[name]}
      onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))}
      onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
      touched={touched[name]}
      error={errors[name]}
      disabled={isLocked(access)}
      data-testid={testId}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ currentPassword: true, newPassword: true, confirmPassword: true });
    if (!access.allowed || !valid) return;
    change.mutate({ currentPassword: fields.currentPassword, newPassword: fields.newPassword });
  };

  return (
    <Card title="Password" data-testid="password-card">
      <form className={styles.form} onSubmit={submit} noValidate data-testid="password-form">
        <p className={styles.help}>
          Use at least 8 characters. After the change the page reloads with your new session.
        </p>
        <div className={styles.fields}>
          {field('currentPassword', 'Current password', 'current-password', 'password-current')}
          {field('newPassword', 'New password', 'new-password', 'password-new')}
          {field('confirmPassword', 'Confirm new password', 'new-password', 'password-confirm')}
        </div>
        <div className={styles.formFooter}>
          <GuardedButton type="submit" access={access} loading={change.isPending} data-testid="password-save">
            Change password
          </GuardedButton>
        </div>
      </form>
    </Card>
  );
}
