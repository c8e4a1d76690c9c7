import { SENSOR_SCRIPT_PATH } from '@veracity/contracts/collect';
import type { ReactNode } from 'react';
import { CopyButton } from '../../components/CopyButton/CopyButton';
import { SkeletonRows } from '../../components/PageStates/PageStates';
import { useMe } from '../session/session.api';
import styles from './Setup.module.css';

/** The tag a page carries: the script from the server's public address with the account's public key. */
export function sensorSnippet(scriptUrl: string, sensorKey: string): string {
  return `<script async src="${scriptUrl}" data-key="${sensorKey}"></script>`;
}

/** Code to paste somewhere else, with a button that copies it; `children` is a note beside the button. */
export function CodeBlock({
  code,
  copyLabel = 'Copy',
  primary = false,
  wrap = true,
  testId,
  children,
}: {
  code: string;
  copyLabel?: string;
  /** Multi-line commands keep their lines and scroll sideways instead (`wrap={false}`). */
  wrap?: boolean;
  /** The main thing to copy on the screen: a filled button. */
  primary?: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.codeBlock}>
      <pre
        className={wrap ? styles.snippet : `${styles.snippet} ${styles.noWrap}`}
        data-testid={testId}
        // A scrolling block takes focus so that keyboard users can scroll it.
        tabIndex={wrap ? undefined : 0}
      >
        <code>{code}</code>
      </pre>
      <div className={styles.snippetActions}>
        <span className={styles.muted}>{children}</span>
        <CopyButton
          text={code}
          label={copyLabel}
          variation={primary ? 'primary' : 'secondary'}
          size={primary ? 'm' : 's'}
        />
      </div>
    </div>
  );
}

/**
 * The account's sensor snippet to copy (from GET /api/me), a skeleton while it loads, and a hint
 * when no account is selected. Test ids are `{testIdPrefix}-snippet`, `-loading`, `-no-account`.
 * `snippet` is the tag the account's JavaScript settings give (GET /api/security/sensor-settings),
 * when the caller has it; without it the plain tag.
 */
export function SensorSnippet({
  sensorKey,
  loading,
  testIdPrefix,
  snippet,
}: {
  sensorKey: string | null;
  loading: boolean;
  testIdPrefix: string;
  snippet?: string | undefined;
}) {
  // The server knows its address (PUBLIC_URL, else the one this page was opened at) and sensor folder.
  const scriptUrl = useMe().data?.sensorScriptUrl ?? `${window.location.origin}${SENSOR_SCRIPT_PATH}`;
  if (loading) return <SkeletonRows rows={2} testId={`${testIdPrefix}-loading`} />;
  if (!sensorKey)
    return (
      <p className={styles.muted} data-testid={`${testIdPrefix}-no-account`}>
        Select an account to see its snippet.
      </p>
    );
  return (
    <CodeBlock
      code={snippet ?? sensorSnippet(scriptUrl, sensorKey)}
      copyLabel="Copy snippet"
      primary
      testId={`${testIdPrefix}-snippet`}
    >
      The key in <code>data-key</code> is public: it only identifies your account's pages.
    </CodeBlock>
  );
}

/** A status with a coloured dot: grey while waiting, blue once the account's traffic arrives. */
export function SensorStatus({
  state,
  on,
  testId,
  children,
}: {
  /** Exposed as data-state for tests and styles. */
  state: string;
  on: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <p className={styles.status} data-state={state} data-on={on || undefined} data-testid={testId}>
      <span className={styles.dot} aria-hidden="true" />
      {children}
    </p>
  );
}
