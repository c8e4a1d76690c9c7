import { Toggle } from '../../components/Toggle/Toggle';
import { Tooltip } from '../../components/Tooltip/Tooltip';
import type { WriteAccess } from '../session/use-write-access';

export const HIDDEN_LABELS = { checked: 'hidden', unchecked: 'shown' };

/** A toggle the user may not be allowed to flip: disabled, with the reason on hover and focus. */
export function GuardedToggle({
  access,
  ...props
}: {
  access: WriteAccess;
  checked: boolean;
  onChange: (checked: boolean) => void;
  'aria-label': string;
  testId: string;
  labels?: { checked: string; unchecked: string };
}) {
  const { testId, ...toggleProps } = props;
  const toggle = <Toggle {...toggleProps} disabled={!access.allowed} />;
  return (
    <span data-testid={testId} data-checked={props.checked} data-disabled-reason={access.reason ?? undefined}>
      {access.reason ? (
        <Tooltip content={access.reason}>
          <span>{toggle}</span>
        </Tooltip>
      ) : (
        toggle
      )}
    </span>
  );
}
