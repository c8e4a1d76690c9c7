import { Button, type ButtonSize, type ButtonVariation } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { useNotify } from '../Notifications/use-notify';
import { useCopyToClipboard } from './use-copy-to-clipboard';

export const COPY_SUCCESS_MESSAGE = 'Copied successfully';

interface CopyButtonProps {
  /** The text put on the clipboard (a snippet, a link, an id). */
  text: string;
  label?: string;
  copiedLabel?: string;
  variation?: ButtonVariation;
  size?: ButtonSize;
}

/** Copies its text and says so with a "Copied successfully" notification. */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
  variation = 'secondary',
  size = 's',
}: CopyButtonProps) {
  const { state, copy } = useCopyToClipboard();
  const notify = useNotify();
  return (
    <Button
      variation={variation}
      size={size}
      data-state={state}
      onClick={async () => {
        if (await copy(text)) notify.success(COPY_SUCCESS_MESSAGE);
      }}
    >
      <Icon name={state === 'SUCCESS' ? 'check' : 'copy'} size={14} />
      {state === 'SUCCESS' ? copiedLabel : label}
    </Button>
  );
}
