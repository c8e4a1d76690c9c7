import type { NeverExcludeEntry } from '@veracity/contracts/google-ads';
import { type FormEvent, useState } from 'react';
import { Card } from '../../components/Card/Card';
import { ConfirmModal } from '../../components/ConfirmModal/ConfirmModal';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { Input } from '../../components/Input/Input';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { RowActions } from '../../components/RowActions/RowActions';
import { useAccountMutation } from '../../lib/use-api-feedback';
import { isLocked, useWriteAccess } from '../session/use-write-access';
import styles from './GoogleAds.module.css';
import { addNeverExclude, deleteNeverExclude, neverExcludeKey, useNeverExclude } from './google-ads.api';
import { NEVER_EXCLUDE_NOTE_MAX, validateNeverExclude } from './never-exclude';

function AddForm({ existing }: { existing: readonly NeverExcludeEntry[] }) {
  const access = useWriteAccess('account_manage_integrations');
  const [cidr, setCidr] = useState('');
  const [note, setNote] = useState('');
  const [attempted, setAttempted] = useState(false);
  const add = useAccountMutation({
    mutationFn: addNeverExclude,
    invalidate: [neverExcludeKey],
    success: (entry) => `${entry.cidr} is never excluded`,
    onSuccess: () => {
      setCidr('');
      setNote('');
      setAttempted(false);
    },
  });
  const errors = validateNeverExclude({ cidr, note }, existing);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!access.allowed || errors.cidr || errors.note) return;
    add.mutate({ cidr: cidr.trim(), note: note.trim() });
  };
  const locked = isLocked(access);
  return (
    <form className={styles.inlineForm} onSubmit={submit} noValidate data-testid="never-exclude-form">
      <Input
        label="IP address or range"
        placeholder="203.0.113.0/24"
        value={cidr}
        onChange={(event) => setCidr(event.target.value)}
        touched={attempted}
        error={errors.cidr ?? undefined}
        disabled={locked}
        autoComplete="off"
        spellCheck={false}
        data-testid="never-exclude-cidr"
      />
      <Input
        label="Note"
        placeholder="Head office"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        touched={attempted}
        error={errors.note ?? undefined}
        maxLength={NEVER_EXCLUDE_NOTE_MAX + 20}
        disabled={locked}
        data-testid="never-exclude-note"
      />
      <GuardedButton type="submit" access={access} loading={add.isPending} data-testid="never-exclude-add">
        Add
      </GuardedButton>
    </form>
  );
}

/** The never-exclude list: addresses Veracity never excludes, whatever their traffic; it always wins. */
export function NeverExcludeCard() {
  const list = useNeverExclude();
  const access = useWriteAccess('account_manage_integrations');
  const [deleting, setDeleting] = useState<NeverExcludeEntry | null>(null);
  const remove = useAccountMutation({
    mutationFn: (entry: NeverExcludeEntry) => deleteNeverExclude(entry.id),
    invalidate: [neverExcludeKey],
    success: (_result, entry) => `${entry.cidr} removed from the never-exclude list`,
    onSuccess: () => setDeleting(null),
  });
  return (
    <Card title="Never exclude" data-testid="never-exclude-card">
      <div className={styles.form}>
        <p className={styles.help}>
          Your offices, partners and monitoring tools: these addresses are never excluded, even when their
          traffic looks invalid. The IPs of your access settings are included.
        </p>
        {list.isPending ? (
          <SkeletonRows rows={2} testId="never-exclude-loading" />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <AddForm existing={list.data} />
            {list.data.length === 0 ? (
              <EmptyState title="No address is protected from exclusion" testId="never-exclude-empty">
                Add the IPs or ranges of your offices and partners.
              </EmptyState>
            ) : (
              <div className={styles.tableWrap}>
                <table className={styles.table} data-testid="never-exclude-table">
                  <thead>
                    <tr>
                      <th scope="col">Address</th>
                      <th scope="col">Note</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.data.map((entry) => (
                      <tr key={`${entry.source}-${entry.id}`} data-testid={`never-exclude-row-${entry.id}`}>
                        <td className={styles.address}>{entry.cidr}</td>
                        <td className={styles.cellText}>{entry.note || '–'}</td>
                        <td className={styles.number}>
                          {entry.source === 'access' ? (
                            <span className={styles.chip}>From access settings</span>
                          ) : (
                            <RowActions
                              access={access}
                              name="never-exclude"
                              id={entry.id}
                              subject={entry.cidr}
                              onDelete={() => setDeleting(entry)}
                            />
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </div>
      <ConfirmModal
        subject={deleting}
        title="Remove from the never-exclude list?"
        describe={(entry) => `${entry.cidr} can then be excluded when its traffic is invalid.`}
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={(entry) => remove.mutate(entry)}
        onCancel={() => setDeleting(null)}
        confirmTestId="never-exclude-delete-confirm"
      />
    </Card>
  );
}
