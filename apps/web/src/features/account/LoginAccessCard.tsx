import { type FormEvent, useState } from 'react';
import { Card } from '../../components/Card/Card';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { Toggle } from '../../components/Toggle/Toggle';
import { useAccountMutation } from '../../lib/use-api-feedback';
import {
  isLocked,
  missingPermissionText,
  useHoldsPermission,
  useWriteAccess,
} from '../session/use-write-access';
import styles from './Account.module.css';
import {
  type LoginAccessSettings,
  loginAccessQueryKey,
  updateLoginAccess,
  useLoginAccess,
} from './account.api';
import { IpEntriesEditor } from './IpEntriesEditor';
import { draftsFrom, entriesFromDrafts, hasIpErrors, validateIpDrafts } from './ip-entries';

export const LOGIN_ACCESS_MESSAGES = {
  saved: 'Login access settings saved',
  explanation:
    'When the restriction is on, people can sign in to this account only from the addresses below. A sign-in from any other address waits until an account admin approves it from the email they receive.',
  noEntries:
    'Add at least one address before turning the restriction on: without one, every sign-in would wait for an admin’s approval.',
} as const;

function LoginAccessForm({ initial }: { initial: LoginAccessSettings }) {
  const [enabled, setEnabled] = useState(initial.enabled);
  const [drafts, setDrafts] = useState(() => draftsFrom(initial.entries));
  const [attempted, setAttempted] = useState(false);
  const access = useWriteAccess('account_manage_ip_whitelist');
  const save = useAccountMutation({
    mutationFn: updateLoginAccess,
    invalidate: [loginAccessQueryKey],
    success: LOGIN_ACCESS_MESSAGES.saved,
  });
  const errors = validateIpDrafts(drafts);
  const entries = entriesFromDrafts(drafts);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!access.allowed || hasIpErrors(errors) || (enabled && entries.length === 0)) return;
    save.mutate({ enabled, entries });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="login-access-form">
      <p className={styles.help}>{LOGIN_ACCESS_MESSAGES.explanation}</p>
      <div className={styles.toggleRow}>
        <span className={styles.primaryText} id="login-access-label">
          Restrict sign-ins to listed IP addresses
        </span>
        <Toggle
          checked={enabled}
          onChange={setEnabled}
          disabled={isLocked(access)}
          aria-label="Restrict sign-ins to listed IP addresses"
          id="login-access-toggle"
        />
      </div>
      {enabled && entries.length === 0 ? (
        <p
          className={styles.warning}
          role={attempted ? 'alert' : undefined}
          data-testid="login-access-no-entries"
        >
          {LOGIN_ACCESS_MESSAGES.noEntries}
        </p>
      ) : null}
      <IpEntriesEditor
        drafts={drafts}
        errors={errors}
        onChange={setDrafts}
        showErrors={attempted}
        disabled={isLocked(access)}
        testId="login-ip"
        emptyText="No allowed addresses. Add your office or VPN address."
      />
      <div className={styles.formFooter}>
        <GuardedButton type="submit" access={access} loading={save.isPending} data-testid="login-access-save">
          Save login access
        </GuardedButton>
      </div>
    </form>
  );
}

/** The login IP allow-list (GET/PUT /account/access-login-settings). */
export function LoginAccessCard() {
  const allowed = useHoldsPermission('account_manage_ip_whitelist');
  const settings = useLoginAccess(allowed === true);
  return (
    <Card title="Login access" data-testid="login-access-card">
      {allowed === false ? (
        <EmptyState
          title="Login access is managed by your account admins"
          testId="login-access-no-permission"
        >
          {missingPermissionText('account_manage_ip_whitelist')}
        </EmptyState>
      ) : settings.isPending ? (
        <SkeletonRows rows={3} testId="login-access-loading" />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <LoginAccessForm key={settings.dataUpdatedAt} initial={settings.data} />
      )}
    </Card>
  );
}
