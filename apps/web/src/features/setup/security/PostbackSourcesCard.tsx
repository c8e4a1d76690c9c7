import {
  POSTBACK_SOURCES_MAX,
  type PostbackSecurity,
  postbackSourceError,
  postbackSourceLines,
} from '@veracity/contracts/postback-security';
import { type FormEvent, useId, useState } from 'react';
import { Card } from '../../../components/Card/Card';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { Toggle } from '../../../components/Toggle/Toggle';
import { formatNumber } from '../../../lib/format';
import { useAccountMutation } from '../../../lib/use-api-feedback';
import { isLocked, useWriteAccess } from '../../session/use-write-access';
import styles from './PostbackSecurity.module.css';
import { postbackSecurityQueryKey, updatePostbackSecurity } from './postback-security.api';
import shared from './Security.module.css';

export const SOURCES_MESSAGES = {
  saved: 'Postback security saved',
  help: 'Postbacks sent from these addresses are accepted without a signature, for every traffic source, beside each traffic source’s own allowed addresses. One a line (or separated by commas): an IPv4 or IPv6 address, a range such as 203.0.113.0/24 or 2001:db8::/32, a domain, or a postback URL whose host is resolved.',
  empty:
    'No account-wide source: only each traffic source’s own addresses, and signed postbacks, are accepted.',
  tooMany: `Use at most ${POSTBACK_SOURCES_MAX} sources`,
  requireSigned: 'Require signed postbacks',
  requireSignedHelp: 'Refuse every postback without a valid signature (sig), even from an allowed address.',
} as const;

/** The entries to save, each once, and the errors by line. */
export function checkSources(text: string) {
  const entries = postbackSourceLines(text);
  const errors = entries.flatMap((entry) => {
    const message = postbackSourceError(entry.value);
    return message ? [{ ...entry, message }] : [];
  });
  const sources = [...new Set(entries.map((entry) => entry.value))];
  return { sources, errors, tooMany: sources.length > POSTBACK_SOURCES_MAX };
}

function SourcesForm({ initial }: { initial: PostbackSecurity }) {
  const [text, setText] = useState(initial.sources.join('\n'));
  const [requireSigned, setRequireSigned] = useState(initial.requireSigned);
  const [attempted, setAttempted] = useState(false);
  const access = useWriteAccess('account_manage_settings');
  const fieldId = useId();
  const save = useAccountMutation({
    mutationFn: updatePostbackSecurity,
    invalidate: [postbackSecurityQueryKey],
    success: SOURCES_MESSAGES.saved,
  });
  const { sources, errors, tooMany } = checkSources(text);
  const invalid = errors.length > 0 || tooMany;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!access.allowed || invalid) return;
    save.mutate({ sources, requireSigned });
  };

  return (
    <form className={shared.form} onSubmit={submit} noValidate data-testid="postback-sources-form">
      <p className={shared.help} id={`${fieldId}-help`}>
        {SOURCES_MESSAGES.help}
      </p>
      <label htmlFor={fieldId} className={styles.label}>
        Allowed postback sources
      </label>
      <textarea
        id={fieldId}
        className={styles.sources}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={'203.0.113.0/24\n2001:db8::/32\nhttps://tracker.example/postback'}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        disabled={isLocked(access)}
        aria-describedby={`${fieldId}-help ${fieldId}-errors`}
        aria-invalid={(attempted && invalid) || undefined}
        data-invalid={(attempted && invalid) || undefined}
        data-testid="postback-sources"
      />
      <div id={`${fieldId}-errors`}>
        {errors.length > 0 ? (
          <ul
            className={styles.lineErrors}
            role={attempted ? 'alert' : undefined}
            data-testid="postback-source-errors"
          >
            {errors.map((error) => (
              <li key={`${error.line}:${error.value}`}>
                Line {error.line}: <code>{error.value}</code> – {error.message}
              </li>
            ))}
          </ul>
        ) : tooMany ? (
          <p className={styles.lineErrors} role="alert">
            {SOURCES_MESSAGES.tooMany}
          </p>
        ) : (
          <p className={styles.count} data-testid="postback-sources-count">
            {sources.length === 0
              ? SOURCES_MESSAGES.empty
              : `${formatNumber(sources.length)} ${sources.length === 1 ? 'source' : 'sources'}`}
          </p>
        )}
      </div>
      <div className={styles.toggleRow}>
        <span>
          <span className={styles.primaryText}>{SOURCES_MESSAGES.requireSigned}</span>
          <span className={styles.secondaryLine}>{SOURCES_MESSAGES.requireSignedHelp}</span>
        </span>
        <Toggle
          checked={requireSigned}
          onChange={setRequireSigned}
          disabled={isLocked(access)}
          aria-label={SOURCES_MESSAGES.requireSigned}
          labels={{ checked: 'on', unchecked: 'off' }}
        />
      </div>
      <div className={styles.actions}>
        <GuardedButton
          type="submit"
          access={access}
          loading={save.isPending}
          data-testid="postback-sources-save"
        >
          Save
        </GuardedButton>
      </div>
    </form>
  );
}

/** Who may post back without a signature, and whether a signature is always required. */
export function PostbackSourcesCard({ settings }: { settings: PostbackSecurity }) {
  return (
    <Card title="Allowed postback sources" data-testid="postback-sources-card">
      <SourcesForm key={`${settings.sources.join('\n')}|${settings.requireSigned}`} initial={settings} />
    </Card>
  );
}
