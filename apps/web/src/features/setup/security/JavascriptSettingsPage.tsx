import { EXCLUSION_PLATFORMS, type ExclusionPlatform } from '@veracity/contracts/collect';
import {
  FIRST_PARTY_PATH_MAX_LENGTH,
  FIRST_PARTY_PATH_MESSAGE,
  FIRST_PARTY_PATH_PATTERN,
  type SensorSettings,
  type SensorSettingsAnswer,
} from '@veracity/contracts/sensor-settings';
import { type FormEvent, useState } from 'react';
import { Card } from '../../../components/Card/Card';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { Input } from '../../../components/Input/Input';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { Toggle } from '../../../components/Toggle/Toggle';
import { Link } from '../../../lib/navigation';
import { useAccountMutation } from '../../../lib/use-api-feedback';
import { useMe } from '../../session/session.api';
import { isLocked, useWriteAccess } from '../../session/use-write-access';
import { CodeBlock } from '../SensorSnippet';
import { cloudflareWorkerSnippet, nginxProxySnippet } from './first-party-proxy';
import styles from './JavascriptSettings.module.css';
import shared from './Security.module.css';
import { sensorSettingsQueryKey, updateSensorSettings, useSensorSettings } from './sensor-settings.api';

export const JS_SETTINGS_MESSAGES = {
  saved: 'JavaScript settings saved',
  pathRequired: 'Enter the path your proxy forwards, e.g. /vx',
} as const;

/** The platforms' names as their advertisers know them. */
export const PLATFORM_LABELS: Record<ExclusionPlatform, string> = {
  google: 'Google Ads (Google tag)',
  facebook: 'Meta (Meta pixel)',
  microsoft: 'Microsoft Advertising (UET tag)',
  tiktok: 'TikTok (TikTok pixel)',
};

function pathError(enabled: boolean, path: string): string | null {
  if (!enabled) return null;
  if (path.trim() === '') return JS_SETTINGS_MESSAGES.pathRequired;
  return path.length <= FIRST_PARTY_PATH_MAX_LENGTH && FIRST_PARTY_PATH_PATTERN.test(path)
    ? null
    : FIRST_PARTY_PATH_MESSAGE;
}

/** A setting's title, what it does, and its switch. */
function SettingRow({
  id,
  title,
  help,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  title: string;
  help?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <div className={styles.toggleRow} data-testid={`js-settings-${id}`} data-checked={checked}>
      <span className={styles.rowText}>
        <span className={styles.rowTitle}>{title}</span>
        {help ? <span className={styles.help}>{help}</span> : null}
      </span>
      <Toggle checked={checked} onChange={onChange} disabled={disabled} aria-label={title} id={`js-${id}`} />
    </div>
  );
}

function JavascriptSettingsForm({ answer }: { answer: SensorSettingsAnswer }) {
  const initial = answer.settings;
  const [exclusionEvents, setExclusionEvents] = useState(initial.exclusionEvents);
  const [spaTracking, setSpaTracking] = useState(initial.spaTracking);
  const [cookieless, setCookieless] = useState(initial.cookieless);
  const [pathEnabled, setPathEnabled] = useState(initial.firstPartyPath !== null);
  const [path, setPath] = useState(initial.firstPartyPath ?? '/vx');
  const [touched, setTouched] = useState(false);
  const access = useWriteAccess('account_manage_settings');
  const locked = isLocked(access);
  const save = useAccountMutation({
    mutationFn: updateSensorSettings,
    invalidate: [sensorSettingsQueryKey],
    success: JS_SETTINGS_MESSAGES.saved,
  });
  const error = pathError(pathEnabled, path.trim());
  const savedPath = answer.settings.firstPartyPath;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!access.allowed || error) return;
    const settings: SensorSettings = {
      exclusionEvents,
      spaTracking,
      cookieless,
      firstPartyPath: pathEnabled ? path.trim() : null,
    };
    save.mutate(settings);
  };

  return (
    <form className={shared.form} onSubmit={submit} noValidate data-testid="js-settings-form">
      <Card title="Exclusion events">
        <div className={styles.rows}>
          <p className={styles.help}>
            When a visit is invalid, the sensor fires the event VeracityExcludeVisitor on the ad platform tags
            of the page, so that each platform can build an audience to exclude. Switch off a platform to stop
            firing it there; the visit is still judged and counted.
          </p>
          {EXCLUSION_PLATFORMS.map((platform) => (
            <SettingRow
              key={platform}
              id={`exclusion-${platform}`}
              title={PLATFORM_LABELS[platform]}
              checked={exclusionEvents[platform]}
              onChange={(checked) => setExclusionEvents((current) => ({ ...current, [platform]: checked }))}
              disabled={locked}
            />
          ))}
        </div>
      </Card>
      <Card title="Tracking">
        <div className={styles.rows}>
          <SettingRow
            id="spa"
            title="Single-page app tracking"
            help="Each change of address made through the browser history (pushState, replaceState, back and forward) is sent as a page view, referred by the previous address."
            checked={spaTracking}
            onChange={setSpaTracking}
            disabled={locked}
          />
          <SettingRow
            id="cookieless"
            title="Cookie-less mode"
            help="The sensor keeps no identifier in cookies or local storage. Veracity groups a visitor's page views into visits itself, from the device, for 30 minutes without a page view."
            checked={cookieless}
            onChange={setCookieless}
            disabled={locked}
          />
        </div>
      </Card>
      <Card title="First-party endpoint">
        <div className={styles.rows}>
          <SettingRow
            id="first-party"
            title="Serve the sensor from my own domain"
            help="Your site forwards a path of its own to Veracity's collector: the script and its events then stay on your domain."
            checked={pathEnabled}
            onChange={setPathEnabled}
            disabled={locked}
          />
          {pathEnabled ? (
            <div className={styles.pathField}>
              <Input
                label="Path on your domain"
                value={path}
                onChange={(event) => setPath(event.target.value)}
                onBlur={() => setTouched(true)}
                touched={touched}
                error={error}
                disabled={locked}
                spellCheck={false}
                autoComplete="off"
                data-testid="js-settings-path"
              />
            </div>
          ) : null}
          {savedPath !== null ? (
            <div className={styles.proxySteps} data-testid="js-settings-proxy">
              <p className={styles.help}>
                Forward <code>{savedPath}/</code> on your domain to <code>{answer.collectorUrl}/</code>,
                passing on the visitor's address in <code>X-Forwarded-For</code>; Veracity must trust your
                proxy (TRUST_PROXY) to read it.
              </p>
              <h3>nginx</h3>
              <CodeBlock
                code={nginxProxySnippet(savedPath, answer.collectorUrl)}
                copyLabel="Copy nginx block"
                wrap={false}
                testId="js-settings-nginx"
              >
                Inside the <code>server</code> block of your site.
              </CodeBlock>
              <h3>Cloudflare Worker</h3>
              <CodeBlock
                code={cloudflareWorkerSnippet(savedPath, answer.collectorUrl)}
                copyLabel="Copy worker"
                wrap={false}
                testId="js-settings-worker"
              >
                A Worker on the route of this path.
              </CodeBlock>
            </div>
          ) : null}
        </div>
      </Card>
      <Card title="Your snippet">
        <CodeBlock code={answer.snippet} copyLabel="Copy snippet" testId="js-settings-snippet">
          Exclusion events apply at once. After changing tracking or the endpoint, replace the snippet on your
          pages with this one (also on <Link to="/setup/sensor-js">Sensor script</Link>).
        </CodeBlock>
      </Card>
      <div className={shared.footer}>
        <GuardedButton type="submit" access={access} loading={save.isPending} data-testid="js-settings-save">
          Save settings
        </GuardedButton>
      </div>
    </form>
  );
}

/** /setup/security/javascript-settings: the sensor's options for the account (view js_settings). */
export function JavascriptSettingsPage() {
  const me = useMe();
  const accountSelected = Boolean(me.data?.sensorKey);
  const settings = useSensorSettings(accountSelected);
  return (
    <div className={shared.page} data-testid="js-settings-page">
      <PageHeader title="JavaScript settings" eyebrow="Setup" />
      <p className={shared.intro}>
        How the sensor script behaves on your pages: the exclusion events it fires, what it tracks, and where
        it is served from.
      </p>
      {me.isPending || (accountSelected && settings.isPending) ? (
        <Card>
          <SkeletonRows rows={5} testId="js-settings-loading" />
        </Card>
      ) : !accountSelected ? (
        <Card>
          <EmptyState title="No account selected" testId="js-settings-no-account">
            Choose the company account whose sensor you want to set up on the{' '}
            <Link to="/role">account selector</Link>.
          </EmptyState>
        </Card>
      ) : settings.isError ? (
        <Card>
          <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
        </Card>
      ) : settings.data ? (
        <JavascriptSettingsForm key={settings.dataUpdatedAt} answer={settings.data} />
      ) : null}
    </div>
  );
}
