import type { PastedLineError } from '@veracity/contracts/ip-settings';
import { useId } from 'react';
import styles from './IpSettings.module.css';
import shared from './Security.module.css';

export const IP_PASTE_MESSAGES = {
  label: 'Paste addresses',
  hint: 'One address or range a line; several on a line may be separated by commas or spaces.',
  line: (invalid: readonly string[]) =>
    `Not an IPv4 (optional /0-32) or IPv6 (optional /0-128) address or range: ${invalid.join(', ')}`,
  summary: (lines: number) =>
    `${lines === 1 ? 'One line holds' : `${lines} lines hold`} something other than an address: fix ${lines === 1 ? 'it' : 'them'} before adding or saving.`,
} as const;

interface IpPasteBoxProps {
  text: string;
  onChange: (text: string) => void;
  /** The bad lines of the last attempt to add the paste (shown next to each line's number). */
  errors: readonly PastedLineError[];
  disabled: boolean;
  testId: string;
}

/** A bulk paste of addresses; the lines at fault are listed with their number, text and error. */
export function IpPasteBox({ text, onChange, errors, disabled, testId }: IpPasteBoxProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorsId = `${id}-errors`;
  return (
    <div className={styles.paste}>
      <label htmlFor={id} className={shared.label}>
        {IP_PASTE_MESSAGES.label}
      </label>
      <textarea
        id={id}
        className={shared.textarea}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        placeholder={'203.0.113.7\n198.51.100.0/24, 2001:db8::/48'}
        spellCheck={false}
        disabled={disabled}
        aria-invalid={errors.length > 0 || undefined}
        data-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? `${hintId} ${errorsId}` : hintId}
        data-testid={`${testId}-paste`}
      />
      <p id={hintId} className={shared.help}>
        {IP_PASTE_MESSAGES.hint}
      </p>
      {errors.length > 0 ? (
        <div id={errorsId} role="alert">
          <p className={shared.help} data-testid={`${testId}-paste-summary`}>
            {IP_PASTE_MESSAGES.summary(errors.length)}
          </p>
          <ul className={styles.pasteErrors} data-testid={`${testId}-paste-errors`}>
            {errors.map((error) => (
              <li
                key={error.line}
                className={styles.pasteError}
                data-testid={`${testId}-paste-error-${error.line}`}
              >
                <span className={styles.lineNumber}>Line {error.line}</span>
                <span className={styles.lineText}>{error.text}</span>
                <span className={styles.lineMessage}>{IP_PASTE_MESSAGES.line(error.invalid)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
