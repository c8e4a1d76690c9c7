import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';

interface ConfirmModalProps<T> {
  /** The item awaiting confirmation; the modal is open while it is set. */
  subject: T | null;
  title: string;
  /** What confirming does to the subject, in a sentence. */
  describe: (subject: T) => ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: (subject: T) => void;
  onCancel: () => void;
  confirmTestId?: string;
  /** Off on the reports view (spec 01 §2); on elsewhere. */
  closeOnOutsideClick?: boolean;
}

/** Asks before a destructive action (delete, revoke): Cancel, and a red confirm button with its progress. */
export function ConfirmModal<T>({
  subject,
  title,
  describe,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
  confirmTestId,
  closeOnOutsideClick = true,
}: ConfirmModalProps<T>) {
  return (
    <Modal
      open={subject !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={title}
      closeOnOutsideClick={closeOnOutsideClick}
      description={subject === null ? undefined : describe(subject)}
      footer={
        <>
          <Button variation="white" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variation="red"
            loading={pending}
            onClick={() => {
              if (subject !== null) onConfirm(subject);
            }}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
