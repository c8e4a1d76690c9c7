import {
  POSTBACK_OVERLAP_DEFAULT_HOURS,
  POSTBACK_OVERLAP_HOURS,
  type PostbackOverlapHours,
  type PostbackSecurity,
} from '@veracity/contracts/postback-security';
import { useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { Card } from '../../../components/Card/Card';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { CopyButton } from '../../../components/CopyButton/CopyButton';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { RadioGroup } from '../../../components/RadioGroup/RadioGroup';
import { useAccountMutation } from '../../../lib/use-api-feedback';
import { formatDateTime } from '../../account/format';
import { isLocked, useWriteAccess } from '../../session/use-write-access';
import styles from './PostbackSecurity.module.css';
import { postbackSecurityQueryKey, rotatePostbackSecret } from './postback-security.api';
import shared from './Security.module.css';

export const OVERLAP_LABELS: Record<PostbackOverlapHours, string> = {
  0: 'None',
  1: '1 hour',
  24: '24 hours',
  168: '7 days',
};

export const SECRET_MESSAGES = {
  rotated: 'Postback secret rotated',
  shownOnce:
    'Copy this secret now and give it to your advertisers. For your security it will not be shown again: if you lose it, rotate it again.',
  derived: 'Derived from this server’s key (in use since the account was created)',
  noPrevious: 'None',
} as const;

/** What a rotation does, in a sentence, for the confirmation. */
export function rotationText(overlapHours: PostbackOverlapHours): string {
  const after =
    overlapHours === 0
      ? 'Postbacks signed with the current secret are refused at once.'
      : `Postbacks signed with the current secret are still accepted for ${OVERLAP_LABELS[overlapHours]}, then refused.`;
  return `A new secret replaces the current one. ${after} The new secret is shown once.`;
}

function RevealedSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className={shared.form} data-testid="postback-secret-revealed">
      <p className={styles.warning} role="note" data-testid="postback-secret-warning">
        {SECRET_MESSAGES.shownOnce}
      </p>
      <div className={styles.secret}>
        <code data-testid="postback-secret-value">{secret}</code>
        <CopyButton text={secret} />
      </div>
      <div className={styles.actions}>
        <Button onClick={onDone} data-testid="postback-secret-done">
          I have copied the secret
        </Button>
      </div>
    </div>
  );
}

/** The signing secret: which one is in use, the previous one's expiry, and the rotation. */
export function PostbackSecretCard({ settings }: { settings: PostbackSecurity }) {
  const [overlap, setOverlap] = useState<PostbackOverlapHours>(POSTBACK_OVERLAP_DEFAULT_HOURS);
  const [confirming, setConfirming] = useState<PostbackOverlapHours | null>(null);
  const [revealed, setRevealed] = useState<string | null>(null);
  const access = useWriteAccess('account_manage_settings');
  const rotate = useAccountMutation({
    mutationFn: rotatePostbackSecret,
    invalidate: [postbackSecurityQueryKey],
    success: SECRET_MESSAGES.rotated,
    onSuccess: (answer) => {
      setConfirming(null);
      setRevealed(answer.secret);
    },
  });
  const { secret } = settings;
  return (
    <Card title="Signing secret" data-testid="postback-secret-card">
      <div className={shared.form}>
        <p className={shared.help}>
          Advertisers sign each postback with this secret (HMAC-SHA256, below). A signed postback is accepted
          from any address.
        </p>
        <dl className={styles.facts}>
          <div>
            <dt>Secret in use</dt>
            <dd data-testid="postback-secret-kind">
              {secret.kind === 'derived'
                ? SECRET_MESSAGES.derived
                : `Generated ${formatDateTime(secret.createdAt)}`}
            </dd>
          </div>
          <div>
            <dt>Fingerprint</dt>
            <dd>
              <code data-testid="postback-secret-fingerprint">{secret.fingerprint}</code>
            </dd>
          </div>
          <div>
            <dt>Previous secret</dt>
            <dd data-testid="postback-secret-previous">
              {secret.previous ? (
                <>
                  <code>{secret.previous.fingerprint}</code>, accepted until{' '}
                  {formatDateTime(secret.previous.expiresAt)}
                </>
              ) : (
                SECRET_MESSAGES.noPrevious
              )}
            </dd>
          </div>
        </dl>
        {revealed ? (
          <RevealedSecret secret={revealed} onDone={() => setRevealed(null)} />
        ) : (
          <div className={styles.footer}>
            <RadioGroup
              label="Keep accepting the current secret after a rotation for"
              orientation="horizontal"
              options={POSTBACK_OVERLAP_HOURS.map((hours) => ({
                value: String(hours),
                label: OVERLAP_LABELS[hours],
              }))}
              value={String(overlap)}
              onChange={(value) => setOverlap(Number(value) as PostbackOverlapHours)}
              disabled={isLocked(access)}
            />
            <GuardedButton
              variation="secondary"
              access={access}
              onClick={() => setConfirming(overlap)}
              data-testid="postback-secret-rotate"
            >
              Rotate secret
            </GuardedButton>
          </div>
        )}
      </div>
      <ConfirmModal
        subject={confirming}
        title="Rotate the postback secret?"
        describe={rotationText}
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        onConfirm={(hours) => rotate.mutate(hours)}
        onCancel={() => setConfirming(null)}
        confirmTestId="postback-secret-rotate-confirm"
      />
    </Card>
  );
}
