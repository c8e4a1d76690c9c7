import { NO_CONTENT_MESSAGE } from '@veracity/contracts/csv';
import type { PermissionKey } from '@veracity/contracts/plans';
import { type ChangeEvent, useId, useState } from 'react';
import { FieldFeedback } from '../../../components/FieldFeedback/FieldFeedback';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { useNotify } from '../../../components/Notifications/use-notify';
import { formatNumber, formatPercent } from '../../../lib/format';
import { useShowApiError } from '../../../lib/use-api-feedback';
import { useTerms } from '../../session/use-terms';
import { missingPermissionText } from '../../session/use-write-access';
import setupStyles from '../Setup.module.css';
import styles from './Firewall.module.css';
import { downloadFirewallCsv, type FirewallList } from './firewall.api';
import type { TodayFigures } from './firewall-today.api';

/** The CSV download button of a list: "No content" when the server has nothing (spec 02 §8). */
export function CsvDownloadButton({
  list,
  canRead,
  permission,
  testId,
}: {
  list: FirewallList;
  canRead: boolean | undefined;
  permission: PermissionKey;
  testId: string;
}) {
  const notify = useNotify();
  const showError = useShowApiError();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      if (!(await downloadFirewallCsv(list))) notify({ level: 'info', message: NO_CONTENT_MESSAGE });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <GuardedButton
      size="s"
      variation="secondary"
      access={
        canRead === false
          ? { allowed: false, reason: missingPermissionText(permission) }
          : { allowed: canRead === true, reason: null }
      }
      loading={busy}
      onClick={() => void download()}
      data-testid={testId}
    >
      Download CSV
    </GuardedButton>
  );
}

/** The headers of TodayCells: the term's clicks today and the invalid share. */
export function TodayHeaders() {
  const terms = useTerms();
  const className = `${styles.numeric} ${styles.wrapHeader} ${setupStyles.wide}`;
  return (
    <>
      <th scope="col" className={className}>
        {terms.plural('click')} today
      </th>
      <th scope="col" className={className}>
        Invalid today
      </th>
    </>
  );
}

/** Today's clicks and invalid share of a row: a dash where there was no traffic or no answer. */
export function TodayCells({ figures, loaded }: { figures: TodayFigures | undefined; loaded: boolean }) {
  const none = loaded ? '0' : '–';
  return (
    <>
      <td className={`${styles.numeric} ${setupStyles.wide}`} data-cell="clicks">
        {figures ? formatNumber(figures.clicks) : none}
      </td>
      <td className={`${styles.numeric} ${setupStyles.wide}`} data-cell="invalid">
        {figures ? formatPercent(figures.invalidShare) : '–'}
      </td>
    </>
  );
}

/** A multi-line list field (addresses, one per line), with the form's error under it. */
export function TextareaField({
  label,
  value,
  onChange,
  onBlur,
  touched,
  error,
  hint,
  disabled,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  touched?: boolean;
  error?: string;
  hint?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const id = useId();
  const feedbackId = `${id}-feedback`;
  const invalid = Boolean(touched && error);
  return (
    <div className={styles.textareaField}>
      <label htmlFor={id} className={styles.textareaLabel}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        disabled={disabled}
        rows={4}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid || hint ? feedbackId : undefined}
        data-invalid={invalid || undefined}
        data-testid={testId}
      />
      {invalid ? (
        <FieldFeedback id={feedbackId} touched={touched} error={error} />
      ) : hint ? (
        <p id={feedbackId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
