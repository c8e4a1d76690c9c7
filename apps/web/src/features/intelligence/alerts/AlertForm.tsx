import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  ALERT_NAME_MAX,
  ALERT_TYPE_LABELS,
  ALERT_TYPES,
  type Alert,
  type AlertBody,
  type AlertField,
  type AlertFrequency,
  type AlertType,
} from '@veracity/contracts/alerts';
import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import { type FormEvent, useMemo, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { Dropdown, type DropdownOption } from '../../../components/Dropdown/Dropdown';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { Icon } from '../../../components/Icon/Icon';
import { Input } from '../../../components/Input/Input';
import { Modal } from '../../../components/Modal/Modal';
import { useAccountMutation } from '../../../lib/use-api-feedback';
import { useTerms } from '../../session/use-terms';
import { isLocked, useWriteAccess } from '../../session/use-write-access';
import { useReportFiltersAccess } from '../report-filters/use-report-filters-access';
import styles from './Alerts.module.css';
import {
  ALERT_NOTIFICATIONS,
  type AlertDraft,
  type AlertFormState,
  addLine,
  alertBodyOf,
  alertDimensions,
  alertFormFromAlert,
  alertFormFromDraft,
  canAddLine,
  dimensionChoices,
  emptyAlertForm,
  hasErrors,
  validateAlertForm,
} from './alert-form';
import { ALERT_MANAGER_PERMISSION } from './alert-permission';
import { alertHistoryQueryKey, alertsQueryKey, createAlert, updateAlert } from './alerts.api';
import { DimensionValueField } from './DimensionValueField';

const TYPE_OPTIONS: DropdownOption<AlertType>[] = ALERT_TYPES.map((type) => ({
  value: type,
  label: ALERT_TYPE_LABELS[type],
}));

/** Spec 02 §9: Hourly, 8 hours, 12 hours, Daily (24h), Inactive. */
export const FREQUENCY_OPTIONS: DropdownOption<AlertFrequency>[] = ALERT_FREQUENCIES.map((frequency) => ({
  value: frequency,
  label: ALERT_FREQUENCY_LABELS[frequency],
}));

type Touched = Partial<Record<AlertField, boolean>> & { lines?: Record<number, boolean> };

export interface AlertFormProps {
  /** The alert being edited; null creates one. */
  alert: Alert | null;
  /** Where a new alert starts (a channel card's draft). */
  draft?: AlertDraft;
  /** The home form (spec 02 §2): the draft's dimensions stay, none can be added or removed. */
  fixedDimensions?: boolean;
  onDone: () => void;
}

/**
 * The alert form (spec 02 §2 "Alerts form"): Alert Name, Alert Type, Dimensions and values,
 * Threshold, Minimum events, Frequency and Save, with the messages of spec 02 §5 under the fields.
 */
export function AlertForm({ alert, draft, fixedDimensions = false, onDone }: AlertFormProps) {
  const terms = useTerms();
  const [form, setForm] = useState<AlertFormState>(() =>
    alert ? alertFormFromAlert(alert) : draft ? alertFormFromDraft(draft) : emptyAlertForm(),
  );
  const [touched, setTouched] = useState<Touched>({});
  const [submitted, setSubmitted] = useState(false);
  const access = useWriteAccess(ALERT_MANAGER_PERMISSION);
  const locked = isLocked(access);
  const filtersAccess = useReportFiltersAccess();
  const choices = useMemo(() => (filtersAccess ? alertDimensions(filtersAccess) : []), [filtersAccess]);
  const save = useAccountMutation({
    mutationFn: (body: AlertBody) => (alert ? updateAlert(alert.id, body) : createAlert(body)),
    invalidate: [alertsQueryKey, alertHistoryQueryKey],
    success: alert ? ALERT_NOTIFICATIONS.updated : ALERT_NOTIFICATIONS.created,
    onSuccess: onDone,
  });

  const errors = validateAlertForm(form);
  const shows = (field: AlertField) => submitted || Boolean(touched[field]);
  const showsLine = (key: number) => submitted || Boolean(touched.lines?.[key]);
  const touch = (field: AlertField) => () => setTouched((current) => ({ ...current, [field]: true }));
  const touchLine = (key: number) =>
    setTouched((current) => ({ ...current, lines: { ...current.lines, [key]: true } }));
  const set = <K extends keyof AlertFormState>(field: K, value: AlertFormState[K]) =>
    setForm((current) => ({ ...current, [field]: value }));
  const setLine = (key: number, change: { dimension?: DimensionId; value?: string }) =>
    set(
      'lines',
      form.lines.map((line) =>
        line.key === key
          ? // A new dimension takes a new value: the old one belonged to the other list.
            { ...line, ...change, value: change.value ?? (change.dimension ? '' : line.value) }
          : line,
      ),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!access.allowed) return;
    setSubmitted(true);
    if (!hasErrors(errors)) save.mutate(alertBodyOf(form));
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="alert-form">
      <Input
        label="Alert Name"
        value={form.name}
        maxLength={ALERT_NAME_MAX}
        onChange={(event) => set('name', event.target.value)}
        onBlur={touch('name')}
        touched={shows('name')}
        error={errors.fields.name}
        disabled={locked}
        data-testid="alert-name"
      />
      <Dropdown
        label="Alert Type"
        options={TYPE_OPTIONS}
        value={form.type}
        onChange={(value) => set('type', value)}
        touched={shows('type')}
        error={errors.fields.type}
        disabled={locked}
        width="100%"
      />
      <fieldset className={styles.dimensions} data-testid="alert-dimensions">
        <legend className={styles.legend}>Dimensions and values</legend>
        {form.lines.length === 0 ? (
          <p className={styles.help}>No dimension: the alert watches all of the account’s traffic.</p>
        ) : (
          <ul className={styles.lines}>
            {form.lines.map((line, index) => {
              const lineErrors = errors.lines[line.key] ?? {};
              const options = dimensionChoices(choices, form.lines, index).map((id) => ({
                value: id,
                label: terms.dimensionLabel(id),
              }));
              if (line.dimension && !options.some((option) => option.value === line.dimension)) {
                options.unshift({ value: line.dimension, label: terms.dimensionLabel(line.dimension) });
              }
              return (
                <li
                  key={line.key}
                  className={styles.line}
                  data-fixed={fixedDimensions || undefined}
                  data-testid={`alert-line-${index}`}
                >
                  <Dropdown
                    aria-label={`Dimension ${index + 1}`}
                    options={options}
                    value={line.dimension}
                    onChange={(dimension) => {
                      setLine(line.key, { dimension });
                      touchLine(line.key);
                    }}
                    placeholder="Dimension"
                    width="100%"
                    menuMinWidth={220}
                    touched={showsLine(line.key)}
                    error={lineErrors.dimension}
                    disabled={locked || fixedDimensions}
                  />
                  {line.dimension ? (
                    <DimensionValueField
                      dimension={line.dimension}
                      value={line.value}
                      onChange={(value) => {
                        setLine(line.key, { value });
                        touchLine(line.key);
                      }}
                      touched={showsLine(line.key)}
                      error={lineErrors.value}
                      disabled={locked}
                      testId={`alert-value-${index}`}
                    />
                  ) : (
                    <span className={styles.help}>Choose a dimension first</span>
                  )}
                  {fixedDimensions ? null : (
                    <Button
                      variation="white"
                      size="s"
                      className={styles.remove}
                      aria-label={`Remove dimension ${index + 1}`}
                      disabled={locked}
                      onClick={() =>
                        set(
                          'lines',
                          form.lines.filter((other) => other.key !== line.key),
                        )
                      }
                    >
                      <Icon name="trash" className={styles.trashIcon} />
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {fixedDimensions ? null : (
          <Button
            variation="secondary"
            size="s"
            className={styles.addLine}
            disabled={locked || !canAddLine(choices, form.lines)}
            onClick={() => set('lines', addLine(form.lines))}
            data-testid="alert-add-dimension"
          >
            <Icon name="plus" className={styles.plusIcon} /> Add dimension
          </Button>
        )}
      </fieldset>
      <div className={styles.pair}>
        <Input
          label="Threshold"
          value={form.threshold}
          inputMode="decimal"
          hint="Invalid share in %, 0.01-100"
          onChange={(event) => set('threshold', event.target.value)}
          onBlur={touch('threshold')}
          touched={shows('threshold')}
          error={errors.fields.threshold}
          disabled={locked}
          data-testid="alert-threshold"
        />
        <Input
          label="Minimum events"
          value={form.minEvents}
          inputMode="numeric"
          hint="Fewer events in a window never fire"
          onChange={(event) => set('minEvents', event.target.value)}
          onBlur={touch('minEvents')}
          touched={shows('minEvents')}
          error={errors.fields.minEvents}
          disabled={locked}
          data-testid="alert-min-events"
        />
      </div>
      <Dropdown
        label="Frequency"
        options={FREQUENCY_OPTIONS}
        value={form.frequency}
        onChange={(value) => set('frequency', value)}
        touched={shows('frequency')}
        error={errors.fields.frequency}
        disabled={locked}
        width="100%"
      />
      <div className={styles.modalActions}>
        <Button variation="white" onClick={onDone}>
          Cancel
        </Button>
        <GuardedButton type="submit" access={access} loading={save.isPending} data-testid="alert-save">
          Save
        </GuardedButton>
      </div>
    </form>
  );
}

/** Which form the modal shows: a new alert (maybe from a draft) or an existing one. */
export type AlertFormTarget =
  | { kind: 'new'; draft?: AlertDraft; fixedDimensions?: boolean }
  | { kind: 'edit'; alert: Alert };

interface AlertFormModalProps {
  /** null: closed. */
  target: AlertFormTarget | null;
  onClose: () => void;
}

/** The alert form in a modal: the alerts screen's create and edit, and the home's Create Alert. */
export function AlertFormModal({ target, onClose }: AlertFormModalProps) {
  const alert = target?.kind === 'edit' ? target.alert : null;
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={alert ? 'Edit Alert' : 'Create Alert'}
      description="You get an email when the share of invalid events reaches the threshold."
      width={560}
    >
      {target ? (
        <AlertForm
          key={alert?.id ?? 'new'}
          alert={alert}
          draft={target.kind === 'new' ? target.draft : undefined}
          fixedDimensions={target.kind === 'new' && target.fixedDimensions}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}
