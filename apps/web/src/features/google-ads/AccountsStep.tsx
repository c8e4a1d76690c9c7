import { formatGoogleAccountId } from '@veracity/contracts/campaigns';
import type { GoogleAdsAccount, GoogleAdsState } from '@veracity/contracts/google-ads';
import { type CSSProperties, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { EmptyState } from '../../components/PageStates/PageStates';
import { isLocked, type WriteAccess } from '../session/use-write-access';
import styles from './GoogleAds.module.css';
import { refreshGoogleAds, saveProtectedAccounts } from './google-ads.api';
import { useGoogleAdsWrite } from './use-google-ads-write';

export const ALL_INACTIVE_WARNING =
  'No account is protected: choose at least one account, or Veracity excludes nothing.';

function AccountRow({
  account,
  checked,
  disabled,
  onToggle,
}: {
  account: GoogleAdsAccount;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const id = `google-account-${account.customerId}`;
  const details = [formatGoogleAccountId(account.customerId), account.currency, account.timeZone]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      className={styles.accountRow}
      style={{ '--level': account.level } as CSSProperties}
      data-testid={id}
      data-manager={account.isManager || undefined}
    >
      {account.isManager ? (
        <span className={styles.managerMark} aria-hidden="true" />
      ) : (
        <input
          id={id}
          type="checkbox"
          className={styles.checkbox}
          checked={checked}
          disabled={disabled}
          onChange={onToggle}
        />
      )}
      <span className={styles.accountText}>
        {account.isManager ? (
          <span className={styles.accountName}>
            {account.name || formatGoogleAccountId(account.customerId)}
          </span>
        ) : (
          <label htmlFor={id} className={styles.accountName}>
            {account.name || formatGoogleAccountId(account.customerId)}
          </label>
        )}
        <span className={styles.accountDetails}>
          {details}
          {account.isManager ? ' · Manager account (not protected itself)' : ''}
        </span>
      </span>
    </li>
  );
}

/** Step 1: the hierarchy the Google user can reach; the chosen client accounts are protected. */
export function AccountsStep({
  state,
  access,
  onConnect,
}: {
  state: GoogleAdsState;
  access: WriteAccess;
  onConnect: () => void;
}) {
  const [chosen, setChosen] = useState(
    () =>
      new Set(
        state.accounts.filter((account) => account.active && !account.isManager).map((a) => a.customerId),
      ),
  );
  const refresh = useGoogleAdsWrite(refreshGoogleAds, 'Accounts and campaigns reloaded from Google');
  const save = useGoogleAdsWrite(
    (customerIds: string[]) => saveProtectedAccounts(customerIds),
    (customerIds) =>
      customerIds.length === 1 ? '1 account is protected' : `${customerIds.length} accounts are protected`,
  );
  const locked = isLocked(access);

  if (state.connection === 'none') {
    return (
      <div className={styles.stepBody} data-testid="google-step-accounts">
        <h2 className={styles.stepTitle}>Choose accounts to protect</h2>
        <EmptyState
          title="Connect with Google first"
          action={<Button onClick={onConnect}>Go to “Connect with Google”</Button>}
          testId="google-accounts-not-connected"
        >
          The accounts you can protect are the ones your Google user can reach.
        </EmptyState>
      </div>
    );
  }

  const toggle = (customerId: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(customerId)) next.delete(customerId);
      else next.add(customerId);
      return next;
    });

  return (
    <div className={styles.stepBody} data-testid="google-step-accounts">
      <div className={styles.stepHeading}>
        <h2 className={styles.stepTitle}>Choose accounts to protect</h2>
        <GuardedButton
          size="s"
          variation="secondary"
          access={access}
          loading={refresh.isPending}
          onClick={() => refresh.mutate(undefined)}
          data-testid="google-accounts-refresh"
        >
          Refresh
        </GuardedButton>
      </div>
      <p className={styles.help}>
        Veracity excludes invalid traffic on the accounts you choose. Manager accounts group client accounts
        and are not protected themselves.
      </p>
      {state.areAllAccountsInactive ? (
        <p className={styles.warning} role="status" data-testid="google-all-inactive">
          {ALL_INACTIVE_WARNING}
        </p>
      ) : null}
      {state.accounts.length === 0 ? (
        <EmptyState title="No Google Ads account found" testId="google-accounts-empty">
          The connected Google user cannot reach any Google Ads account. Connect with another user, or ask for
          access to your accounts in Google Ads, then refresh.
        </EmptyState>
      ) : (
        <ul className={styles.accountList} aria-label="Google Ads accounts" data-testid="google-accounts">
          {state.accounts.map((account) => (
            <AccountRow
              key={`${account.managerCustomerId ?? ''}/${account.customerId}`}
              account={account}
              checked={chosen.has(account.customerId)}
              disabled={locked}
              onToggle={() => toggle(account.customerId)}
            />
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <span className={styles.help} data-testid="google-accounts-count">
          {chosen.size === 1 ? '1 account chosen' : `${chosen.size} accounts chosen`}
        </span>
        <GuardedButton
          access={access}
          loading={save.isPending}
          onClick={() => save.mutate([...chosen])}
          data-testid="google-accounts-save"
        >
          Save accounts
        </GuardedButton>
      </div>
    </div>
  );
}
