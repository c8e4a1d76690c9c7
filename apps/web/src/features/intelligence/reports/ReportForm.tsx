import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { MetricKey } from '@veracity/contracts/analytics/metrics';
import {
  DEFAULT_REPORT_RANGE,
  REPORT_METRICS,
  REPORT_NAME_MAX,
  REPORT_RANGE_LABELS,
  REPORT_RANGES,
  REPORT_SCHEDULE_LABELS,
  REPORT_SCHEDULES,
  type Report,
  type ReportBody,
  type ReportRange,
  type ReportSchedule,
} from '@veracity/contracts/reports';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { Dropdown, type DropdownOption } from '../../../components/Dropdown/Dropdown';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { Input } from '../../../components/Input/Input';
import { Modal } from '../../../components/Modal/Modal';
import { useAccountMutation } from '../../../lib/use-api-feedback';
import { useTerms } from '../../session/use-terms';
import { isLocked, useWriteAccess } from '../../session/use-write-access';
import { DimensionPicker } from '../analytics/DimensionPicker';
import { MetricPicker } from '../analytics/MetricPicker';
import { ReportFilters, type ReportFiltersValue } from '../report-filters/ReportFilters';
import { useReportFiltersAccess } from '../report-filters/use-report-filters-access';
import styles from './Reports.module.css';
import { REPORT_PERMISSION } from './report-permission';
import { createReport, reportsQueryKey, updateReport, useReportRecipients } from './reports.api';

const RANGE_OPTIONS: DropdownOption<ReportRange>[] = REPORT_RANGES.map((range) => ({
  value: range,
  label: REPORT_RANGE_LABELS[range],
}));
const SCHEDULE_OPTIONS: DropdownOption<ReportSchedule>[] = REPORT_SCHEDULES.map((schedule) => ({
  value: schedule,
  label: REPORT_SCHEDULE_LABELS[schedule],
}));

/** What a new report starts with: visits, invalid visits, sessions and conversions by day. */
const NEW_REPORT = {
  dimensions: ['day'] as DimensionId[],
  metrics: ['sessions', 'hits', 'highRiskHits', 'conversions', 'highRiskConversions'] as MetricKey[],
};

export const REPORT_NOTIFICATIONS = {
  created: 'The report was saved',
  updated: 'The report was updated',
  deleted: 'The report was deleted',
  queued: 'The report is running: it shows here when it is ready',
};

export interface ReportFormState {
  name: string;
  dimensions: DimensionId[];
  metrics: MetricKey[];
  filterBy: ReportFiltersValue;
  range: ReportRange;
  schedule: ReportSchedule;
  recipients: number[];
}

export function reportFormOf(report: Report | null): ReportFormState {
  if (!report) {
    return {
      name: '',
      ...NEW_REPORT,
      filterBy: { matchType: 'all', filters: [] },
      range: DEFAULT_REPORT_RANGE,
      schedule: 'none',
      recipients: [],
    };
  }
  return {
    name: report.name,
    dimensions: report.dimensions,
    metrics: report.metrics,
    filterBy: report.filterBy as ReportFiltersValue,
    range: report.range,
    schedule: report.schedule,
    recipients: report.recipients,
  };
}

/** The form's own checks, before the server's: a name, a dimension and a metric. */
export function reportFormErrors(
  form: ReportFormState,
): Partial<Record<'name' | 'dimensions' | 'metrics', string>> {
  return {
    ...(form.name.trim() === '' ? { name: 'Required field' } : {}),
    ...(form.dimensions.length === 0 ? { dimensions: 'Choose at least one dimension' } : {}),
    ...(form.metrics.length === 0 ? { metrics: 'Choose at least one metric' } : {}),
  };
}

interface ReportFormProps {
  report: Report | null;
  onDone: () => void;
}

/**
 * A report's definition (issue 36): its name, dimensions and metrics (only those a report exports:
 * spec 02 §3), the report filters (spec 02 §2), its period, its schedule and who receives it.
 */
export function ReportForm({ report, onDone }: ReportFormProps) {
  const terms = useTerms();
  const access = useWriteAccess(REPORT_PERMISSION);
  const locked = isLocked(access);
  const filtersAccess = useReportFiltersAccess();
  const recipients = useReportRecipients();
  const [form, setForm] = useState<ReportFormState>(() => reportFormOf(report));
  const [submitted, setSubmitted] = useState(false);
  const errors = reportFormErrors(form);
  const save = useAccountMutation({
    mutationFn: (body: ReportBody) => (report ? updateReport(report.id, body) : createReport(body)),
    invalidate: [reportsQueryKey],
    success: report ? REPORT_NOTIFICATIONS.updated : REPORT_NOTIFICATIONS.created,
    onSuccess: onDone,
  });
  const set = <K extends keyof ReportFormState>(field: K, value: ReportFormState[K]) =>
    setForm((current) => ({ ...current, [field]: value }));
  const toggleRecipient = (id: number) =>
    set(
      'recipients',
      form.recipients.includes(id) ? form.recipients.filter((item) => item !== id) : [...form.recipients, id],
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!access.allowed) return;
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate({ ...form, name: form.name.trim() });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="report-form">
      <Input
        label="Report name"
        value={form.name}
        maxLength={REPORT_NAME_MAX}
        onChange={(event) => set('name', event.target.value)}
        touched={submitted}
        error={errors.name}
        disabled={locked}
        data-testid="report-name"
      />
      {filtersAccess ? (
        <div className={styles.pickers}>
          <div className={styles.picker}>
            <DimensionPicker
              value={form.dimensions}
              access={filtersAccess}
              terms={terms}
              onApply={(dimensions) => set('dimensions', dimensions)}
            />
            {submitted && errors.dimensions ? <p className={styles.error}>{errors.dimensions}</p> : null}
          </div>
          <div className={styles.picker}>
            <MetricPicker
              value={form.metrics}
              access={filtersAccess}
              terms={terms}
              offered={REPORT_METRICS}
              onApply={(metrics) => set('metrics', metrics)}
            />
            {submitted && errors.metrics ? <p className={styles.error}>{errors.metrics}</p> : null}
          </div>
        </div>
      ) : null}
      <p className={styles.help}>
        Labels, status, fraud severity and traffic veracity are not exported in reports.
      </p>
      <div className={styles.pair}>
        <Dropdown
          label="Period"
          options={RANGE_OPTIONS}
          value={form.range}
          onChange={(value) => set('range', value)}
          disabled={locked}
          width="100%"
        />
        <Dropdown
          label="Schedule"
          options={SCHEDULE_OPTIONS}
          value={form.schedule}
          onChange={(value) => set('schedule', value)}
          disabled={locked}
          width="100%"
        />
      </div>
      {filtersAccess ? (
        <section className={styles.filters} aria-label="Report filters">
          <ReportFilters
            value={form.filterBy}
            onChange={(filterBy) => set('filterBy', filterBy)}
            access={filtersAccess}
            disabled={locked}
          />
        </section>
      ) : null}
      <fieldset className={styles.recipients} data-testid="report-recipients">
        <legend className={styles.legend}>Email the report to</legend>
        {recipients.isPending ? (
          <p className={styles.help}>Loading...</p>
        ) : (recipients.data ?? []).length === 0 ? (
          <p className={styles.help}>No user of this account may receive reports.</p>
        ) : (
          <ul className={styles.recipientList}>
            {(recipients.data ?? []).map((user) => (
              <li key={user.id}>
                <label className={styles.recipient}>
                  <input
                    type="checkbox"
                    checked={form.recipients.includes(user.id)}
                    onChange={() => toggleRecipient(user.id)}
                    disabled={locked}
                  />
                  <span>{user.name}</span>
                  <span className={styles.muted}>{user.email}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.help}>
          They get a link to download it when it is ready; the file is not attached.
        </p>
      </fieldset>
      <div className={styles.modalActions}>
        <Button type="button" variation="white" onClick={onDone}>
          Cancel
        </Button>
        <GuardedButton type="submit" access={access} loading={save.isPending} data-testid="report-save">
          Save
        </GuardedButton>
      </div>
    </form>
  );
}

interface ReportFormModalProps {
  /** `new`, a report to edit, or null: closed. */
  target: 'new' | Report | null;
  onClose: () => void;
}

/** The report form in a modal that an outside click does not close (spec 01 §2: the reports view). */
export function ReportFormModal({ target, onClose }: ReportFormModalProps) {
  const report = target === 'new' ? null : target;
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={report ? 'Edit Report' : 'Create Report'}
      description="A report runs your analytics query over its period and keeps the result as a CSV file."
      closeOnOutsideClick={false}
      width={640}
    >
      {target !== null ? <ReportForm key={report?.id ?? 'new'} report={report} onDone={onClose} /> : null}
    </Modal>
  );
}
