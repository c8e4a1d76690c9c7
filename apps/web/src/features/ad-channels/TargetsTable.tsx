import { AD_CHANNEL_TARGET_NAMES, type AdChannelState } from '@veracity/contracts/ad-channels';
import { useEffect, useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { EmptyState } from '../../components/PageStates/PageStates';
import type { WriteAccess } from '../session/use-write-access';
import styles from './AdChannels.module.css';

const plural = (word: string) => `${word}s`;

/**
 * The linked account's ad sets / campaigns / ad groups: the ticked ones exclude Veracity's audience.
 * Saving attaches it to those ticked and detaches it from the others.
 */
export function TargetsTable({
  state,
  access,
  saving,
  onSave,
}: {
  state: AdChannelState;
  access: WriteAccess;
  saving: boolean;
  onSave: (targetIds: string[]) => void;
}) {
  const noun = AD_CHANNEL_TARGET_NAMES[state.channel];
  const saved = state.targets.filter((target) => target.excluded).map((target) => target.id);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(saved));
  const savedKey = saved.join(',');
  // A new answer (a save, a sync) is what is now true: start again from it.
  useEffect(() => setChosen(new Set(savedKey === '' ? [] : savedKey.split(','))), [savedKey]);
  const changed = chosen.size !== saved.length || saved.some((id) => !chosen.has(id));

  if (state.targets.length === 0) {
    return (
      <EmptyState title={`No ${plural(noun)} in this account`} testId="ad-channel-no-targets">
        Create them in the platform, then sync: they appear here to exclude the audience from.
      </EmptyState>
    );
  }
  const flip = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const all = chosen.size === state.targets.length;
  return (
    <div className={styles.stack}>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="ad-channel-targets">
          <caption className={styles.tableCaption}>
            {`${noun[0]?.toUpperCase()}${noun.slice(1)}s that exclude the audience`}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={styles.checkCell}>
                <input
                  type="checkbox"
                  aria-label={`Exclude from every ${noun}`}
                  checked={all}
                  disabled={!access.allowed}
                  onChange={() => setChosen(new Set(all ? [] : state.targets.map((target) => target.id)))}
                />
              </th>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Excluding now</th>
            </tr>
          </thead>
          <tbody>
            {state.targets.map((target) => (
              <tr key={target.id} data-testid={`ad-channel-target-${target.id}`}>
                <td className={styles.checkCell}>
                  <input
                    type="checkbox"
                    id={`target-${target.id}`}
                    checked={chosen.has(target.id)}
                    disabled={!access.allowed}
                    onChange={() => flip(target.id)}
                  />
                </td>
                <td>
                  <label htmlFor={`target-${target.id}`}>{target.name}</label>
                  <span className={styles.muted}> · {target.id}</span>
                </td>
                <td className={styles.muted}>{target.status}</td>
                <td data-testid={`ad-channel-target-excluded-${target.id}`}>
                  {target.excluded ? 'Yes' : 'No'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.actions}>
        <GuardedButton
          access={access}
          disabled={!changed}
          loading={saving}
          onClick={() => onSave([...chosen])}
          data-testid="ad-channel-save-exclusions"
        >
          Save exclusions
        </GuardedButton>
      </div>
    </div>
  );
}
