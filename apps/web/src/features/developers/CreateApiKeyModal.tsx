import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { CopyButton } from '../../components/CopyButton/CopyButton';
import { Input } from '../../components/Input/Input';
import { Modal } from '../../components/Modal/Modal';
import { useAccountMutation } from '../../lib/use-api-feedback';
import styles from '../account/Account.module.css';
import { apiKeysQueryKey, createApiKey } from './developers.api';

export const API_KEY_MESSAGES = {
  nameRequired: 'Required',
  nameTooLong: 'Use at most 80 characters',
  created: 'API key created',
  shownOnce:
    'Copy this key now and keep it somewhere safe. For your security it will not be shown again: if you lose it, delete it and create a new one.',
} as const;

export function validateKeyName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return API_KEY_MESSAGES.nameRequired;
  return trimmed.length > 80 ? API_KEY_MESSAGES.nameTooLong : null;
}

function NameForm({ onCreated, onCancel }: { onCreated: (key: string) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useAccountMutation({
    mutationFn: createApiKey,
    invalidate: [apiKeysQueryKey],
    success: API_KEY_MESSAGES.created,
    onSuccess: (created) => onCreated(created.key),
  });
  const error = validateKeyName(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!error) create.mutate(name.trim());
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="api-key-form">
      <Input
        label="Name"
        placeholder="e.g. Reporting server"
        hint="A name that tells you where the key is used."
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setTouched(true)}
        touched={touched}
        error={error}
        data-testid="api-key-name"
      />
      <div className={styles.modalActions}>
        <Button variation="white" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending} data-testid="api-key-create-submit">
          Create key
        </Button>
      </div>
    </form>
  );
}

function CreatedKey({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className={styles.form} data-testid="api-key-created">
      <p className={styles.warning} role="note" data-testid="api-key-warning">
        {API_KEY_MESSAGES.shownOnce}
      </p>
      <div className={styles.secret}>
        <code data-testid="api-key-secret">{secret}</code>
        <CopyButton text={secret} />
      </div>
      <div className={styles.modalActions}>
        <Button onClick={onDone} data-testid="api-key-done">
          I have copied the key
        </Button>
      </div>
    </div>
  );
}

/**
 * Creates an API key, then shows the full key once. Closing the modal forgets it: the list only
 * ever shows the key's prefix.
 */
export function CreateApiKeyModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onOpenChange(false);
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
        else onOpenChange(true);
      }}
      // The key is shown once: a stray click outside must not throw it away.
      closeOnOutsideClick={secret === null}
      title={secret ? 'Your new API key' : 'Create an API key'}
      description={
        secret ? undefined : 'Servers send the key in the Authorization header to call the Veracity API.'
      }
    >
      {secret ? (
        <CreatedKey secret={secret} onDone={close} />
      ) : (
        <NameForm onCreated={setSecret} onCancel={close} />
      )}
    </Modal>
  );
}
