import { useMutation } from '@tanstack/react-query';
import { NO_CONTENT_MESSAGE } from '@veracity/contracts/csv';
import {
  REPORT_RANGE_LABELS,
  REPORT_RUN_STATUS_LABELS,
  REPORT_SCHEDULE_LABELS,
  type Report,
  type ReportRun,
} from '@veracity/contracts/reports';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '../../../components/Card/Card';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { useNotify } from '../../../components/Notifications/use-notify';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { RowActions } from '../../../components/RowActions/RowActions';
import { formatNumber } from '../../../lib/format';
import { useAccountMutation, useShowApiError } from '../../../lib/use-api-feedback';
import { UpsellGate } from '../../session/UpsellGate';
import { useAccountToday } from '../../session/use-account-today';
import { useTerms } from '../../session/use-terms';
import { useWriteAccess, type WriteAccess } from '../../session/use-write-access';
import { formatInstant } from '../alerts/alert-display';
import { saveFile } from '../analytics/analytics.api';
import { REPORT_NOTIFICATIONS, ReportFormModal } from './ReportForm';
import styles from './Reports.module.css';
import { REPORT_PERMISSION } from './report-permission';
import {
  deleteReport,
  downloadReportRun,
  isRunning,
  reportsQueryKey,
  runReportNow,
  useReports,
} from './reports.api';

/**
 * /intelligence/reports/list (issue 36): the account's full reports, each with its last run (its
 * progress while it runs, polled), Run now, Download, Edit and Delete. A plan without the reports view
 * sees what it would get.
 */
export function ReportsPage() {
  return (
    <UpsellGate
      view="reports"
      title="Reports"
      eyebrow="Intelligence · Reports"
      upsell={{
        title: 'Full reports',
        summary:
          'Any analytics breakdown as a CSV file, run when you ask or every day or week, and emailed to your team.',
        benefits: [
          'Every dimension and metric of analytics, with the report filters',
          'Daily or weekly runs over a fresh period',
          'Millions of rows, downloaded as one CSV file',
        ],
      }}
    >
      <ReportsList />
    </UpsellGate>
  );
}

const rowsText = (rows: number) => `${formatNumber(rows)} ${rows === 1 ? 'row' : 'rows'}`;

/** A run's state in words: its status, rows so far or in all, and when it ended. */
export function runSummary(run: ReportRun | null, timeZone: string | undefined): string {
  if (!run) return 'Never run';
  const status = REPORT_RUN_STATUS_LABELS[run.status];
  if (run.status === 'queued') return status;
  if (run.status === 'running') return `${status} · ${rowsText(run.rows)} written`;
  if (run.status === 'failed') return `${status} · ${formatInstant(run.finishedAt, timeZone)}`;
  return `${status} · ${rowsText(run.rows)} · ${formatInstant(run.finishedAt, timeZone)}`;
}

function useDownload() {
  const notify = useNotify();
  const showError = useShowApiError();
  return useMutation({
    mutationFn: (runId: number) => downloadReportRun(runId),
    onSuccess: (download) => {
      if (download.kind === 'empty') notify.info(NO_CONTENT_MESSAGE);
      else saveFile(download);
    },
    onError: showError,
  });
}

function ReportsList() {
  const reports = useReports();
  const access = useWriteAccess(REPORT_PERMISSION);
  const { timeZone } = useAccountToday();
  const [params] = useSearchParams();
  const mailedRun = Number(params.get('run'));
  const [editing, setEditing] = useState<'new' | Report | null>(null);
  const [deleting, setDeleting] = useState<Report | null>(null);
  const download = useDownload();
  const remove = useAccountMutation({
    mutationFn: (report: Report) => deleteReport(report.id),
    invalidate: [reportsQueryKey],
    success: REPORT_NOTIFICATIONS.deleted,
    onSuccess: () => setDeleting(null),
  });
  const run = useAccountMutation({
    mutationFn: (report: Report) => runReportNow(report.id),
    invalidate: [reportsQueryKey],
    success: REPORT_NOTIFICATIONS.queued,
  });

  const createButton = (size: 's' | 'm') => (
    <GuardedButton size={size} access={access} onClick={() => setEditing('new')} data-testid="reports-create">
      Create Report
    </GuardedButton>
  );

  return (
    <div className={styles.page} data-testid="reports-page">
      <PageHeader title="Reports" eyebrow="Intelligence · Reports" />
      <p className={styles.intro}>
        A report runs an analytics breakdown over its period, on demand or every day or week, keeps the result
        as a CSV file and emails a link to the people you choose.
      </p>
      {Number.isSafeInteger(mailedRun) && mailedRun > 0 ? (
        <div className={styles.mailed} data-testid="reports-mailed-run">
          <span>The report you were sent is ready to download.</span>
          <GuardedButton
            size="s"
            access={access}
            loading={download.isPending && download.variables === mailedRun}
            onClick={() => download.mutate(mailedRun)}
            data-testid="reports-mailed-download"
          >
            Download
          </GuardedButton>
        </div>
      ) : null}
      <Card title="Reports" actions={createButton('s')} flush data-testid="reports-card">
        {reports.isPending ? (
          <SkeletonRows rows={4} testId="reports-loading" />
        ) : reports.isError ? (
          <LoadError error={reports.error} onRetry={() => void reports.refetch()} />
        ) : reports.data.length === 0 ? (
          <EmptyState title="No reports yet" action={createButton('m')} testId="reports-empty">
            Save a report to run an analytics breakdown as a CSV file, when you ask or on a schedule.
          </EmptyState>
        ) : (
          <ReportsTable
            reports={reports.data}
            access={access}
            timeZone={timeZone}
            runningId={run.isPending ? run.variables?.id : undefined}
            downloadingId={download.isPending ? download.variables : undefined}
            onRun={(report) => run.mutate(report)}
            onDownload={(runId) => download.mutate(runId)}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        )}
      </Card>
      <ReportFormModal target={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        subject={deleting}
        title="Delete report"
        describe={(report) => `“${report.name}” and the files of its runs will be deleted.`}
        confirmLabel="Delete report"
        pending={remove.isPending}
        onConfirm={(report) => remove.mutate(report)}
        onCancel={() => setDeleting(null)}
        confirmTestId="report-delete-confirm"
        closeOnOutsideClick={false}
      />
    </div>
  );
}

interface ReportsTableProps {
  reports: readonly Report[];
  access: WriteAccess;
  timeZone: string | undefined;
  runningId: number | undefined;
  downloadingId: number | undefined;
  onRun: (report: Report) => void;
  onDownload: (runId: number) => void;
  onEdit: (report: Report) => void;
  onDelete: (report: Report) => void;
}

function ReportsTable(props: ReportsTableProps) {
  const { reports, access, timeZone } = props;
  const terms = useTerms();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="reports-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Dimensions</th>
            <th scope="col">Period</th>
            <th scope="col">Schedule</th>
            <th scope="col">Last run</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {reports.map((report) => {
            const last = report.lastRun;
            const running = isRunning(report);
            return (
              <tr key={report.id} data-testid={`report-row-${report.id}`}>
                <td className={styles.name}>{report.name}</td>
                <td>{report.dimensions.map((id) => terms.dimensionLabel(id)).join(' › ')}</td>
                <td className={styles.nowrap}>{REPORT_RANGE_LABELS[report.range]}</td>
                <td className={styles.nowrap}>
                  {REPORT_SCHEDULE_LABELS[report.schedule]}
                  {report.nextRunAt ? (
                    <span className={styles.sub}>Next: {formatInstant(report.nextRunAt, timeZone)}</span>
                  ) : null}
                </td>
                <td className={styles.nowrap} data-testid={`report-status-${report.id}`}>
                  <span
                    className={styles.status}
                    data-status={last?.status ?? 'never'}
                    title={last?.error ?? undefined}
                  >
                    {runSummary(last, timeZone)}
                  </span>
                  {last ? (
                    <span className={styles.sub}>
                      {last.from === last.to ? last.from : `${last.from} – ${last.to}`}
                    </span>
                  ) : null}
                </td>
                <td className={styles.actionsCell}>
                  <GuardedButton
                    size="s"
                    variation="white"
                    access={access}
                    disabled={running}
                    loading={props.runningId === report.id}
                    onClick={() => props.onRun(report)}
                    aria-label={`Run ${report.name} now`}
                    data-testid={`report-run-${report.id}`}
                  >
                    Run now
                  </GuardedButton>
                  {last?.status === 'done' ? (
                    <GuardedButton
                      size="s"
                      variation="white"
                      access={access}
                      loading={props.downloadingId === last.id}
                      onClick={() => props.onDownload(last.id)}
                      aria-label={`Download ${report.name}`}
                      data-testid={`report-download-${report.id}`}
                    >
                      Download
                    </GuardedButton>
                  ) : null}
                  <RowActions
                    access={access}
                    name="report"
                    id={report.id}
                    subject={report.name}
                    onEdit={() => props.onEdit(report)}
                    onDelete={() => props.onDelete(report)}
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
