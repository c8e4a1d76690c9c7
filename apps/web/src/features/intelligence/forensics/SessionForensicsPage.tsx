import type { ForensicsIpExclusion, ForensicsReason, SessionForensics } from '@veracity/contracts/forensics';
import { THREAT_CATEGORY_LABELS } from '@veracity/contracts/threat-reasons';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/Button/Button';
import { Card } from '../../../components/Card/Card';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { Input } from '../../../components/Input/Input';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { EmptyState, SkeletonRows } from '../../../components/PageStates/PageStates';
import { ScrollRegion } from '../../../components/Table/ScrollRegion';
import { VerdictBadge } from '../../../components/VerdictBadge/VerdictBadge';
import { describeApiError } from '../../../lib/api-errors';
import { trafficTypeName } from '../../../lib/traffic-types';
import { UpsellGate } from '../../session/UpsellGate';
import { missingPermissionText, useHoldsPermission } from '../../session/use-write-access';
import { forensicsPath, useSessionForensics } from './forensics.api';
import { engagementText, languagesText, screenText, timeZoneText } from './forensics-format';
import styles from './SessionForensics.module.css';

const FOUND_ON = { hit: 'Page view', session: 'The visit', conversion: 'Conversion' } as const;
const SHARED_BY = { device: 'Device', ip: 'IP address', subnet: 'Same /24' } as const;
const when = (ts: string) => new Date(ts).toLocaleString();

/** An exclusion's state in words: planned ones are not pushed (detection mode, or waiting). */
const EXCLUSION_STATES: Record<ForensicsIpExclusion['state'], string> = {
  planned: 'Planned',
  active: 'In force',
  failed: 'Failed',
  removed: 'Removed',
};

/**
 * /intelligence/reports/session-forensics (issue 36): a visit looked up by its session, hit or
 * conversion id (`?id=`), with why Veracity judged it as it did: every reason with the evidence stored
 * when it was assessed, the visit's page views with what the visitor did on each (the sensor's
 * engagement beacon), device and network (with the screen, time zone and languages the sensor saw),
 * conversions, the exclusion events fired, and visits that share its device or address. Exports as
 * JSON and prints. Tracked text (URLs, referrers, UTM values, time zone, languages) is shown as text.
 */
export function SessionForensicsPage() {
  return (
    <UpsellGate
      view="forensics"
      title="Session forensics"
      eyebrow="Reports"
      upsell={{
        title: 'Session forensics',
        summary:
          'Why Veracity judged a visit as it did, signal by signal, with the evidence to claim a refund from an ad network.',
        benefits: [
          'Every threat reason with the evidence stored when the visit was assessed',
          'Page views with what the visitor did, device, network and the exclusions of its address',
          'Visits that share its device or address; an export as JSON or a printed page',
        ],
      }}
    >
      <SessionForensicsView />
    </UpsellGate>
  );
}

function SessionForensicsView() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id')?.trim() || null;
  const [draft, setDraft] = useState(id ?? '');
  useEffect(() => setDraft(id ?? ''), [id]);
  const visit = useSessionForensics(id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next) setParams({ id: next });
  };
  return (
    <div className={styles.page} data-testid="session-forensics">
      <PageHeader title="Session forensics" eyebrow="Reports" />
      <form className={styles.lookup} onSubmit={submit} aria-label="Look up a visit">
        <Input
          label="Session or hit id"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Paste a session, page view or conversion id"
          maxLength={128}
          width="max"
          data-testid="forensics-id"
        />
        <Button type="submit" data-testid="forensics-look-up">
          Look up
        </Button>
      </form>
      {id === null ? (
        <Card>
          <EmptyState title="Look up a visit" testId="forensics-start">
            Paste the id of a session, a page view or a conversion, or open a visit from the latest visits,
            analytics or a conversion: you see every reason of its verdict with what triggered it.
          </EmptyState>
        </Card>
      ) : visit.isPending ? (
        <Card>
          <SkeletonRows rows={6} testId="forensics-loading" />
        </Card>
      ) : visit.isError ? (
        <Card>
          <div role="alert" data-testid="forensics-error">
            <EmptyState title={errorText(visit.error)}>
              Check the id: it is the one shown with the visit, at most 128 letters, digits and . _ : -
            </EmptyState>
          </div>
        </Card>
      ) : (
        <Visit visit={visit.data} />
      )}
    </div>
  );
}

function errorText(error: unknown): string {
  const outcome = describeApiError(error);
  return outcome.kind === 'message'
    ? outcome.messages.join(' ')
    : 'The visit could not be loaded. Try again.';
}

function download(visit: SessionForensics) {
  const blob = new Blob([JSON.stringify(visit, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `veracity-session-${visit.session.id}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

function Visit({ visit }: { visit: SessionForensics }) {
  const { session } = visit;
  // An export, like every report export, needs the export permission (issue 36).
  const canExport = useHoldsPermission('log_export_reports');
  return (
    <>
      <Card
        title="Verdict"
        data-testid="forensics-verdict"
        actions={
          <div className={styles.actions}>
            <GuardedButton
              size="s"
              variation="white"
              access={{
                allowed: canExport === true,
                reason: canExport === false ? missingPermissionText('log_export_reports') : null,
              }}
              onClick={() => download(visit)}
              data-testid="forensics-json"
            >
              Export JSON
            </GuardedButton>
            <Button size="s" variation="white" onClick={() => window.print()}>
              Print
            </Button>
          </div>
        }
      >
        <div className={styles.verdictHead}>
          <VerdictBadge tier={session.riskLevel} testId="forensics-tier" />
          <span className={styles.score}>Score {session.score ?? '—'} / 100</span>
        </div>
        <dl className={styles.facts}>
          <Fact label="Session">{session.id}</Fact>
          <Fact label="Started">{when(session.startedAt)}</Fact>
          <Fact label="Last seen">{when(session.lastSeenAt)}</Fact>
          <Fact label="Page views">{session.hits}</Fact>
          <Fact label="Channel">{trafficTypeName(session.trafficType)}</Fact>
          <Fact label="Landing page" wide>
            {session.landingUrl}
          </Fact>
          <Fact label="Referrer" wide>
            {session.referrer || '—'}
          </Fact>
          <Fact label="UTM" wide>
            {utm(session) || '—'}
          </Fact>
        </dl>
      </Card>
      <Card title="Why" data-testid="forensics-reasons">
        {visit.reasons.length === 0 ? (
          <EmptyState title="No threat reason">
            Nothing in this visit looked automated, fraudulent or out of place.
          </EmptyState>
        ) : (
          <ol className={styles.reasons}>
            {visit.reasons.map((reason) => (
              <Reason key={reason.id} reason={reason} />
            ))}
          </ol>
        )}
      </Card>
      <Card title="Page views" data-testid="forensics-hits">
        <ScrollRegion className={styles.tableWrap} label="Page views of the visit">
          <table className={styles.table}>
            <caption className="visually-hidden">The visit's page views in order</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Page and engagement</th>
                <th scope="col">Referrer</th>
                <th scope="col">Channel</th>
                <th scope="col">Click id</th>
                <th scope="col">Status</th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {visit.hits.map((hit) => (
                <tr key={hit.id} data-testid="forensics-hit">
                  <td className={styles.nowrap}>{when(hit.ts)}</td>
                  <td className={styles.text}>
                    {hit.url}
                    <span className={styles.engagement} data-testid="forensics-engagement">
                      {engagementText(hit.engagement)}
                    </span>
                  </td>
                  <td className={styles.text}>{hit.referrer || '—'}</td>
                  <td>{trafficTypeName(hit.trafficType)}</td>
                  <td className={styles.text}>
                    {hit.clickId ? `${hit.clickIdType ?? 'click id'}: ${hit.clickId}` : '—'}
                  </td>
                  <td>{hit.hitStatus}</td>
                  <td>
                    <VerdictBadge tier={hit.riskLevel} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        {visit.hitsCut ? (
          <p className={styles.note}>The first {visit.hits.length} page views are listed.</p>
        ) : null}
      </Card>
      <Card title="Device and network" data-testid="forensics-device">
        <dl className={styles.facts}>
          <Fact label="Browser">{visit.device.browser ?? '—'}</Fact>
          <Fact label="Operating system">{visit.device.osName ?? '—'}</Fact>
          <Fact label="Device">{visit.device.deviceType ?? '—'}</Fact>
          <Fact label="Device fingerprint">{visit.device.deviceId ?? '—'}</Fact>
          <Fact label="Screen">{screenText(visit.device)}</Fact>
          <Fact label="Time zone" testId="forensics-time-zone">
            {timeZoneText(visit.device, visit.network.country)}
          </Fact>
          <Fact label="Languages" testId="forensics-languages">
            {languagesText(visit.device)}
          </Fact>
          <Fact label="IP address">{visit.network.ip ?? '—'}</Fact>
          <Fact label="Country">{visit.network.country ?? '—'}</Fact>
          <Fact label="Network">
            {[visit.network.asn ? `AS${visit.network.asn}` : null, visit.network.isp]
              .filter(Boolean)
              .join(' ') || '—'}
          </Fact>
          <Fact label="User agent" wide>
            {visit.device.userAgent ?? '—'}
          </Fact>
        </dl>
        <p className={styles.note}>
          <a href="https://db-ip.com" target="_blank" rel="noreferrer noopener">
            IP Geolocation by DB-IP
          </a>
        </p>
      </Card>
      <Card title="Conversions" data-testid="forensics-conversions">
        {visit.conversions.length === 0 ? (
          <EmptyState title="No conversion in this visit" />
        ) : (
          <ul className={styles.list}>
            {visit.conversions.map((conversion) => (
              <li key={conversion.id} className={styles.listItem}>
                <span className={styles.text}>{conversion.name}</span>
                <span>
                  {conversion.value === null ? '' : `${conversion.value} ${conversion.currency ?? ''}`}
                </span>
                <span className={styles.muted}>
                  {when(conversion.ts)} · {conversion.status.replace('_', ' ')}
                </span>
                <VerdictBadge tier={conversion.riskLevel} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Exclusion events fired" data-testid="forensics-firings">
        {visit.exclusionFirings.length === 0 ? (
          <EmptyState title="No exclusion event fired">
            The sensor fires the exclusion event on the ad platforms’ tags when it finds a visit invalid.
          </EmptyState>
        ) : (
          <ul className={styles.list}>
            {visit.exclusionFirings.map((firing) => (
              <li key={`${firing.hitId}:${firing.platform}`} className={styles.listItem}>
                <span>{trafficTypeName(firing.platform)}</span>
                <span className={styles.muted}>{when(firing.ts)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Ad-platform exclusions of its address" data-testid="forensics-ip-exclusions">
        {visit.ipExclusions.length === 0 ? (
          <EmptyState title="No ad-platform exclusion includes this address">
            When Veracity excludes this IP address or its range from your Google Ads campaigns, the exclusion
            shows here.
          </EmptyState>
        ) : (
          <ul className={styles.list}>
            {visit.ipExclusions.map((exclusion) => (
              <li
                key={`${exclusion.customerId}:${exclusion.campaignId ?? ''}:${exclusion.cidr}`}
                className={styles.listItem}
                data-testid="forensics-ip-exclusion"
              >
                <span>Google Ads · {exclusion.cidr}</span>
                <span className={styles.text}>
                  {exclusion.campaignId === null
                    ? `Account ${exclusion.customerId}`
                    : (exclusion.campaignName ?? `Campaign ${exclusion.campaignId}`)}
                </span>
                <span className={styles.muted}>
                  {EXCLUSION_STATES[exclusion.state]} · since {when(exclusion.addedAt)}
                  {exclusion.expiresAt ? ` · until ${when(exclusion.expiresAt)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Similar sessions" data-testid="forensics-similar">
        {visit.similar.length === 0 ? (
          <EmptyState title="No other visit shares this device or address">
            Visits within 7 days that share the device fingerprint, the IP address or its /24 appear here.
          </EmptyState>
        ) : (
          <ScrollRegion className={styles.tableWrap} label="Similar sessions">
            <table className={styles.table}>
              <caption className="visually-hidden">Visits sharing the device or the address</caption>
              <thead>
                <tr>
                  <th scope="col">Started</th>
                  <th scope="col">Landing page</th>
                  <th scope="col">Shares</th>
                  <th scope="col">Verdict</th>
                </tr>
              </thead>
              <tbody>
                {visit.similar.map((similar) => (
                  <tr key={similar.id} data-testid="forensics-similar-row">
                    <td className={styles.nowrap}>
                      <Link to={forensicsPath(similar.id)}>{when(similar.startedAt)}</Link>
                    </td>
                    <td className={styles.text}>{similar.landingUrl}</td>
                    <td>{similar.sharedBy.map((by) => SHARED_BY[by]).join(', ')}</td>
                    <td>
                      <VerdictBadge tier={similar.riskLevel} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </Card>
    </>
  );
}

function utm(session: SessionForensics['session']): string {
  return [
    ['source', session.utmSource],
    ['medium', session.utmMedium],
    ['campaign', session.utmCampaign],
    ['content', session.utmContent],
    ['term', session.utmTerm],
  ]
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join(' · ');
}

function Fact({
  label,
  children,
  wide = false,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <div className={wide ? styles.wide : undefined} data-testid={testId}>
      <dt>{label}</dt>
      <dd className={styles.text}>{children}</dd>
    </div>
  );
}

function Reason({ reason }: { reason: ForensicsReason }) {
  const evidence = Object.entries(reason.evidence ?? {});
  return (
    <li className={styles.reason} data-testid={`forensics-reason-${reason.id}`}>
      <div className={styles.reasonHead}>
        <span className={styles.reasonLabel}>{reason.label}</span>
        <span className={styles.weight}>{reason.decisive ? 'Decisive' : `+${reason.weight}`}</span>
      </div>
      <p className={styles.muted}>
        {THREAT_CATEGORY_LABELS[reason.category]} · {FOUND_ON[reason.foundOn]}{' '}
        {reason.foundOn === 'session' ? '' : reason.eventId} · {when(reason.at)}
      </p>
      {evidence.length > 0 ? (
        <dl className={styles.evidence} data-testid="forensics-evidence">
          {evidence.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd className={styles.text}>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className={styles.muted}>
          No evidence was kept for this reason (stored before evidence was kept).
        </p>
      )}
    </li>
  );
}
