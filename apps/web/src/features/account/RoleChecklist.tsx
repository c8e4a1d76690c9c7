import type { Role } from '@veracity/contracts/account';
import styles from './Account.module.css';

interface RoleChecklistProps {
  roles: readonly Role[];
  selected: readonly number[];
  onChange: (roleIds: number[]) => void;
  error?: string | null;
  legend?: string;
}

/** Roles to grant, each with its description; several may be chosen. */
export function RoleChecklist({ roles, selected, onChange, error, legend = 'Roles' }: RoleChecklistProps) {
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((roleId) => roleId !== id));
  return (
    <fieldset className={styles.checklist} data-testid="role-checklist">
      <legend className={styles.checklistLegend}>{legend}</legend>
      {roles.map((role) => (
        <label key={role.id} className={styles.checkItem}>
          <input
            type="checkbox"
            checked={selected.includes(role.id)}
            onChange={(event) => toggle(role.id, event.target.checked)}
            data-testid={`role-option-${role.id}`}
          />
          <span>
            {role.name}
            {role.description ? <span className={styles.checkDescription}>{role.description}</span> : null}
          </span>
        </label>
      ))}
      {error ? (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
