import { formatGoogleAccountId } from '@veracity/contracts/campaigns';
import type { ExclusionLogLine, GoogleAdsCampaign } from '@veracity/contracts/google-ads';
import { Card } from '../../components/Card/Card';
import { Pager, usePage } from '../../components/Pager/Pager';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { formatDateTime } from '../account/format';
import { threatsText } from './exclusion-display';
import styles from './GoogleAds.module.css';
import { useExclusionLog } from './google-ads.api';
import { IP_TYPE_LABELS } from './google-ads-copy';

/** The latest lines read; the card shows them a page at a time. */
export const EXCLUSION_LOG_LIMIT = 100;
export const EXCLUSION_LOG_PAGE_SIZE = 20;

const OUTCOME_LABELS: Record<ExclusionLogLine['outcome'], string> = {
  applied: 'Applied',
  validated: 'Validated (dry run)',
  planned: 'Planned (detection only)',
  failed: 'Failed',
};

/** The latest adds and removals, with their reasons; every value is shown as text. */
export function ExclusionLogCard({ campaigns }: { campaigns: readonly GoogleAdsCampaign[] }) {
  const campaignName = (line: ExclusionLogLine) =>
    campaigns.find((item) => item.customerId === line.customerId && item.campaignId === line.campaignId)
      ?.name ?? `campaign ${line.campaignId}`;
  const log = useExclusionLog(EXCLUSION_LOG_LIMIT);
  const { rows, pager } = usePage(log.data ?? [], EXCLUSION_LOG_PAGE_SIZE);
  return (
    <Card title="Exclusion log" flush data-testid="exclusion-log-card">
      {log.isPending ? (
        <SkeletonRows rows={4} testId="exclusion-log-loading" />
      ) : log.isError ? (
        <LoadError error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.length === 0 ? (
        <EmptyState title="Nothing excluded yet" testId="exclusion-log-empty">
          Each exclusion Veracity adds or removes appears here with its reason after a sync.
        </EmptyState>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="exclusion-log-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Change</th>
                  <th scope="col">Address</th>
                  <th scope="col" className={styles.wide}>
                    Where
                  </th>
                  <th scope="col" className={styles.wide}>
                    Type
                  </th>
                  <th scope="col">Outcome</th>
                  <th scope="col" className={styles.wide}>
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: log lines have no id; the list is replaced whole
                  <tr key={index} data-testid="exclusion-log-row">
                    <td className={styles.muted}>{formatDateTime(line.at)}</td>
                    <td>{line.action === 'add' ? 'Added' : 'Removed'}</td>
                    <td className={styles.address}>{line.cidr}</td>
                    <td className={`${styles.wide} ${styles.cellText}`}>
                      {formatGoogleAccountId(line.customerId)}
                      {line.campaignId ? ` · ${campaignName(line)}` : ' · account level'}
                    </td>
                    <td className={styles.wide}>{IP_TYPE_LABELS[line.type]}</td>
                    <td>
                      {OUTCOME_LABELS[line.outcome]}
                      {line.error ? (
                        <span className={`${styles.muted} ${styles.cellText}`}>{` — ${line.error}`}</span>
                      ) : null}
                    </td>
                    <td className={`${styles.wide} ${styles.cellText}`}>
                      {line.reason}
                      {Object.keys(line.threats).length > 0 ? (
                        <span className={styles.muted}>{` — ${threatsText(line.threats)}`}</span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager {...pager} label="Exclusion log" testId="exclusion-log-page" />
        </>
      )}
    </Card>
  );
}
