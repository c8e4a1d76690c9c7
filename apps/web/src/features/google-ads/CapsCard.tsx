import { formatGoogleAccountId } from '@veracity/contracts/campaigns';
import type { GoogleAdsState } from '@veracity/contracts/google-ads';
import { EXCLUSION_ROTATION_MAX_DAYS } from '@veracity/contracts/google-ads';
import { Card } from '../../components/Card/Card';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { addDays } from '../../lib/date-ranges';
import { formatNumber } from '../../lib/format';
import { capsInUse } from './caps';
import styles from './GoogleAds.module.css';
import { type ExclusionListSection, useExclusionLists } from './google-ads.api';

/** Every list that holds IP blocks: the campaign sections and the account-level lists. */
const CAP_SECTIONS: readonly ExclusionListSection[] = ['search-display', 'shopping', 'pmax', 'account'];

/** Google's caps in use: IP blocks per campaign and per account, used / 500, fullest first. */
export function CapsCard({ state, today }: { state: GoogleAdsState; today: string }) {
  // Entries live at most the longest rotation window: that range holds every one still in place.
  const from = addDays(today, -EXCLUSION_ROTATION_MAX_DAYS);
  const lists = useExclusionLists(CAP_SECTIONS, from, today);
  const failed = lists.find((query) => query.isError);
  const pending = lists.some((query) => query.isPending);
  const usage = pending
    ? []
    : capsInUse(
        lists.flatMap((query) => query.data ?? []),
        state.campaigns,
      );
  return (
    <Card title="Caps in use" flush data-testid="caps-card">
      {failed ? (
        <LoadError error={failed.error} onRetry={() => void failed.refetch()} />
      ) : pending ? (
        <SkeletonRows rows={3} testId="caps-loading" />
      ) : usage.length === 0 ? (
        <EmptyState title="No IP block in use" testId="caps-empty">
          Google allows 500 IP blocks per campaign and 500 per account; they fill as Veracity excludes.
        </EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="caps-table">
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">List</th>
                <th scope="col" className={styles.number}>
                  In use
                </th>
                <th scope="col" className={styles.wide}>
                  <span className="visually-hidden">Fill</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {usage.map((list) => (
                <tr key={`${list.customerId}/${list.campaignId ?? ''}`} data-testid="caps-row">
                  <td>{formatGoogleAccountId(list.customerId)}</td>
                  <td className={styles.cellText}>
                    {list.campaignId === null
                      ? 'Account level'
                      : (list.campaignName ?? `Campaign ${list.campaignId}`)}
                  </td>
                  <td
                    className={styles.number}
                  >{`${formatNumber(list.used)} / ${formatNumber(list.cap)}`}</td>
                  <td className={styles.wide}>
                    <span className={styles.meter} aria-hidden="true">
                      <span
                        className={styles.meterFill}
                        data-full={list.used >= list.cap || undefined}
                        style={{ width: `${Math.min(100, (list.used / list.cap) * 100)}%` }}
                      />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
