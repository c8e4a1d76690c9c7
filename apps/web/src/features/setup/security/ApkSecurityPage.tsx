import {
  APPS_SEEN_DAYS,
  type AppSecurity,
  type AppSecurityUpdate,
  appPackageInList,
} from '@veracity/contracts/app-security';
import { type FormEvent, useState } from 'react';
import { Card } from '../../../components/Card/Card';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { formatDate, formatNumber } from '../../../lib/format';
import { useAccountMutation } from '../../../lib/use-api-feedback';
import { isLocked, useWriteAccess, type WriteAccess } from '../../session/use-write-access';
import styles from './ApkSecurity.module.css';
import { listText, parseAppList, withOverlap } from './app-lists';
import { appSecurityQueryKey, saveAppSecurity, useAppSecurity } from './app-security.api';
import { ListLinesField } from './ListLinesField';
import type { ListLineError } from './list-lines';
import shared from './Security.module.css';

export const APK_MESSAGES = {
  saved: 'App lists saved',
  fixLines: 'Fix the lines marked below, then save again',
} as const;

const describeAppLine = (error: ListLineError) =>
  `${error.line > 0 ? `Line ${error.line}: ` : ''}${error.text ? `${error.text} – ` : ''}${error.message}`;

/** /setup/security/apk-security: the Android apps whose in-app traffic is blocked or expected. */
export function ApkSecurityPage() {
  const query = useAppSecurity();
  const access = useWriteAccess('account_manage_settings');
  return (
    <div className={shared.page} data-testid="apk-security-page">
      <PageHeader title="APK security" eyebrow="Setup" />
      <p className={shared.intro}>
        Decide which Android apps may send you in-app traffic: visits from a web view inside an app, such as
        ads shown in games and news apps.
      </p>
      <Card title="How in-app traffic is recognised" data-testid="apk-explanation">
        <p className={styles.text}>
          A web view inside an Android app names its app in the <code>X-Requested-With</code> header of every
          request it makes, as a package name such as <code>com.example.news</code>. Veracity reads it on the
          sensor's own request, on firewall clicks and in the headers your server forwards with S2S hits.
          Browsers send nothing there, or <code>XMLHttpRequest</code> from a page's script: that is never
          taken for an app.
        </p>
        <p className={styles.text}>
          A visit from a <strong>blocked</strong> app is invalid. When the <strong>allowed</strong> list has
          apps, a visit from any other app is suspicious; visits from browsers are not affected. An entry
          ending in <code>.*</code> covers every app under it (<code>com.example.*</code>). Saved changes
          apply to the next visits; visits already counted keep their verdict.
        </p>
      </Card>
      {query.isPending ? (
        <Card title="App lists">
          <SkeletonRows rows={3} testId="apk-loading" />
        </Card>
      ) : query.isError ? (
        <Card title="App lists">
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : (
        <>
          <AppListsForm key={query.dataUpdatedAt} initial={query.data} access={access} />
          <AppsSeenCard data={query.data} access={access} />
        </>
      )}
    </div>
  );
}

function useSaveApps() {
  return useAccountMutation({
    mutationFn: (body: AppSecurityUpdate) => saveAppSecurity(body),
    invalidate: [appSecurityQueryKey],
    success: APK_MESSAGES.saved,
  });
}

function AppListsForm({ initial, access }: { initial: AppSecurity; access: WriteAccess }) {
  const [blockedText, setBlockedText] = useState(() => listText(initial.blocked));
  const [allowedText, setAllowedText] = useState(() => listText(initial.allowed));
  const [attempted, setAttempted] = useState(false);
  const save = useSaveApps();
  const blocked = parseAppList(blockedText);
  const allowed = withOverlap(parseAppList(allowedText), blocked);
  const invalid = blocked.errors.length > 0 || allowed.errors.length > 0;
  // Errors show once either list is edited (a blocked entry can make an allowed line wrong) or saved.
  const showErrors =
    attempted || blockedText !== listText(initial.blocked) || allowedText !== listText(initial.allowed);

  const fieldProps = {
    placeholder: 'com.example.news\ncom.example.*',
    rows: 8,
    describe: describeAppLine,
    textareaClassName: styles.textarea,
    showErrors,
    disabled: isLocked(access),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!access.allowed || invalid) return;
    save.mutate({ allowed: allowed.entries, blocked: blocked.entries });
  };

  return (
    <Card title="App lists" data-testid="apk-lists-card">
      <form className={shared.form} onSubmit={submit} noValidate data-testid="apk-form">
        <div className={styles.lists}>
          <ListLinesField
            label={`Blocked apps (${blocked.entries.length})`}
            hint="Visits from these apps are invalid. One package name a line; paste a list at once."
            value={blockedText}
            onChange={setBlockedText}
            errors={blocked.errors}
            {...fieldProps}
            testId="apk-blocked"
          />
          <ListLinesField
            label={`Allowed apps (${allowed.entries.length})`}
            hint="Leave empty to accept every app. With apps here, visits from other apps are suspicious."
            value={allowedText}
            onChange={setAllowedText}
            errors={allowed.errors}
            {...fieldProps}
            testId="apk-allowed"
          />
        </div>
        {attempted && invalid ? (
          <p className={shared.lineErrors} role="alert" data-testid="apk-fix-lines">
            {APK_MESSAGES.fixLines}
          </p>
        ) : null}
        <div className={shared.footer}>
          <GuardedButton type="submit" access={access} loading={save.isPending} data-testid="apk-save">
            Save lists
          </GuardedButton>
        </div>
      </form>
    </Card>
  );
}

/** The apps seen in recent traffic, each with a one-click allow and block. */
function AppsSeenCard({ data, access }: { data: AppSecurity; access: WriteAccess }) {
  const change = useSaveApps();
  const move = (appPackage: string, to: 'allowed' | 'blocked') => {
    const without = (list: readonly string[]) => list.filter((entry) => entry !== appPackage);
    change.mutate({
      allowed: to === 'allowed' ? [...without(data.allowed), appPackage] : without(data.allowed),
      blocked: to === 'blocked' ? [...without(data.blocked), appPackage] : without(data.blocked),
    });
  };
  // As detection reads the lists: a `.*` prefix covers the apps under it, and blocking wins.
  const status = (appPackage: string) =>
    appPackageInList(appPackage, data.blocked)
      ? 'Blocked'
      : appPackageInList(appPackage, data.allowed)
        ? 'Allowed'
        : data.allowed.length > 0
          ? 'Unexpected'
          : '–';
  return (
    <Card title={`Apps seen in the last ${APPS_SEEN_DAYS} days`} flush data-testid="apk-seen-card">
      {data.seen.length === 0 ? (
        <EmptyState title="No in-app traffic yet" testId="apk-seen-empty">
          Apps appear here once visits from a web view inside an Android app arrive.
        </EmptyState>
      ) : (
        <div className={shared.tableWrap}>
          <table className={shared.table} data-testid="apk-seen-table">
            <thead>
              <tr>
                <th scope="col">App package</th>
                <th scope="col" className={shared.number}>
                  Visits
                </th>
                <th scope="col" className={styles.wide}>
                  Last seen
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.seen.map((app, index) => {
                const current = status(app.package);
                return (
                  <tr key={app.package} data-testid={`apk-seen-row-${index}`}>
                    <td className={styles.package}>{app.package}</td>
                    <td className={shared.number}>{formatNumber(app.hits)}</td>
                    <td className={`${styles.wide} ${styles.muted}`}>{formatDate(app.lastSeenAt)}</td>
                    <td className={current === '–' ? styles.muted : undefined}>{current}</td>
                    <td>
                      <div className={styles.actions}>
                        <GuardedButton
                          size="s"
                          variation="secondary"
                          access={access}
                          disabled={current === 'Allowed' || change.isPending}
                          aria-label={`Allow ${app.package}`}
                          onClick={() => move(app.package, 'allowed')}
                          data-testid={`apk-allow-${index}`}
                        >
                          Allow
                        </GuardedButton>
                        <GuardedButton
                          size="s"
                          variation="secondary"
                          access={access}
                          disabled={current === 'Blocked' || change.isPending}
                          aria-label={`Block ${app.package}`}
                          onClick={() => move(app.package, 'blocked')}
                          data-testid={`apk-block-${index}`}
                        >
                          Block
                        </GuardedButton>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
