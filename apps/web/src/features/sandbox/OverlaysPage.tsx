import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Input } from '../../components/Input/Input';
import { Modal } from '../../components/Modal/Modal';
import type { NotificationLevel } from '../../components/Notifications/notification-context';
import { useNotify } from '../../components/Notifications/use-notify';
import { Spinner } from '../../components/Spinner/Spinner';
import styles from './Sandbox.module.css';
import { SandboxPage, SandboxSection, Specimen } from './SandboxLayout';

const LEVELS: { level: NotificationLevel; message: string }[] = [
  { level: 'info', message: 'Your report is being prepared.' },
  { level: 'success', message: 'Alert created successfully' },
  { level: 'warning', message: 'This action is disabled for the demo account' },
  { level: 'error', message: 'An error occurred on our servers. Please reload the page.' },
];

export function OverlaysPage() {
  const notify = useNotify();
  const [open, setOpen] = useState<'default' | 'locked' | null>(null);
  return (
    <SandboxPage
      title="Overlays"
      intro="Modals trap focus and close on Escape or an outside click; notifications show top right, one at a time, and dismiss on click."
      testId="sandbox-overlays"
    >
      <SandboxSection
        title="Notifications"
        description="A new notification replaces the one on screen; each hides after 5 seconds."
        testId="overlays-notifications"
      >
        <div className={styles.row}>
          {LEVELS.map(({ level, message }) => (
            <Button key={level} variation="white" onClick={() => notify({ level, message })}>
              {level}
            </Button>
          ))}
          <Button
            variation="white"
            onClick={() =>
              notify.error([
                'Alert Name is a required field.',
                'threshold field requires a minimum value of 0.01.',
              ])
            }
          >
            error with two messages
          </Button>
        </div>
      </SandboxSection>

      <SandboxSection
        title="Modal"
        description="Closes on an outside click by default; the reports view turns that off."
        testId="overlays-modal"
      >
        <div className={styles.row}>
          <Button onClick={() => setOpen('default')}>Open modal</Button>
          <Button variation="secondary" onClick={() => setOpen('locked')}>
            Open without outside close
          </Button>
        </div>
        <Modal
          open={open !== null}
          onOpenChange={(next) => setOpen(next ? open : null)}
          title={open === 'locked' ? 'Export report' : 'Create alert'}
          description={
            open === 'locked'
              ? 'Clicking outside does not close this one; use Escape or the buttons.'
              : 'Get told when invalid traffic passes a threshold.'
          }
          closeOnOutsideClick={open !== 'locked'}
          footer={
            <>
              <Button variation="white" onClick={() => setOpen(null)}>
                Cancel
              </Button>
              <Button onClick={() => setOpen(null)}>Save</Button>
            </>
          }
        >
          <div className={styles.page}>
            <Input label="Alert Name" placeholder="e.g. Invalid clicks spike" />
            <Input label="Threshold (%)" width="m" defaultValue="3" />
          </div>
        </Modal>
      </SandboxSection>

      <SandboxSection title="Spinner" testId="overlays-spinner">
        <div className={styles.row}>
          {(['xs', 's', 'm', 'l'] as const).map((size) => (
            <Specimen key={size} label={size}>
              <span style={{ color: 'var(--color-primary)' }}>
                <Spinner size={size} />
              </span>
            </Specimen>
          ))}
        </div>
      </SandboxSection>
    </SandboxPage>
  );
}
