import type { ReactNode } from 'react';
import { RowActions } from '../../components/RowActions/RowActions';
import type { WriteAccess } from '../session/use-write-access';
import { GuardedToggle, HIDDEN_LABELS } from './GuardedToggle';
import styles from './Setup.module.css';

/**
 * The last three cells of a setup list's row: the active toggle, the hidden toggle and the row's
 * buttons (Edit, after any `extra` ones). Test ids: `${testId}-active-${id}`, `-hidden-`, `-edit-`.
 */
export function RowControls({
  item,
  testId,
  activeAccess,
  editAccess,
  onToggle,
  onEdit,
  extra,
  actionsClassName,
}: {
  item: { id: number; name: string; active: boolean; hidden: boolean };
  testId: string;
  activeAccess: WriteAccess;
  editAccess: WriteAccess;
  onToggle: (field: 'active' | 'hidden') => void;
  onEdit: () => void;
  extra?: ReactNode;
  /** Wraps the buttons when there are extra ones. */
  actionsClassName?: string;
}) {
  const edit = (
    <RowActions access={editAccess} name={testId} id={item.id} subject={item.name} onEdit={onEdit} />
  );
  return (
    <>
      <td>
        <GuardedToggle
          access={activeAccess}
          checked={item.active}
          onChange={() => onToggle('active')}
          aria-label={`${item.name}: active`}
          testId={`${testId}-active-${item.id}`}
        />
      </td>
      <td>
        <GuardedToggle
          access={editAccess}
          checked={item.hidden}
          onChange={() => onToggle('hidden')}
          aria-label={`${item.name}: hidden`}
          labels={HIDDEN_LABELS}
          testId={`${testId}-hidden-${item.id}`}
        />
      </td>
      <td className={styles.actionsCell}>
        {extra ? (
          <span className={actionsClassName}>
            {extra}
            {edit}
          </span>
        ) : (
          edit
        )}
      </td>
    </>
  );
}

/** The headers of RowControls' cells. */
export function ControlHeaders() {
  return (
    <>
      <th scope="col">Status</th>
      <th scope="col">Hidden</th>
      <th scope="col">
        <span className="visually-hidden">Actions</span>
      </th>
    </>
  );
}
