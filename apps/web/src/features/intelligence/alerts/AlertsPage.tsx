import type { Alert } from '@veracity/contracts/alerts';
import { useState } from 'react';
import { Card } from '../../../components/Card/Card';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { RowActions } from '../../../components/RowActions/RowActions';
import { formatNumber, formatPercent } from '../../../lib/format';
import { useAccountMutation } from '../../../lib/use-api-feedback';
import { useAccountToday } from '../../session/use-account-today';
import { useTerms } from '../../session/use-terms';
import { useWriteAccess, type WriteAccess } from '../../session/use-write-access';
import { AlertFormModal, type AlertFormTarget } from './AlertForm';
import { AlertHistory } from './AlertHistory';
import styles from './Alerts.module.css';
import { alertFrequencyLabel, alertSlices, alertTypeLabel, formatInstant } from './alert-display';
import { ALERT_NOTIFICATIONS } from './alert-form';
import { ALERT_MANAGER_PERMISSION } from './alert-permission';
import { alertHistoryQueryKey, alertsQueryKey, deleteAlert, useAlerts } from './alerts.api';

/**
 * /intelligence/reports/alerts (spec 02 §2): the account's alerts with create, edit and delete, each
 * change answered by its notification and the list reloaded, then the history of the alerts that
 * fired. Users without the right to manage alerts, and the demo account, read it only.
 */
export function AlertsPage() {
  const alerts = useAlerts();
  const access = useWriteAccess(ALERT_MANAGER_PERMISSION);
  const { timeZone } = useAccountToday();
  const [editing, setEditing] = useState<AlertFormTarget | null>(null);
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const remove = useAccountMutation({
    mutationFn: (alert: Alert) => deleteAlert(alert.id),
    invalidate: [alertsQueryKey, alertHistoryQueryKey],
    success: ALERT_NOTIFICATIONS.deleted,
    onSuccess: () => setDeleting(null),
  });

  const createButton = (size: 's' | 'm') => (
    <GuardedButton
      size={size}
      access={access}
      onClick={() => setEditing({ kind: 'new' })}
      data-testid="alerts-create"
    >
      Create Alert
    </GuardedButton>
  );

  return (
    <div className={styles.page} data-testid="alerts-page">
      <PageHeader title="Alerts" eyebrow="Intelligence · Reports" />
      <p className={styles.intro}>
        An alert watches the share of invalid visits or conversions in a slice of your traffic and emails the
        account’s managers when it reaches the threshold.
      </p>
      <Card title="Alerts" actions={createButton('s')} flush data-testid="alerts-card">
        {alerts.isPending ? (
          <SkeletonRows rows={4} testId="alerts-loading" />
        ) : alerts.isError ? (
          <LoadError error={alerts.error} onRetry={() => void alerts.refetch()} />
        ) : alerts.data.length === 0 ? (
          <EmptyState title="No alerts yet" action={createButton('m')} testId="alerts-empty">
            Create an alert to hear about invalid traffic as soon as it reaches your threshold.
          </EmptyState>
        ) : (
          <AlertsTable
            alerts={alerts.data}
            access={access}
            timeZone={timeZone}
            onEdit={(alert) => setEditing({ kind: 'edit', alert })}
            onDelete={setDeleting}
          />
        )}
      </Card>
      <AlertHistory timeZone={timeZone} alerts={alerts.data} />
      <AlertFormModal target={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        subject={deleting}
        title="Delete alert"
        describe={(alert) =>
          `“${alert.name}” will no longer be evaluated. The times it fired stay in the history.`
        }
        confirmLabel="Delete alert"
        pending={remove.isPending}
        onConfirm={(alert) => remove.mutate(alert)}
        onCancel={() => setDeleting(null)}
        confirmTestId="alert-delete-confirm"
      />
    </div>
  );
}

interface AlertsTableProps {
  alerts: readonly Alert[];
  access: WriteAccess;
  timeZone: string | undefined;
  onEdit: (alert: Alert) => void;
  onDelete: (alert: Alert) => void;
}

function AlertsTable({ alerts, access, timeZone, onEdit, onDelete }: AlertsTableProps) {
  const terms = useTerms();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="alerts-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Dimensions and values</th>
            <th scope="col" className={styles.number}>
              Threshold
            </th>
            <th scope="col" className={styles.number}>
              Minimum events
            </th>
            <th scope="col">Frequency</th>
            <th scope="col">Last evaluated</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {alerts.map((alert) => {
            const slices = alertSlices(alert, terms);
            return (
              <tr key={alert.id} data-testid={`alert-row-${alert.id}`}>
                <td className={styles.name}>{alert.name}</td>
                <td>{alertTypeLabel(alert)}</td>
                <td>
                  {slices.length === 0 ? (
                    <span className={styles.muted}>All traffic</span>
                  ) : (
                    <span className={styles.slices}>
                      {slices.map((slice) => (
                        <span key={slice.dimension} className={styles.slice}>
                          <span className={styles.sliceDimension}>{slice.label}:</span>
                          {slice.values}
                        </span>
                      ))}
                    </span>
                  )}
                </td>
                <td className={styles.number}>{formatPercent(alert.threshold)}</td>
                <td className={styles.number}>{formatNumber(alert.minEvents)}</td>
                <td className={styles.frequency} data-inactive={alert.frequency === 'deactivated'}>
                  {alertFrequencyLabel(alert)}
                </td>
                <td className={styles.nowrap}>{formatInstant(alert.lastEvaluatedAt, timeZone)}</td>
                <td className={styles.actionsCell}>
                  <RowActions
                    access={access}
                    name="alert"
                    id={alert.id}
                    onEdit={() => onEdit(alert)}
                    onDelete={() => onDelete(alert)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
