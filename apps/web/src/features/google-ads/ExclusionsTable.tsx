import {
  EXCLUSION_STATE_LABELS,
  type ExclusionEntry,
  type GoogleAdsCampaign,
} from '@veracity/contracts/google-ads';
import { useMemo } from 'react';
import { Pager, usePage } from '../../components/Pager/Pager';
import { ScrollRegion } from '../../components/Table/ScrollRegion';
import { Tooltip } from '../../components/Tooltip/Tooltip';
import { formatDate, formatNumber } from '../../lib/format';
import {
  accountText,
  campaignIndex,
  campaignText,
  ipTypeLabel,
  ipTypeMeaning,
  threatsText,
} from './exclusion-display';
import styles from './GoogleAdsPages.module.css';

/** Rows a page of the table shows; a long list is paged rather than drawn at once. */
export const EXCLUSIONS_PAGE_SIZE = 25;

/**
 * The exclusions of a section (issue 33): the IP or range, campaign, account (dashed), the dynamic IP
 * type with its meaning in a tooltip, state, added and expiry dates, the invalid sessions and the
 * threats behind it. Every value is rendered as text.
 */
export function ExclusionsTable({
  entries,
  campaigns,
  label,
}: {
  entries: readonly ExclusionEntry[];
  campaigns: readonly GoogleAdsCampaign[];
  label: string;
}) {
  const names = useMemo(() => campaignIndex(campaigns), [campaigns]);
  const { rows, pager } = usePage(entries, EXCLUSIONS_PAGE_SIZE);

  return (
    <>
      <ScrollRegion label={label} className={styles.tableWrap}>
        <table className={styles.table} data-testid="exclusions-table">
          <thead>
            <tr>
              <th scope="col">IP / range</th>
              <th scope="col">Campaign</th>
              <th scope="col">Account</th>
              <th scope="col">Type</th>
              <th scope="col">State</th>
              <th scope="col">Added</th>
              <th scope="col">Expires</th>
              <th scope="col" className={styles.number}>
                Invalid sessions
              </th>
              <th scope="col">Threats</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.id} data-testid={`exclusion-row-${entry.id}`}>
                <td className={styles.cidr}>{entry.cidr}</td>
                <td>{campaignText(entry, names)}</td>
                <td data-testid="exclusion-account">{accountText(entry.customerId)}</td>
                <td>
                  <Tooltip content={ipTypeMeaning(entry.type)}>
                    <button type="button" className={styles.typeChip} data-testid="exclusion-type">
                      {ipTypeLabel(entry.type)}
                    </button>
                  </Tooltip>
                </td>
                <td className={styles.state} data-state={entry.state}>
                  {EXCLUSION_STATE_LABELS[entry.state]}
                </td>
                <td>{formatDate(entry.addedAt)}</td>
                <td>{entry.expiresAt ? formatDate(entry.expiresAt) : 'Never'}</td>
                <td className={styles.number}>{formatNumber(entry.invalidSessions)}</td>
                <td className={styles.threats}>{threatsText(entry.threats)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <Pager {...pager} label={label} testId="exclusions-page" />
    </>
  );
}
