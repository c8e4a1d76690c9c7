import { Button, type ButtonProps } from '../Button/Button';
import { Tooltip } from '../Tooltip/Tooltip';

/** Whether the user may make the change, and if not, why (useWriteAccess in features/session). */
export interface GuardAccess {
  allowed: boolean;
  /** Null while the answer is loading: the button is unavailable without a tooltip. */
  reason: string | null;
}

interface GuardedButtonProps extends ButtonProps {
  access: GuardAccess;
}

/**
 * A button for a change the user may not be allowed to make: unavailable (aria-disabled, so it stays
 * focusable) with a tooltip naming the missing right or the demo restriction.
 */
export function GuardedButton({ access, ...props }: GuardedButtonProps) {
  if (access.allowed) return <Button {...props} />;
  const button = <Button {...props} aria-disabled="true" data-disabled-reason={access.reason ?? undefined} />;
  return access.reason ? <Tooltip content={access.reason}>{button}</Tooltip> : button;
}
