import type { Alert } from '@veracity/contracts/alerts';
import { Link } from 'react-router';
import { Card } from '../../../components/Card/Card';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { formatNumber, formatPercent } from '../../../lib/format';
import styles from './Alerts.module.css';
import { firingAnalyticsHref, formatInstant, formatWindow } from './alert-display';
import { useAlertHistory } from './alerts.api';

/** The latest times the account's alerts fired (GET /api/alerts/history), newest first. */
export function AlertHistory({
  timeZone,
  alerts,
}: {
  timeZone: string | undefined;
  /** The account's alerts, whose values a firing's evidence is filtered on. */
  alerts: readonly Alert[] | undefined;
}) {
  const history = useAlertHistory();
  const alertById = new Map((alerts ?? []).map((alert) => [alert.id, alert]));
  return (
    <Card title="Alert history" flush data-testid="alert-history">
      {history.isPending ? (
        <SkeletonRows rows={3} testId="alert-history-loading" />
      ) : history.isError ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <EmptyState title="No alert has fired yet" testId="alert-history-empty">
          When an alert reaches its threshold, the time, the window and its figures show here.
        </EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="alert-history-table">
            <thead>
              <tr>
                <th scope="col">Fired at</th>
                <th scope="col">Alert</th>
                <th scope="col">Window</th>
                <th scope="col" className={styles.number}>
                  Events
                </th>
                <th scope="col" className={styles.number}>
                  Invalid %
                </th>
                <th scope="col" className={styles.number}>
                  Threshold
                </th>
                <th scope="col" className={styles.number}>
                  Recipients
                </th>
                <th scope="col">
                  <span className="visually-hidden">Evidence</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((firing) => (
                <tr key={firing.id} data-testid={`alert-firing-${firing.id}`}>
                  <td className={styles.nowrap}>{formatInstant(firing.firedAt, timeZone)}</td>
                  <td className={styles.name}>{firing.alertName}</td>
                  <td className={styles.nowrap}>
                    {formatWindow(firing.windowStart, firing.windowEnd, timeZone)}
                  </td>
                  <td className={styles.number}>{formatNumber(firing.events)}</td>
                  <td className={styles.number}>{formatPercent(firing.invalidPercent)}</td>
                  <td className={styles.number}>{formatPercent(firing.threshold)}</td>
                  <td className={styles.number}>{formatNumber(firing.recipients)}</td>
                  <td className={styles.nowrap}>
                    <Link
                      to={firingAnalyticsHref(firing, alertById.get(firing.alertId), timeZone)}
                      data-testid="alert-firing-evidence"
                    >
                      Invalid {firing.type === 'conversion' ? 'conversions' : 'visits'}
                    </Link>
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
