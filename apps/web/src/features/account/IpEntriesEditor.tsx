import { Button } from '../../components/Button/Button';
import { Icon } from '../../components/Icon/Icon';
import { Input } from '../../components/Input/Input';
import { formatDate } from './format';
import styles from './IpEntries.module.css';
import { type IpEntryDraft, type IpEntryErrors, newDraft } from './ip-entries';

interface IpEntriesEditorProps {
  drafts: readonly IpEntryDraft[];
  errors: readonly IpEntryErrors[];
  onChange: (drafts: IpEntryDraft[]) => void;
  /** Whether to show each row's error (after a save attempt or once edited). */
  showErrors: boolean;
  disabled: boolean;
  /** Prefix of the rows' data-testids, e.g. "login-ip". */
  testId: string;
  emptyText: string;
}

/** Rows of an IP address (or range) and a note, with add and remove. */
export function IpEntriesEditor({
  drafts,
  errors,
  onChange,
  showErrors,
  disabled,
  testId,
  emptyText,
}: IpEntriesEditorProps) {
  const update = (key: number, patch: Partial<IpEntryDraft>) =>
    onChange(drafts.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  return (
    <div className={styles.editor} data-testid={`${testId}-entries`}>
      {drafts.length === 0 ? (
        <p className={styles.empty} data-testid={`${testId}-empty`}>
          {emptyText}
        </p>
      ) : (
        <ul className={styles.rows}>
          {drafts.map((draft, index) => {
            const error = errors[index];
            return (
              <li key={draft.key} className={styles.row} data-testid={`${testId}-row-${index}`}>
                <Input
                  aria-label={`IP address or range ${index + 1}`}
                  placeholder="203.0.113.0/24"
                  className={styles.value}
                  value={draft.value}
                  onChange={(event) => update(draft.key, { value: event.target.value })}
                  touched={showErrors}
                  error={error?.value}
                  disabled={disabled}
                  spellCheck={false}
                  data-testid={`${testId}-value-${index}`}
                />
                <Input
                  aria-label={`Note ${index + 1}`}
                  placeholder="Note (optional)"
                  value={draft.note}
                  onChange={(event) => update(draft.key, { note: event.target.value })}
                  touched={showErrors}
                  error={error?.note}
                  disabled={disabled}
                  data-testid={`${testId}-note-${index}`}
                />
                <span className={styles.added}>
                  {draft.createdAt ? `Added ${formatDate(draft.createdAt)}` : 'New'}
                </span>
                <Button
                  size="s"
                  variation="white"
                  className={styles.remove}
                  aria-label={`Remove ${draft.value || `row ${index + 1}`}`}
                  disabled={disabled}
                  onClick={() => onChange(drafts.filter((other) => other.key !== draft.key))}
                  data-testid={`${testId}-remove-${index}`}
                >
                  <Icon name="close" size={12} />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button
          size="s"
          variation="secondary"
          disabled={disabled}
          onClick={() => onChange([...drafts, newDraft()])}
          data-testid={`${testId}-add`}
        >
          Add address
        </Button>
      </div>
    </div>
  );
}
