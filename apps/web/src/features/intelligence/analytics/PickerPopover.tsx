import { Popover } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import styles from './Pickers.module.css';

interface PickerPopoverProps {
  /** The trigger's label ("Dimensions"), also the panel's title. */
  title: string;
  /** What is chosen now, beside the label on the trigger. */
  summary: ReactNode;
  /** The panel's choices; `reset` is called with each opening so the draft starts from the state. */
  children: ReactNode;
  onOpen: () => void;
  onApply: () => void;
  applyDisabled?: boolean;
  footerNote?: ReactNode;
  testId: string;
}

/**
 * A trigger that opens a panel of choices made together and applied with one button (the choices
 * are a draft until then): the dimension and metric pickers of the analytics page. Escape or Cancel
 * leaves the state as it was; focus returns to the trigger.
 */
export function PickerPopover({
  title,
  summary,
  children,
  onOpen,
  onApply,
  applyDisabled = false,
  footerNote,
  testId,
}: PickerPopoverProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) onOpen();
        setOpen(next);
      }}
    >
      <Popover.Trigger className={styles.trigger} data-testid={`${testId}-trigger`}>
        <span className={styles.triggerLabel}>{title}</span>
        <span className={styles.triggerSummary}>{summary}</span>
        <Icon name="chevron-down" className={styles.chevron} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.panel}
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label={title}
          data-testid={testId}
        >
          <div className={styles.panelHeader}>
            <h2 className={styles.panelTitle}>{title}</h2>
            <Popover.Close className={styles.close} aria-label="Close">
              <Icon name="close" />
            </Popover.Close>
          </div>
          <div className={styles.panelBody}>{children}</div>
          <div className={styles.panelFooter}>
            <span className={styles.footerNote}>{footerNote}</span>
            <Button size="s" variation="white" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              size="s"
              disabled={applyDisabled}
              onClick={() => {
                onApply();
                setOpen(false);
              }}
              data-testid={`${testId}-apply`}
            >
              Apply
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
