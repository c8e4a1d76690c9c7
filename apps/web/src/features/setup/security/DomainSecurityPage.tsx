import type { DomainSecurity, ForeignDomainAction, SeenHost } from '@veracity/contracts/domain-security';
import { type FormEvent, useState } from 'react';
import { Card } from '../../../components/Card/Card';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { ScrollRegion } from '../../../components/Table/ScrollRegion';
import { Toggle } from '../../../components/Toggle/Toggle';
import { useAccountMutation } from '../../../lib/use-api-feedback';
import { isLocked, useWriteAccess, type WriteAccess } from '../../session/use-write-access';
import styles from './DomainSecurity.module.css';
import { coveredBy, parseDomainLines } from './domain-lines';
import {
  domainSecurityQueryKey,
  saveDomainSecurity,
  seenDomainsQueryKey,
  useDomainSecurity,
  useSeenDomains,
} from './domain-security.api';
import { ListLinesField } from './ListLinesField';
import type { ListLineError } from './list-lines';
import shared from './Security.module.css';

export const DOMAINS_SAVED = 'Domain security saved';
export const FOREIGN_ACTION_LABELS = {
  checked: 'Excluded (invalid)',
  unchecked: 'Flagged (suspicious)',
} as const;

const PERMISSION = 'account_manage_settings';

const values = (saved: DomainSecurity) => ({
  excludedReferrers: saved.excludedReferrers.map((entry) => entry.value),
  sensorDomains: saved.sensorDomains.map((entry) => entry.value),
});

const DOMAIN_PLACEHOLDER = 'shop.example.com\n*.example.org';

const describeDomainLine = (error: ListLineError) =>
  `${error.line > 0 ? `Line ${error.line}: “${error.text}”: ` : ''}${error.message}`;

function DomainSecurityForm({ initial, access }: { initial: DomainSecurity; access: WriteAccess }) {
  const saved = values(initial);
  const [excludedText, setExcludedText] = useState(saved.excludedReferrers.join('\n'));
  const [sensorText, setSensorText] = useState(saved.sensorDomains.join('\n'));
  const [action, setAction] = useState<ForeignDomainAction>(initial.foreignDomainAction);
  const [touched, setTouched] = useState({ excluded: false, sensor: false });
  const [attempted, setAttempted] = useState(false);
  const excluded = parseDomainLines(excludedText);
  const sensor = parseDomainLines(sensorText);
  const locked = isLocked(access);
  const save = useAccountMutation({
    mutationFn: saveDomainSecurity,
    invalidate: [domainSecurityQueryKey],
    success: DOMAINS_SAVED,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!access.allowed || excluded.errors.length > 0 || sensor.errors.length > 0) return;
    save.mutate({
      excludedReferrers: excluded.domains,
      sensorDomains: sensor.domains,
      foreignDomainAction: action,
    });
  };

  return (
    <form className={shared.form} onSubmit={submit} noValidate data-testid="domain-security-form">
      <Card title="Excluded referring domains" data-testid="excluded-referrers-card">
        <p className={styles.help}>
          Visits referred by these domains, or any of their subdomains, are marked “Referred by an excluded
          domain” and count as suspicious: placements you do not want to pay for.
        </p>
        <ListLinesField
          label="Referring domains, one per line"
          hint="Paste a list: one domain per line. A domain covers its subdomains."
          value={excludedText}
          onChange={(text) => {
            setExcludedText(text);
            setTouched((before) => ({ ...before, excluded: true }));
          }}
          placeholder={DOMAIN_PLACEHOLDER}
          rows={6}
          errors={excluded.errors}
          describe={describeDomainLine}
          showErrors={attempted || touched.excluded}
          disabled={locked}
          testId="excluded-referrers"
        />
      </Card>
      <Card title="Sensor domains" data-testid="sensor-domains-card">
        <p className={styles.help}>
          The domains where your sensor script may run. A visit on a page of any other domain (a copy of your
          snippet on someone else's site) is marked “Sensor running on a domain the account does not own”.
          Leave the list empty to accept every domain.
        </p>
        <ListLinesField
          label="Sensor domains, one per line"
          hint="shop.example.com also covers www.shop.example.com and every other subdomain."
          value={sensorText}
          onChange={(text) => {
            setSensorText(text);
            setTouched((before) => ({ ...before, sensor: true }));
          }}
          placeholder={DOMAIN_PLACEHOLDER}
          rows={6}
          errors={sensor.errors}
          describe={describeDomainLine}
          showErrors={attempted || touched.sensor}
          disabled={locked}
          testId="sensor-domains"
        />
        <div className={styles.switchRow}>
          <span className={styles.switchText}>Visits on other domains are</span>
          <Toggle
            checked={action === 'exclude'}
            onChange={(checked) => setAction(checked ? 'exclude' : 'flag')}
            disabled={locked}
            aria-label="Exclude visits on other domains (invalid) instead of flagging them (suspicious)"
            labels={FOREIGN_ACTION_LABELS}
          />
        </div>
        <p className={styles.hint}>
          Flagged visits count as suspicious; excluded visits count as invalid and are excluded where your
          integrations allow it.
        </p>
      </Card>
      <div className={shared.footer}>
        <GuardedButton
          type="submit"
          access={access}
          loading={save.isPending}
          data-testid="domain-security-save"
        >
          Save domains
        </GuardedButton>
      </div>
    </form>
  );
}

function SeenTable({
  caption,
  hosts,
  actionLabel,
  doneLabel,
  isDone,
  onAdd,
  pendingHost,
  access,
  testId,
}: {
  caption: string;
  hosts: readonly SeenHost[];
  actionLabel: string;
  doneLabel: string;
  isDone: (host: string) => boolean;
  onAdd: (host: string) => void;
  pendingHost: string | null;
  access: WriteAccess;
  testId: string;
}) {
  if (hosts.length === 0) {
    return (
      <EmptyState title={`No ${caption.toLowerCase()} in the last 30 days`} testId={`${testId}-empty`}>
        Hosts appear here once visits arrive.
      </EmptyState>
    );
  }
  return (
    <ScrollRegion label={caption} className={styles.tableWrap}>
      <table className={shared.table} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">Host</th>
            <th scope="col" className={styles.number}>
              Visits
            </th>
            <th scope="col" className={styles.actionCell}>
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {hosts.map((seen) => {
            const done = isDone(seen.host);
            return (
              <tr key={seen.host} data-testid={`${testId}-row`}>
                {/* A host from traffic: untrusted, rendered as text only. */}
                <td className={styles.host} title={seen.host}>
                  {seen.host}
                </td>
                <td className={styles.number}>{seen.hits.toLocaleString()}</td>
                <td className={styles.actionCell}>
                  {done ? (
                    <span className={styles.done}>{doneLabel}</span>
                  ) : (
                    <GuardedButton
                      size="s"
                      variation="secondary"
                      access={access}
                      loading={pendingHost === seen.host}
                      disabled={pendingHost !== null}
                      aria-label={`${actionLabel} ${seen.host}`}
                      onClick={() => onAdd(seen.host)}
                      data-testid={`${testId}-add`}
                    >
                      {actionLabel}
                    </GuardedButton>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The hosts of the account's recent visits, each added to a list with one click (saved at once). */
function SeenDomainsCard({ saved, access }: { saved: DomainSecurity | undefined; access: WriteAccess }) {
  const seen = useSeenDomains();
  const add = useAccountMutation({
    mutationFn: ({ list, host }: { list: 'sensor' | 'excluded'; host: string }) => {
      if (!saved) throw new Error('settings not loaded');
      const current = values(saved);
      return saveDomainSecurity({
        excludedReferrers:
          list === 'excluded' ? [...current.excludedReferrers, host] : current.excludedReferrers,
        sensorDomains: list === 'sensor' ? [...current.sensorDomains, host] : current.sensorDomains,
        foreignDomainAction: saved.foreignDomainAction,
      });
    },
    invalidate: [domainSecurityQueryKey, seenDomainsQueryKey],
    success: (_result, { list, host }) =>
      list === 'sensor' ? `${host} added to the sensor domains` : `${host} added to the excluded domains`,
  });
  const pending = add.isPending ? (add.variables?.host ?? null) : null;
  const current = saved ? values(saved) : { excludedReferrers: [], sensorDomains: [] };
  return (
    <Card
      title="Domains seen"
      actions={<span className={styles.note}>Last 30 days, top 100</span>}
      data-testid="seen-domains-card"
    >
      {seen.isPending ? (
        <SkeletonRows rows={4} testId="seen-domains-loading" />
      ) : seen.isError ? (
        <LoadError error={seen.error} onRetry={() => void seen.refetch()} />
      ) : (
        <div className={styles.seenGrid}>
          <section aria-labelledby="seen-pages-title">
            <h3 id="seen-pages-title" className={styles.subtitle}>
              Pages (where the sensor ran)
            </h3>
            <SeenTable
              caption="Page domains"
              hosts={seen.data.pages}
              actionLabel="Allow"
              doneLabel="Allowed"
              isDone={(host) => coveredBy(host, current.sensorDomains)}
              onAdd={(host) => add.mutate({ list: 'sensor', host })}
              pendingHost={pending}
              access={saved ? access : { allowed: false, reason: null }}
              testId="seen-pages"
            />
          </section>
          <section aria-labelledby="seen-referrers-title">
            <h3 id="seen-referrers-title" className={styles.subtitle}>
              Referrers
            </h3>
            <SeenTable
              caption="Referring domains"
              hosts={seen.data.referrers}
              actionLabel="Exclude"
              doneLabel="Excluded"
              isDone={(host) => coveredBy(host, current.excludedReferrers)}
              onAdd={(host) => add.mutate({ list: 'excluded', host })}
              pendingHost={pending}
              access={saved ? access : { allowed: false, reason: null }}
              testId="seen-referrers"
            />
          </section>
        </div>
      )}
    </Card>
  );
}

/** /setup/security/domain-security (view domain_exclusions): excluded referrers, sensor domains, seen hosts. */
export function DomainSecurityPage() {
  const query = useDomainSecurity();
  const access = useWriteAccess(PERMISSION);
  return (
    <div className={shared.page} data-testid="domain-security-page">
      <PageHeader title="Domain security" eyebrow="Setup" />
      <p className={shared.intro}>
        Choose which referring domains to exclude and on which domains your sensor may run. Saved changes
        apply to the next visits; visits already counted keep their verdict.
      </p>
      {query.isPending ? (
        <Card>
          <SkeletonRows rows={5} testId="domain-security-loading" />
        </Card>
      ) : query.isError ? (
        <Card>
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : (
        <DomainSecurityForm key={query.dataUpdatedAt} initial={query.data} access={access} />
      )}
      <SeenDomainsCard saved={query.data} access={access} />
    </div>
  );
}
