import { Button, type ButtonSize, type ButtonVariation } from '../Button/Button';
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
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        {state === 'SUCCESS' ? (
          <path
            d="M3 8.5l3 3 7-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        ) : (
          <path
            d="M5.5 5.5V3.2c0-.4.3-.7.7-.7h6.6c.4 0 .7.3.7.7v6.6c0 .4-.3.7-.7.7h-2.3M3.2 5.5h6.6c.4 0 .7.3.7.7v6.6c0 .4-.3.7-.7.7H3.2c-.4 0-.7-.3-.7-.7V6.2c0-.4.3-.7.7-.7z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.3"
          />
        )}
      </svg>
      {state === 'SUCCESS' ? copiedLabel : label}
    </Button>
  );
}
