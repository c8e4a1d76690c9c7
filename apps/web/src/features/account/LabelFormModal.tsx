import type { Label } from '@veracity/contracts/account';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Input } from '../../components/Input/Input';
import { Modal } from '../../components/Modal/Modal';
import { useAccountMutation } from '../../lib/use-api-feedback';
import { createLabel, labelsQueryKey, updateLabel } from './account.api';
import styles from './Labels.module.css';

/** Label colours: the neutral default and the series hues, away from the reserved risk-tier colours. */
export const LABEL_COLORS = [
  '#5b6375',
  '#0072b2',
  '#56b4e9',
  '#009e73',
  '#e69f00',
  '#d55e00',
  '#cc79a7',
  '#332288',
  '#882255',
  '#44aa99',
] as const;

export const LABEL_MESSAGES = {
  nameRequired: 'Required',
  nameTooLong: 'Use at most 60 characters',
  nameTaken: 'A label with this name already exists',
  created: 'Label created',
  updated: 'Label updated',
  deleted: 'Label deleted',
} as const;

export function validateLabelName(name: string, otherNames: readonly string[]): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return LABEL_MESSAGES.nameRequired;
  if (trimmed.length > 60) return LABEL_MESSAGES.nameTooLong;
  if (otherNames.some((other) => other.toLowerCase() === trimmed.toLowerCase()))
    return LABEL_MESSAGES.nameTaken;
  return null;
}

interface LabelFormProps {
  label: Label | null;
  otherNames: readonly string[];
  onDone: () => void;
}

function LabelForm({ label, otherNames, onDone }: LabelFormProps) {
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState(label?.color ?? LABEL_COLORS[0]);
  const [touched, setTouched] = useState(false);
  const save = useAccountMutation({
    mutationFn: (body: { name: string; color: string }) =>
      label ? updateLabel(label.id, body) : createLabel(body),
    invalidate: [labelsQueryKey],
    success: label ? LABEL_MESSAGES.updated : LABEL_MESSAGES.created,
    onSuccess: onDone,
  });
  const error = validateLabelName(name, otherNames);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!error) save.mutate({ name: name.trim(), color });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="label-form">
      <Input
        label="Name"
        value={name}
        maxLength={80}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setTouched(true)}
        touched={touched}
        error={error}
        data-testid="label-name"
      />
      <fieldset className={styles.swatches}>
        <legend className={styles.legend}>Colour</legend>
        {LABEL_COLORS.map((swatch) => (
          <label key={swatch} className={styles.swatch} style={{ background: swatch }} title={swatch}>
            <input
              type="radio"
              name="label-color"
              value={swatch}
              checked={color.toLowerCase() === swatch}
              onChange={() => setColor(swatch)}
              aria-label={`Colour ${swatch}`}
            />
          </label>
        ))}
      </fieldset>
      <div className={styles.preview}>
        Preview:{' '}
        <span className={styles.label} style={{ borderColor: color }}>
          <span className={styles.dot} style={{ background: color }} />
          {name.trim() || 'Label'}
        </span>
      </div>
      <div className={styles.modalActions}>
        <Button variation="white" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending} data-testid="label-save">
          {label ? 'Save label' : 'Create label'}
        </Button>
      </div>
    </form>
  );
}

interface LabelFormModalProps {
  /** null: closed; 'new': create; a label: edit it. */
  editing: Label | 'new' | null;
  labels: readonly Label[];
  onClose: () => void;
}

export function LabelFormModal({ editing, labels, onClose }: LabelFormModalProps) {
  const label = editing === 'new' ? null : editing;
  return (
    <Modal
      open={editing !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={label ? 'Edit label' : 'New label'}
      description="Labels group campaigns, offers and traffic sources so you can filter by them."
      width={440}
    >
      {editing !== null ? (
        <LabelForm
          key={label?.id ?? 'new'}
          label={label}
          otherNames={labels.filter((other) => other.id !== label?.id).map((other) => other.name)}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}
