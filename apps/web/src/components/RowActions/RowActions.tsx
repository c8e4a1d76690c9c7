import { type GuardAccess, GuardedButton } from '../GuardedButton/GuardedButton';

interface RowActionsProps {
  access: GuardAccess;
  /** The buttons' test ids are `${name}-edit-${id}` and `${name}-delete-${id}`. */
  name: string;
  id: number | string;
  /** What the row is, for screen readers: the buttons read "Edit <subject>" and "Delete <subject>". */
  subject?: string;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** A table row's Edit and Delete buttons (those it has), both behind the same access rule. */
export function RowActions({ access, name, id, subject, onEdit, onDelete }: RowActionsProps) {
  return (
    <>
      {onEdit ? (
        <GuardedButton
          size="s"
          variation="white"
          access={access}
          onClick={onEdit}
          aria-label={subject ? `Edit ${subject}` : undefined}
          data-testid={`${name}-edit-${id}`}
        >
          Edit
        </GuardedButton>
      ) : null}
      {onDelete ? (
        <GuardedButton
          size="s"
          variation="white"
          access={access}
          onClick={onDelete}
          aria-label={subject ? `Delete ${subject}` : undefined}
          data-testid={`${name}-delete-${id}`}
        >
          Delete
        </GuardedButton>
      ) : null}
    </>
  );
}
