import { type GuardAccess, GuardedButton } from '../GuardedButton/GuardedButton';

interface RowActionsProps {
  access: GuardAccess;
  /** The buttons' test ids are `${name}-edit-${id}` and `${name}-delete-${id}`. */
  name: string;
  id: number | string;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** A table row's Edit and Delete buttons (those it has), both behind the same access rule. */
export function RowActions({ access, name, id, onEdit, onDelete }: RowActionsProps) {
  return (
    <>
      {onEdit ? (
        <GuardedButton
          size="s"
          variation="white"
          access={access}
          onClick={onEdit}
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
          data-testid={`${name}-delete-${id}`}
        >
          Delete
        </GuardedButton>
      ) : null}
    </>
  );
}
