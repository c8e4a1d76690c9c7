import { useId, useMemo } from 'react';
import { Input } from '../../components/Input/Input';
import { timeZones } from './time-zones';

interface TimeZoneInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  touched?: boolean;
  error?: string | null;
  disabled?: boolean;
  'data-testid'?: string;
}

/** A text field with the IANA time zones as suggestions (too many for a menu). */
export function TimeZoneInput({ onChange, ...props }: TimeZoneInputProps) {
  const listId = useId();
  const zones = useMemo(() => timeZones(), []);
  return (
    <>
      <Input
        {...props}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
