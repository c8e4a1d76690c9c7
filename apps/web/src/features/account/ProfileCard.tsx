import type { Settings } from '@veracity/contracts/account';
import { type FormEvent, useState } from 'react';
import { Card } from '../../components/Card/Card';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { Input } from '../../components/Input/Input';
import { LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { useAccountMutation } from '../../lib/use-api-feedback';
import { meQueryKey, useMe } from '../session/session.api';
import { isLocked, useWriteAccess } from '../session/use-write-access';
import styles from './Account.module.css';
import { settingsQueryKey, updateSettings, useSettings } from './account.api';
import { TimeZoneInput } from './TimeZoneInput';
import { isKnownTimeZone, TIME_ZONE_MESSAGE } from './time-zones';

export const PROFILE_MESSAGES = {
  saved: 'Your profile was updated',
  firstNameRequired: 'Required',
  tooLong: 'Use at most 120 characters',
} as const;

type ProfileFields = Settings['user'];

export function validateProfile(fields: { firstName: string; jobTitle: string; timezone: string }) {
  return {
    firstName:
      fields.firstName.trim() === ''
        ? PROFILE_MESSAGES.firstNameRequired
        : fields.firstName.trim().length > 120
          ? PROFILE_MESSAGES.tooLong
          : null,
    jobTitle: fields.jobTitle.trim().length > 120 ? PROFILE_MESSAGES.tooLong : null,
    timezone: isKnownTimeZone(fields.timezone) ? null : TIME_ZONE_MESSAGE,
  };
}

function ProfileForm({ initial, email }: { initial: ProfileFields; email: string }) {
  const [firstName, setFirstName] = useState(initial.firstName);
  const [jobTitle, setJobTitle] = useState(initial.jobTitle ?? '');
  const [timezone, setTimezone] = useState(initial.timezone);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const access = useWriteAccess();
  const save = useAccountMutation({
    mutationFn: updateSettings,
    invalidate: [settingsQueryKey, meQueryKey],
    success: PROFILE_MESSAGES.saved,
  });
  const errors = validateProfile({ firstName, jobTitle, timezone });
  const valid = !errors.firstName && !errors.jobTitle && !errors.timezone;
  const touch = (field: string) => setTouched((current) => ({ ...current, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ firstName: true, jobTitle: true, timezone: true });
    if (!access.allowed || !valid) return;
    save.mutate({
      user: {
        firstName: firstName.trim(),
        jobTitle: jobTitle.trim() === '' ? null : jobTitle.trim(),
        timezone,
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="profile-form">
      <div className={styles.fields}>
        <div className={styles.readOnly}>
          <span className={styles.readOnlyLabel}>Email</span>
          <span className={styles.readOnlyValue} data-testid="profile-email">
            {email}
          </span>
        </div>
        <Input
          label="First name"
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          onBlur={() => touch('firstName')}
          touched={touched.firstName}
          error={errors.firstName}
          disabled={isLocked(access)}
          data-testid="profile-first-name"
        />
        <Input
          label="Job title"
          value={jobTitle}
          onChange={(event) => setJobTitle(event.target.value)}
          onBlur={() => touch('jobTitle')}
          touched={touched.jobTitle}
          error={errors.jobTitle}
          disabled={isLocked(access)}
          data-testid="profile-job-title"
        />
        <TimeZoneInput
          label="Time zone"
          value={timezone}
          onChange={setTimezone}
          onBlur={() => touch('timezone')}
          touched={touched.timezone}
          error={errors.timezone}
          disabled={isLocked(access)}
          data-testid="profile-timezone"
        />
      </div>
      <div className={styles.formFooter}>
        <GuardedButton type="submit" access={access} loading={save.isPending} data-testid="profile-save">
          Save profile
        </GuardedButton>
      </div>
    </form>
  );
}

/** The signed-in person's own details (GET/PUT /me/settings, user part). */
export function ProfileCard() {
  const settings = useSettings();
  const me = useMe();
  return (
    <Card title="Your profile" data-testid="profile-card">
      {settings.isPending || me.isPending ? (
        <SkeletonRows rows={3} />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ProfileForm initial={settings.data.user} email={me.data?.email ?? ''} />
      )}
    </Card>
  );
}
