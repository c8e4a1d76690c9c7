import {
  GLOBAL_INTELLIGENCE_MIN_ACCOUNTS,
  type GlobalIntelligenceEntry,
} from '@veracity/contracts/google-ads';
import { Card } from '../../components/Card/Card';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { Toggle } from '../../components/Toggle/Toggle';
import { Tooltip } from '../../components/Tooltip/Tooltip';
import { formatNumber } from '../../lib/format';
import { formatDateTime } from '../account/format';
import { useWriteAccess } from '../session/use-write-access';
import styles from './GoogleAds.module.css';
import { updateGoogleAdsSettings, useGlobalIntelligence, useGoogleAdsState } from './google-ads.api';
import { IP_TYPE_LABELS } from './google-ads-copy';
import { useGoogleAdsWrite } from './use-google-ads-write';

const OPT_IN_LABELS = { checked: 'on', unchecked: 'off' };

function OptIn({ enabled }: { enabled: boolean }) {
  const access = useWriteAccess('account_manage_integrations');
  const save = useGoogleAdsWrite(
    (globalIntelligence: boolean) => updateGoogleAdsSettings({ globalIntelligence }),
    (on) => (on ? 'Global intelligence is on' : 'Global intelligence is off'),
  );
  const checked = save.isPending ? (save.variables ?? enabled) : enabled;
  const toggle = (
    <Toggle
      checked={checked}
      onChange={(next) => save.mutate(next)}
      disabled={!access.allowed || save.isPending}
      aria-label="Use global intelligence"
      labels={OPT_IN_LABELS}
    />
  );
  return (
    <Card data-testid="global-intelligence-opt-in">
      <div className={styles.optIn}>
        <div className={styles.form}>
          <h2 className={styles.stepTitle}>Use global intelligence</h2>
          <p className={styles.help}>
            {`IPs and ranges that Veracity found invalid in at least ${GLOBAL_INTELLIGENCE_MIN_ACCOUNTS} distinct accounts are added to your Google Ads exclusions, within the same caps and rotation as your own. Which accounts reported them is never shown, and your own traffic is shared only in the same anonymised way.`}
          </p>
        </div>
        <span
          data-testid="global-intelligence-toggle"
          data-checked={checked}
          data-disabled-reason={access.reason ?? undefined}
        >
          {access.reason ? (
            <Tooltip content={access.reason}>
              <span>{toggle}</span>
            </Tooltip>
          ) : (
            toggle
          )}
        </span>
      </div>
    </Card>
  );
}

function EntriesTable({ entries }: { entries: readonly GlobalIntelligenceEntry[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="global-intelligence-table">
        <thead>
          <tr>
            <th scope="col">IP or range</th>
            <th scope="col">Type</th>
            <th scope="col" className={styles.number}>
              Accounts
            </th>
            <th scope="col" className={styles.wide}>
              Last seen
            </th>
            <th scope="col">Excluded</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.cidr} data-testid="global-intelligence-row">
              <td className={styles.address}>{entry.cidr}</td>
              <td>{IP_TYPE_LABELS[entry.type]}</td>
              <td className={styles.number}>{formatNumber(entry.accounts)}</td>
              <td className={`${styles.wide} ${styles.muted}`}>{formatDateTime(entry.lastSeenAt)}</td>
              <td>{entry.excluded ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /integrations/google-ads/global-intelligence: the opt-in and what it lists. */
export function GlobalIntelligencePage() {
  const state = useGoogleAdsState();
  const entries = useGlobalIntelligence();
  return (
    <div className={styles.page} data-testid="global-intelligence-page">
      <PageHeader title="Global intelligence" eyebrow="Google Ads" />
      {state.isPending ? (
        <SkeletonRows rows={2} testId="global-intelligence-loading" />
      ) : state.isError ? (
        <LoadError error={state.error} onRetry={() => void state.refetch()} />
      ) : (
        <OptIn enabled={state.data.settings.globalIntelligence} />
      )}
      <Card title="Invalid across accounts" flush data-testid="global-intelligence-list">
        {entries.isPending ? (
          <SkeletonRows rows={4} />
        ) : entries.isError ? (
          <LoadError error={entries.error} onRetry={() => void entries.refetch()} />
        ) : entries.data.length === 0 ? (
          <EmptyState
            title="No address is invalid across enough accounts yet"
            testId="global-intelligence-empty"
          >
            {`An IP or range appears here once it is found invalid in ${GLOBAL_INTELLIGENCE_MIN_ACCOUNTS} distinct accounts.`}
          </EmptyState>
        ) : (
          <EntriesTable entries={entries.data} />
        )}
      </Card>
    </div>
  );
}
