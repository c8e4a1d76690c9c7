import { Button, type ButtonProps } from '../../components/Button/Button';
import { Tooltip } from '../../components/Tooltip/Tooltip';
import type { WriteAccess } from './use-write-access';

interface GuardedButtonProps extends ButtonProps {
  access: WriteAccess;
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
