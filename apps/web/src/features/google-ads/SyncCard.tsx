import type { GoogleAdsState } from '@veracity/contracts/google-ads';
import { useState } from 'react';
import { Card } from '../../components/Card/Card';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { Link } from '../../lib/navigation';
import { formatDateTime } from '../account/format';
import type { WriteAccess } from '../session/use-write-access';
import styles from './GoogleAds.module.css';
import { GOOGLE_ADS_PATHS } from './google-ads-copy';
import { type SyncResult, useSyncNow } from './sync-now';

/** Why "Sync now" cannot run although the user may write: nothing linked, or nothing protected. */
function unavailableReason(state: GoogleAdsState): string | null {
  if (state.connection === 'none') return 'Link Google Ads first';
  if (state.areAllAccountsInactive) return 'Choose the accounts to protect first';
  return null;
}

/** The last sync, its error, and "Sync now": the exclusion sync of the job, for this account, at once. */
export function SyncCard({ state, access }: { state: GoogleAdsState; access: WriteAccess }) {
  const [result, setResult] = useState<SyncResult | null>(null);
  const sync = useSyncNow(setResult);
  const reason = unavailableReason(state);
  const buttonAccess: WriteAccess = access.allowed && reason ? { allowed: false, reason } : access;
  return (
    <Card title="Synchronisation" data-testid="sync-card">
      <div className={styles.form}>
        <p className={styles.help} data-testid="last-sync">
          {`Last sync: ${formatDateTime(state.lastSyncAt)}`}
        </p>
        {state.lastSyncError ? (
          <p className={styles.errorText} role="alert" data-testid="last-sync-error">
            {`The last sync failed: ${state.lastSyncError}`}
          </p>
        ) : null}
        {state.connection === 'reconnect' ? (
          <p className={styles.warning} data-testid="sync-reconnect">
            Google refused Veracity’s access. <Link to={GOOGLE_ADS_PATHS.linking}>Reconnect with Google</Link>{' '}
            to resume exclusions.
          </p>
        ) : null}
        <p className={styles.help}>
          Veracity syncs on its own at regular intervals; Sync now pushes what it found at once.
        </p>
        <div className={styles.actions}>
          <GuardedButton
            access={buttonAccess}
            variation="secondary"
            loading={sync.isPending}
            onClick={() => {
              setResult(null);
              sync.mutate();
            }}
            data-testid="sync-now"
          >
            Sync now
          </GuardedButton>
          <span className={styles.help} role="status" data-testid="sync-progress">
            {sync.isPending ? 'Syncing with Google…' : ''}
          </span>
        </div>
        {result ? (
          <p
            className={result.ok ? styles.success : styles.errorText}
            role={result.ok ? 'status' : 'alert'}
            data-testid="sync-outcome"
          >
            {result.text}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
