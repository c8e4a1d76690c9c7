import { useMutation } from '@tanstack/react-query';
import type { HubspotContact, HubspotState } from '@veracity/contracts/hubspot';
import { S2S_CONVERSIONS_PATH } from '@veracity/contracts/s2s';
import { THREAT_REASONS } from '@veracity/contracts/threat-reasons';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '../../components/Card/Card';
import { ConfirmModal } from '../../components/ConfirmModal/ConfirmModal';
import { DateRangePicker } from '../../components/DateRangePicker/DateRangePicker';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { useNotify } from '../../components/Notifications/use-notify';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { ScrollRegion } from '../../components/Table/ScrollRegion';
import { VerdictBadge } from '../../components/VerdictBadge/VerdictBadge';
import { useShowApiError } from '../../lib/use-api-feedback';
import { openConsentPage } from '../google-ads/consent-page';
import { useSectionRange } from '../intelligence/use-section-range';
import { useAccountToday } from '../session/use-account-today';
import { useWriteAccess, type WriteAccess } from '../session/use-write-access';
import styles from './Hubspot.module.css';
import { connectHubspot, useHubspotDisconnect, useHubspotState } from './hubspot.api';

const REASONS: Record<string, string> = {
  access_denied: 'access was not granted on HubSpot’s page',
  invalid_state: 'the link expired or was already used; start again',
  exchange_failed: 'HubSpot did not accept the sign-in; try again',
  not_configured: 'this server has no HubSpot app',
};

const VERDICT_TIERS = { invalid: 'high', suspicious: 'medium' } as const;

/**
 * /integrations/hubspot (issue 35): connect a HubSpot portal; contacts whose conversion Veracity judged
 * invalid or suspicious (matched by the visitor cookie or the submitted email) get the verdict as a
 * contact property, and are listed here for the section's date range (Last 30 days by default).
 */
export function HubspotPage() {
  const { today } = useAccountToday();
  const [range, setRange] = useSectionRange('hubspot', today);
  const state = useHubspotState(range);
  const access = useWriteAccess('account_manage_integrations');
  useConsentReturn();
  return (
    <div className={styles.page} data-testid="hubspot-page">
      <PageHeader
        title="HubSpot"
        eyebrow="CRM"
        dateRange={
          today && range ? <DateRangePicker value={range} onChange={setRange} today={today} /> : null
        }
      />
      {state.isPending ? (
        <Card title="Connection">
          <SkeletonRows rows={3} testId="hubspot-loading" />
        </Card>
      ) : state.isError ? (
        <Card title="Connection">
          <LoadError error={state.error} onRetry={() => void state.refetch()} />
        </Card>
      ) : (
        <>
          <ConnectionCard state={state.data} access={access} range={range} />
          {state.data.connection !== 'none' ? <FlaggedContacts state={state.data} /> : null}
          <HowItWorks />
        </>
      )}
    </div>
  );
}

/** Says once how the round trip through HubSpot's consent page ended, and drops the parameters. */
function useConsentReturn() {
  const [params, setParams] = useSearchParams();
  const notify = useNotify();
  const outcome = params.get('hubspot');
  const reason = params.get('reason');
  const said = useRef(false);
  useEffect(() => {
    if (!outcome || said.current) return;
    said.current = true;
    if (outcome === 'linked') notify.success('HubSpot connected. Veracity flags invalid leads from now on.');
    else notify.error(`HubSpot was not connected: ${REASONS[reason ?? ''] ?? 'please try again'}.`);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('hubspot');
        next.delete('reason');
        return next;
      },
      { replace: true },
    );
  }, [outcome, reason, notify, setParams]);
}

function ConnectionCard({
  state,
  access,
  range,
}: {
  state: HubspotState;
  access: WriteAccess;
  range: Parameters<typeof useHubspotDisconnect>[0];
}) {
  const showError = useShowApiError();
  const connect = useMutation({
    mutationFn: connectHubspot,
    onSuccess: ({ url }) => openConsentPage(url),
    onError: showError,
  });
  const disconnect = useHubspotDisconnect(range);
  const [confirming, setConfirming] = useState<HubspotState | null>(null);
  const connectButton = (label: string) => (
    <div className={styles.actions}>
      <GuardedButton
        access={access}
        loading={connect.isPending}
        onClick={() => connect.mutate()}
        data-testid="hubspot-connect"
      >
        {label}
      </GuardedButton>
    </div>
  );
  return (
    <Card title="Connection" data-testid="hubspot-connection">
      <div className={styles.stack}>
        {!state.configured ? (
          <p className={styles.help} data-testid="hubspot-not-configured">
            HubSpot is not set up on this Veracity server: its administrator adds a HubSpot app
            (HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET) before portals can be connected.
          </p>
        ) : state.connection === 'none' ? (
          <>
            <p className={styles.help} data-testid="hubspot-connect-help">
              Connect your HubSpot portal and Veracity adds two contact properties, Veracity verdict and
              Veracity reasons, and fills them in on contacts that came from invalid or suspicious traffic, so
              your sales team can filter fake leads out.
            </p>
            {connectButton('Connect HubSpot')}
          </>
        ) : (
          <>
            {state.problem ? (
              <div className={styles.problem} role="alert" data-testid="hubspot-problem">
                <p>{state.problem}</p>
              </div>
            ) : null}
            {state.connection === 'reconnect' ? (
              <>
                <p className={styles.help}>
                  HubSpot no longer accepts Veracity’s access (it was revoked or has expired). New leads wait
                  until you reconnect.
                </p>
                {connectButton('Reconnect HubSpot')}
              </>
            ) : null}
            <dl className={styles.facts} data-testid="hubspot-portal">
              <div>
                <dt>Portal</dt>
                <dd>{state.portal ? `${state.portal.domain || 'HubSpot'} (${state.portal.id})` : '—'}</dd>
              </div>
              <div>
                <dt>Contact properties</dt>
                <dd data-testid="hubspot-properties">
                  {state.propertiesReady ? 'Veracity verdict, Veracity reasons' : 'Not created yet'}
                </dd>
              </div>
              <div>
                <dt>Leads waiting for their contact</dt>
                <dd data-testid="hubspot-pending">{state.pending}</dd>
              </div>
            </dl>
            <div className={styles.actions}>
              <GuardedButton
                access={access}
                variation="white"
                size="s"
                onClick={() => setConfirming(state)}
                data-testid="hubspot-disconnect"
              >
                Disconnect
              </GuardedButton>
            </div>
          </>
        )}
      </div>
      <ConfirmModal
        subject={confirming}
        title="Disconnect HubSpot?"
        describe={() =>
          'Veracity stops flagging new leads and deletes its access. Contacts flagged so far keep their Veracity verdict in HubSpot.'
        }
        confirmLabel="Disconnect"
        pending={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(undefined, { onError: showError, onSettled: () => setConfirming(null) })
        }
        onCancel={() => setConfirming(null)}
        confirmTestId="hubspot-disconnect-confirm"
      />
    </Card>
  );
}

function FlaggedContacts({ state }: { state: HubspotState }) {
  return (
    <Card title="Flagged contacts" data-testid="hubspot-contacts">
      {state.contacts.length === 0 ? (
        <EmptyState title="No contacts flagged in this period" testId="hubspot-no-contacts">
          Contacts appear here once a lead from invalid or suspicious traffic is found in HubSpot. Choose a
          longer date range to see earlier ones.
        </EmptyState>
      ) : (
        <ScrollRegion className={styles.tableWrap} label="Flagged contacts">
          <table className={styles.table}>
            <caption className="visually-hidden">
              Contacts flagged in HubSpot, newest conversion first
            </caption>
            <thead>
              <tr>
                <th scope="col">Converted</th>
                <th scope="col">Contact</th>
                <th scope="col">Conversion</th>
                <th scope="col">Verdict</th>
                <th scope="col">Matched by</th>
              </tr>
            </thead>
            <tbody>
              {state.contacts.map((contact) => (
                <ContactRow key={`${contact.contactId}-${contact.convertedAt}`} contact={contact} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </Card>
  );
}

function ContactRow({ contact }: { contact: HubspotContact }) {
  const reasons = contact.reasons
    .map((id) => (THREAT_REASONS as Record<string, { label: string } | undefined>)[id]?.label ?? id)
    .join(', ');
  return (
    <tr data-testid="hubspot-contact">
      <td className={styles.nowrap}>
        <time dateTime={contact.convertedAt}>{new Date(contact.convertedAt).toLocaleString()}</time>
      </td>
      <td className={styles.nowrap}>
        <a href={contact.url} target="_blank" rel="noreferrer noopener">
          Contact {contact.contactId}
        </a>
      </td>
      <td className={styles.wrap}>{contact.conversionName}</td>
      <td className={styles.wrap}>
        <VerdictBadge tier={VERDICT_TIERS[contact.verdict]} reasons={reasons} />
      </td>
      <td>{contact.matchedBy === 'hubspotutk' ? 'HubSpot cookie' : 'Email'}</td>
    </tr>
  );
}

function HowItWorks() {
  const example = JSON.stringify(
    { id: 'order-1', hitId: 'click-1', name: 'lead', crm: { email: 'lead@example.com' } },
    null,
    2,
  );
  return (
    <Card title="How leads are matched" data-testid="hubspot-how">
      <div className={styles.stack}>
        <p className={styles.help}>
          On pages with HubSpot’s tracking code, the Veracity sensor sends HubSpot’s visitor cookie
          (hubspotutk) with each conversion: nothing to add. A conversion reported from your server can name
          the lead by the email the form submitted, in the call’s crm field:
        </p>
        <pre className={styles.code}>
          <code>{`POST ${S2S_CONVERSIONS_PATH}\n${example}`}</code>
        </pre>
        <p className={styles.help}>
          Only invalid and suspicious leads are looked for; HubSpot usually creates the contact within
          minutes, and Veracity keeps looking for a day. The email is kept encrypted until then, and deleted
          after.
        </p>
      </div>
    </Card>
  );
}
