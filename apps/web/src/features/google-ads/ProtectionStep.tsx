import { type GoogleAdsState, PROTECTION_MODES, type ProtectionMode } from '@veracity/contracts/google-ads';
import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton/CopyButton';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { RadioGroup } from '../../components/RadioGroup/RadioGroup';
import { isLocked, type WriteAccess } from '../session/use-write-access';
import styles from './GoogleAds.module.css';
import { setTrackingTemplate, updateGoogleAdsSettings } from './google-ads.api';
import { PROTECTION_MODE_COPY } from './google-ads-copy';
import { useGoogleAdsWrite } from './use-google-ads-write';

export const PROTECTION_MODE_OPTIONS = PROTECTION_MODES.map((mode) => ({
  value: mode,
  label: PROTECTION_MODE_COPY[mode].label,
  description: PROTECTION_MODE_COPY[mode].description,
}));

const TEMPLATE_OPTIONS = [
  {
    value: 'apply',
    label: 'Set Veracity’s tracking template',
    description:
      'Veracity sets the template on your protected accounts, so every landing carries the values below.',
  },
  {
    value: 'own',
    label: 'Keep my own tracking template',
    description: 'Add the parameters below to your template yourself, in Google Ads.',
  },
] as const;

/** The parameters of a template of one's own, one copy button each ("campaignid={campaignid}"). */
export function trackingParameterList(parameters: string): string[] {
  return parameters
    .replace(/^[?&]/, '')
    .split('&')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function TrackingTemplate({ state, access }: { state: GoogleAdsState; access: WriteAccess }) {
  const [choice, setChoice] = useState<'apply' | 'own'>(state.skipTT ? 'own' : 'apply');
  const save = useGoogleAdsWrite(setTrackingTemplate, (apply) =>
    apply ? 'Tracking template set on your protected accounts' : 'Your own tracking template is kept',
  );
  const parameters = trackingParameterList(state.trackingParameters);
  return (
    <div className={styles.subsection} data-testid="google-tracking-template">
      <h3 className={styles.subTitle}>Tracking template</h3>
      <p className={styles.help}>
        Landings from your ads then tell Veracity the campaign, keyword, placement, network and device of each
        click.
      </p>
      <RadioGroup
        label="Tracking template"
        options={TEMPLATE_OPTIONS}
        value={choice}
        onChange={(value) => setChoice(value === 'own' ? 'own' : 'apply')}
        disabled={isLocked(access)}
      />
      {choice === 'apply' ? (
        <div className={styles.codeLine}>
          <code className={styles.code} data-testid="google-template-text">
            {state.trackingTemplate}
          </code>
          <CopyButton text={state.trackingTemplate} />
        </div>
      ) : (
        <ul className={styles.parameterList} data-testid="google-tracking-parameters">
          {parameters.map((parameter) => (
            <li key={parameter} className={styles.codeLine}>
              <code className={styles.code}>{parameter}</code>
              <CopyButton text={parameter} />
            </li>
          ))}
          <li className={styles.codeLine}>
            <span className={styles.help}>All parameters</span>
            <CopyButton text={state.trackingParameters} label="Copy all" />
          </li>
        </ul>
      )}
      <div className={styles.actions}>
        <GuardedButton
          access={access}
          variation="secondary"
          loading={save.isPending}
          onClick={() => save.mutate(choice === 'apply')}
          data-testid="google-template-save"
        >
          {choice === 'apply' ? 'Set the template' : 'Keep my template'}
        </GuardedButton>
      </div>
    </div>
  );
}

/** Step 2: what the exclusion engine does, and the tracking template. */
export function ProtectionStep({
  state,
  access,
  onFinish,
}: {
  state: GoogleAdsState;
  access: WriteAccess;
  onFinish: () => void;
}) {
  const mode = useGoogleAdsWrite(
    (protectionMode: ProtectionMode) => updateGoogleAdsSettings({ protectionMode }),
    (protectionMode) => `Protection mode: ${PROTECTION_MODE_COPY[protectionMode].label}`,
  );
  const ready = state.gAdsSetupStatus[2];
  return (
    <div className={styles.stepBody} data-testid="google-step-protection">
      <h2 className={styles.stepTitle}>Protection mode</h2>
      <RadioGroup
        label="What Veracity does with the invalid traffic it finds"
        options={PROTECTION_MODE_OPTIONS}
        value={mode.isPending ? (mode.variables ?? null) : state.settings.protectionMode}
        onChange={(value) => mode.mutate(value as ProtectionMode)}
        disabled={isLocked(access) || mode.isPending}
        name="google-protection-mode"
      />
      <TrackingTemplate key={String(state.skipTT)} state={state} access={access} />
      <div className={styles.actions}>
        {ready ? null : (
          <span className={styles.help} data-testid="google-finish-pending">
            Finish once every step is ready: connected, at least one account protected, and the tracking
            template set or kept.
          </span>
        )}
        <GuardedButton
          access={ready ? access : { allowed: false, reason: 'Complete the previous steps first' }}
          onClick={onFinish}
          data-testid="google-finish"
        >
          Finish
        </GuardedButton>
      </div>
    </div>
  );
}
