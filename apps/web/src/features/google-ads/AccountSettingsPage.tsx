import {
  EXCLUSION_ROTATION_MAX_DAYS,
  EXCLUSION_ROTATION_MIN_DAYS,
  type GoogleAdsState,
  type ProtectionMode,
} from '@veracity/contracts/google-ads';
import { type FormEvent, useState } from 'react';
import { Card } from '../../components/Card/Card';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { Input } from '../../components/Input/Input';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { RadioGroup } from '../../components/RadioGroup/RadioGroup';
import { Link } from '../../lib/navigation';
import { useAccountToday } from '../session/use-account-today';
import { isLocked, useWriteAccess, type WriteAccess } from '../session/use-write-access';
import { CapsCard } from './CapsCard';
import { ExclusionLogCard } from './ExclusionLogCard';
import styles from './GoogleAds.module.css';
import { updateGoogleAdsSettings, useGoogleAdsState } from './google-ads.api';
import { GOOGLE_ADS_PATHS } from './google-ads-copy';
import { NeverExcludeCard } from './NeverExcludeCard';
import { PROTECTION_MODE_OPTIONS } from './ProtectionStep';
import { SyncCard } from './SyncCard';
import { useGoogleAdsWrite } from './use-google-ads-write';

export const ROTATION_MESSAGE = `Enter a whole number of days from ${EXCLUSION_ROTATION_MIN_DAYS} to ${EXCLUSION_ROTATION_MAX_DAYS}`;

/** The rotation window typed in the field, or null when it is not a whole number in range. */
export function parseRotationDays(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const days = Number(text.trim());
  return days >= EXCLUSION_ROTATION_MIN_DAYS && days <= EXCLUSION_ROTATION_MAX_DAYS ? days : null;
}

function ProtectionCard({ state, access }: { state: GoogleAdsState; access: WriteAccess }) {
  const [mode, setMode] = useState<ProtectionMode>(state.settings.protectionMode);
  const [rotation, setRotation] = useState(String(state.settings.rotationDays));
  const [attempted, setAttempted] = useState(false);
  const save = useGoogleAdsWrite(updateGoogleAdsSettings, 'Protection settings saved');
  const days = parseRotationDays(rotation);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!access.allowed || days === null) return;
    save.mutate({ protectionMode: mode, rotationDays: days });
  };
  const locked = isLocked(access);
  return (
    <Card title="Protection" data-testid="protection-card">
      <form className={styles.form} onSubmit={submit} noValidate>
        <RadioGroup
          label="Protection mode"
          options={PROTECTION_MODE_OPTIONS}
          value={mode}
          onChange={(value) => setMode(value as ProtectionMode)}
          disabled={locked}
          name="google-settings-mode"
        />
        <Input
          label="Rotation window (days)"
          width="m"
          inputMode="numeric"
          value={rotation}
          onChange={(event) => setRotation(event.target.value)}
          touched={attempted}
          error={days === null ? ROTATION_MESSAGE : undefined}
          disabled={locked}
          data-testid="rotation-days"
        />
        <p className={styles.help}>
          An exclusion leaves after this many days without new invalid traffic; when a list is full, the least
          recently active and least harmful entries leave first.
        </p>
        <div className={styles.actions}>
          <GuardedButton type="submit" access={access} loading={save.isPending} data-testid="protection-save">
            Save
          </GuardedButton>
        </div>
      </form>
    </Card>
  );
}

function Settings({ state }: { state: GoogleAdsState }) {
  const access = useWriteAccess('account_manage_integrations');
  const { today } = useAccountToday();
  return (
    <>
      {state.connection === 'none' ? (
        <EmptyState
          title="Google Ads is not linked yet"
          action={<Link to={GOOGLE_ADS_PATHS.linking}>Link Google Ads</Link>}
          testId="settings-not-linked"
        >
          Link your accounts to exclude invalid traffic; the never-exclude list can be prepared already.
        </EmptyState>
      ) : null}
      <div className={styles.settingsGrid}>
        <ProtectionCard
          key={`${state.settings.protectionMode}-${state.settings.rotationDays}`}
          state={state}
          access={access}
        />
        <SyncCard state={state} access={access} />
      </div>
      {today ? <CapsCard state={state} today={today} /> : <SkeletonRows rows={3} />}
      <NeverExcludeCard />
      <ExclusionLogCard campaigns={state.campaigns} />
    </>
  );
}

/** /integrations/google-ads/account-settings: mode, rotation, caps, never-exclude list and the log. */
export function AccountSettingsPage() {
  const state = useGoogleAdsState();
  return (
    <div className={styles.page} data-testid="google-settings-page">
      <PageHeader title="Account settings" eyebrow="Google Ads" />
      {state.isPending ? (
        <SkeletonRows rows={6} testId="google-settings-loading" />
      ) : state.isError ? (
        <LoadError error={state.error} onRetry={() => void state.refetch()} />
      ) : (
        <Settings state={state.data} />
      )}
    </div>
  );
}
