import type { Settings } from '@veracity/contracts/account';
import { type FormEvent, useState } from 'react';
import { Card } from '../../components/Card/Card';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { Input } from '../../components/Input/Input';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { Link } from '../../lib/navigation';
import { useAccountMutation } from '../../lib/use-api-feedback';
import { meQueryKey } from '../session/session.api';
import { isLocked, useWriteAccess } from '../session/use-write-access';
import styles from './Account.module.css';
import { settingsQueryKey, updateSettings, useSettings } from './account.api';
import { CPC_CHANNELS, CURRENCIES, cpcText, parseCpc } from './cost-per-click';
import { TimeZoneInput } from './TimeZoneInput';
import { isKnownTimeZone, TIME_ZONE_MESSAGE } from './time-zones';

export const SETTINGS_MESSAGES = {
  saved: 'Account settings saved',
  companyRequired: 'Required',
  companyTooLong: 'Use at most 160 characters',
} as const;

type AccountSettings = NonNullable<Settings['account']>;

function AccountSettingsForm({ initial }: { initial: AccountSettings }) {
  const [companyName, setCompanyName] = useState(initial.companyName);
  const [timezone, setTimezone] = useState(initial.timezone);
  const [currency, setCurrency] = useState(initial.currency);
  const [cpc, setCpc] = useState<Record<string, string>>(() =>
    Object.fromEntries(CPC_CHANNELS.map(({ id }) => [id, cpcText(initial.defaultCpc[id])])),
  );
  const [attempted, setAttempted] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const access = useWriteAccess('account_manage_settings');
  const save = useAccountMutation({
    mutationFn: updateSettings,
    invalidate: [settingsQueryKey, meQueryKey],
    success: SETTINGS_MESSAGES.saved,
  });

  const companyError =
    companyName.trim() === ''
      ? SETTINGS_MESSAGES.companyRequired
      : companyName.trim().length > 160
        ? SETTINGS_MESSAGES.companyTooLong
        : null;
  const timezoneError = isKnownTimeZone(timezone) ? null : TIME_ZONE_MESSAGE;
  const parsedCpc = CPC_CHANNELS.map(({ id }) => ({ id, ...parseCpc(cpc[id] ?? '') }));
  const valid = !companyError && !timezoneError && parsedCpc.every((entry) => entry.error === null);
  const currencies = CURRENCIES.includes(currency as (typeof CURRENCIES)[number])
    ? CURRENCIES
    : [currency, ...CURRENCIES];
  const isTouched = (field: string) => attempted || touched[field] === true;
  const touch = (field: string) => setTouched((current) => ({ ...current, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!access.allowed || !valid) return;
    const defaultCpc: Record<string, number> = {};
    for (const entry of parsedCpc) if (entry.value !== null) defaultCpc[entry.id] = entry.value;
    save.mutate({ account: { companyName: companyName.trim(), timezone, currency, defaultCpc } });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="account-settings-form">
      <Card title="Company">
        <div className={styles.fields}>
          <Input
            label="Company name"
            value={companyName}
            onChange={(event) => setCompanyName(event.target.value)}
            onBlur={() => touch('companyName')}
            touched={isTouched('companyName')}
            error={companyError}
            disabled={isLocked(access)}
            data-testid="settings-company-name"
          />
          <TimeZoneInput
            label="Time zone of reports"
            value={timezone}
            onChange={setTimezone}
            onBlur={() => touch('timezone')}
            touched={isTouched('timezone')}
            error={timezoneError}
            disabled={isLocked(access)}
            data-testid="settings-timezone"
          />
          <div data-testid="settings-currency">
            <Dropdown
              label="Currency"
              width="100%"
              options={currencies.map((code) => ({ value: code, label: code }))}
              value={currency}
              onChange={setCurrency}
              disabled={isLocked(access)}
            />
          </div>
        </div>
      </Card>
      <Card title="Default cost per click" data-testid="settings-cpc-card">
        <div className={styles.form}>
          <p className={styles.help}>
            Savings multiply the invalid clicks of a channel by its cost per click. Until an ad platform is
            connected and reports real costs, these defaults are used. Leave a channel empty to leave it out
            of savings.
          </p>
          <div className={styles.cpcGrid}>
            {CPC_CHANNELS.map(({ id, label }) => {
              const entry = parsedCpc.find((candidate) => candidate.id === id);
              return (
                <Input
                  key={id}
                  label={`${label} (${currency})`}
                  inputMode="decimal"
                  placeholder="0.00"
                  value={cpc[id] ?? ''}
                  onChange={(event) => setCpc((current) => ({ ...current, [id]: event.target.value }))}
                  onBlur={() => touch(`cpc-${id}`)}
                  touched={isTouched(`cpc-${id}`)}
                  error={entry?.error}
                  disabled={isLocked(access)}
                  data-testid={`settings-cpc-${id}`}
                />
              );
            })}
          </div>
        </div>
      </Card>
      <div className={styles.formFooter}>
        <GuardedButton type="submit" access={access} loading={save.isPending} data-testid="settings-save">
          Save settings
        </GuardedButton>
      </div>
    </form>
  );
}

/** /account/settings: the company's settings (GET/PUT /me/settings, account part). */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <div className={styles.page} data-testid="account-settings-page">
      <PageHeader title="Account settings" eyebrow="Account" />
      {settings.isPending ? (
        <Card>
          <SkeletonRows rows={5} testId="settings-loading" />
        </Card>
      ) : settings.isError ? (
        <Card>
          <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
        </Card>
      ) : settings.data.account === null ? (
        <Card>
          <EmptyState title="No account selected" testId="settings-no-account">
            Choose the company account whose settings you want to change on the{' '}
            <Link to="/role">account selector</Link>.
          </EmptyState>
        </Card>
      ) : (
        <AccountSettingsForm key={settings.dataUpdatedAt} initial={settings.data.account} />
      )}
    </div>
  );
}
