import { formatGoogleAccountId } from '@veracity/contracts/campaigns';
import { EXCLUSION_STATE_LABELS } from '@veracity/contracts/google-ads';
import {
  IP_EXCLUSION_GROUPS,
  type IpExclusionGroup,
  type IpExclusionList,
} from '@veracity/contracts/ip-settings';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/Card/Card';
import { Icon } from '../../../components/Icon/Icon';
import { Pager, usePage } from '../../../components/Pager/Pager';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { ScrollRegion } from '../../../components/Table/ScrollRegion';
import { formatDate, formatNumber } from '../../../lib/format';
import { threatsText } from '../../google-ads/exclusion-display';
import { GOOGLE_ADS_PATHS } from '../../google-ads/google-ads-copy';
import styles from './IpSettings.module.css';
import { type IpExclusionLists, useIpExclusionLists } from './ip-settings.api';
import shared from './Security.module.css';

/** Entries a page of an expanded list shows: a full list holds hundreds. */
export const IP_EXCLUSION_PAGE_SIZE = 25;

export const IP_EXCLUSION_MESSAGES = {
  groups: { individual: 'Individual', global: 'Global' } satisfies Record<IpExclusionGroup, string>,
  notLinkedTitle: 'Google Ads is not linked',
  notLinked:
    'Link Google Ads and Veracity keeps these lists for you: the IPs of invalid visitors are excluded from your campaigns, within Google’s 500 IP blocks per campaign and per account.',
  nothingTitle: 'Nothing is excluded yet',
  nothing:
    'Google Ads is linked, and no IP is excluded yet. Invalid visitors from your campaigns fill these lists; the protection mode on the linking page decides whether they are pushed.',
  notLinkedWithEntries:
    'Google Ads is not linked: these entries are what Veracity last kept, and are not being pushed now.',
  linkAction: 'Go to Google Ads linking',
} as const;

/** "Campaign 331 (123-456-7890)", or the account-level list; names and ids are rendered as text. */
function listText(fullest: NonNullable<IpExclusionList['fullest']>): string {
  const account = formatGoogleAccountId(fullest.customerId);
  if (fullest.campaignId === null) return `Account-level list of ${account}`;
  return `${fullest.campaignName ?? `Campaign ${fullest.campaignId}`} (${account})`;
}

function FillMeter({ list }: { list: IpExclusionList }) {
  const fullest = list.fullest;
  const used = fullest?.entries ?? 0;
  const cap = fullest?.cap ?? 500;
  return (
    <span className={styles.fill}>
      <span className={styles.fillText}>
        <span>{fullest ? 'Fullest list' : 'No list in use'}</span>
        <span data-testid={`ip-exclusion-fill-${list.type}`}>
          {formatNumber(used)} / {formatNumber(cap)}
        </span>
      </span>
      <span className={styles.meter} aria-hidden="true">
        <span
          className={styles.meterFill}
          data-meter
          data-full={(fullest && fullest.listEntries >= cap) || undefined}
          style={{ width: `${Math.min(100, (used / cap) * 100)}%` }}
        />
      </span>
      {fullest ? (
        <span className={styles.fullest} data-testid={`ip-exclusion-fullest-${list.type}`}>
          {listText(fullest)}
          {fullest.listEntries > fullest.entries
            ? `, ${formatNumber(fullest.listEntries)} entries of every type`
            : ''}
        </span>
      ) : null}
    </span>
  );
}

function ExclusionItems({ list }: { list: IpExclusionList }) {
  const { rows, pager } = usePage(list.items, IP_EXCLUSION_PAGE_SIZE);
  if (list.items.length === 0) {
    return (
      <p className={styles.notice} data-testid={`ip-exclusion-items-empty-${list.type}`}>
        This list holds no entry.
      </p>
    );
  }
  return (
    <>
      {list.entries > list.items.length ? (
        <p className={styles.notice}>
          The newest {formatNumber(list.items.length)} of {formatNumber(list.entries)} entries.
        </p>
      ) : null}
      <ScrollRegion label={`${list.label} entries`} className={shared.tableWrap}>
        <table className={shared.table} data-testid={`ip-exclusion-items-${list.type}`}>
          <thead>
            <tr>
              <th scope="col">IP / range</th>
              <th scope="col">List</th>
              <th scope="col">State</th>
              <th scope="col">Added</th>
              <th scope="col">Until</th>
              <th scope="col" className={shared.number}>
                Invalid sessions
              </th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.id} data-testid="ip-exclusion-item">
                <td className={styles.cidr}>{entry.cidr}</td>
                <td>
                  {entry.campaignId === null ? 'Whole account' : `Campaign ${entry.campaignId}`}
                  {` · ${formatGoogleAccountId(entry.customerId)}`}
                </td>
                <td>{EXCLUSION_STATE_LABELS[entry.state]}</td>
                <td>{formatDate(entry.addedAt)}</td>
                <td>{entry.expiresAt ? formatDate(entry.expiresAt) : 'Until removed'}</td>
                <td className={shared.number}>{formatNumber(entry.invalidSessions)}</td>
                <td className={styles.threats}>{threatsText(entry.threats)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <Pager {...pager} label={`${list.label} entries`} testId={`ip-exclusion-pager-${list.type}`} />
    </>
  );
}

function ExclusionTypeRow({ list }: { list: IpExclusionList }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className={styles.type} data-testid={`ip-exclusion-type-${list.type}`}>
      <button
        type="button"
        className={styles.typeToggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid={`ip-exclusion-toggle-${list.type}`}
      >
        <Icon name="chevron-right" size={12} className={styles.chevron} />
        <span>
          <span className={styles.typeName}>{list.label}</span>{' '}
          <span data-testid={`ip-exclusion-count-${list.type}`}>
            ({formatNumber(list.entries)} {list.entries === 1 ? 'entry' : 'entries'})
          </span>
        </span>
        <span className={styles.typeMeaning}>{list.meaning}</span>
        <FillMeter list={list} />
      </button>
      {open ? (
        <div id={panelId} className={styles.entries}>
          <ExclusionItems list={list} />
        </div>
      ) : null}
    </li>
  );
}

function ExclusionGroups({ data }: { data: IpExclusionLists }) {
  const total = data.lists.reduce((sum, list) => sum + list.entries, 0);
  const linkAction = (
    <Link to={GOOGLE_ADS_PATHS.linking} data-testid="ip-exclusions-linking-link">
      {IP_EXCLUSION_MESSAGES.linkAction}
    </Link>
  );
  if (total === 0) {
    const linked = data.connection !== 'none';
    return (
      <EmptyState
        title={linked ? IP_EXCLUSION_MESSAGES.nothingTitle : IP_EXCLUSION_MESSAGES.notLinkedTitle}
        action={linkAction}
        testId={linked ? 'ip-exclusions-empty' : 'ip-exclusions-not-linked'}
      >
        {linked ? IP_EXCLUSION_MESSAGES.nothing : IP_EXCLUSION_MESSAGES.notLinked}
      </EmptyState>
    );
  }
  return (
    <>
      {data.connection === 'none' ? (
        <p className={styles.notice} data-testid="ip-exclusions-not-linked-notice">
          {IP_EXCLUSION_MESSAGES.notLinkedWithEntries} {linkAction}
        </p>
      ) : null}
      {IP_EXCLUSION_GROUPS.map((group) => {
        const headingId = `ip-exclusion-group-${group}`;
        return (
          <section key={group} className={styles.group} aria-labelledby={headingId}>
            <h3 id={headingId} className={styles.groupTitle}>
              {IP_EXCLUSION_MESSAGES.groups[group]}
            </h3>
            <ul className={styles.types} data-testid={`ip-exclusion-group-${group}`}>
              {data.lists
                .filter((list) => list.group === group)
                .map((list) => (
                  <ExclusionTypeRow key={list.type} list={list} />
                ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

/**
 * The dynamic IP exclusion lists (spec 02 §9) that feed the ad-platform exclusions: per group, a row per
 * type with its meaning and how full its fullest list is against Google's cap, expanding to its entries.
 */
export function IpExclusionListsCard() {
  const query = useIpExclusionLists();
  return (
    <Card title="Dynamic IP exclusion lists" data-testid="ip-exclusions-card">
      {query.isPending ? (
        <SkeletonRows rows={4} testId="ip-exclusions-loading" />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ExclusionGroups data={query.data} />
      )}
    </Card>
  );
}
