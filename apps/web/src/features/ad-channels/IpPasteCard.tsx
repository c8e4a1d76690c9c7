import { MICROSOFT_IP_EXCLUSIONS_PER_CAMPAIGN } from '@veracity/contracts/ad-channels';
import { useState } from 'react';
import { Card } from '../../components/Card/Card';
import { CopyButton } from '../../components/CopyButton/CopyButton';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { Toggle } from '../../components/Toggle/Toggle';
import { formatNumber } from '../../lib/format';
import styles from './AdChannels.module.css';
import { useMicrosoftIpPaste } from './ad-channels.api';

/**
 * Microsoft Advertising has no API for IP exclusions: the account's invalid IPv4 addresses of the last
 * 30 days, at most 100 (a campaign's limit), ready to paste into a campaign's "IP exclusions".
 */
export function IpPasteCard() {
  const [wildcard, setWildcard] = useState(true);
  const list = useMicrosoftIpPaste(wildcard, true);
  const text = list.data?.entries.map((entry) => entry.ip).join('\n') ?? '';
  return (
    <Card
      title="Invalid IPs to paste"
      data-testid="microsoft-ip-paste"
      actions={text === '' ? null : <CopyButton text={text} label="Copy all" />}
    >
      <div className={styles.stack}>
        <p className={styles.help}>
          Microsoft Advertising has no API to exclude IP addresses, so Veracity lists them for you: in a
          campaign’s Settings, open “IP exclusions”, paste the list and save. A campaign takes up to{' '}
          {MICROSOFT_IP_EXCLUSIONS_PER_CAMPAIGN} addresses; a <code>*</code> in the last part covers its 256
          neighbours.
        </p>
        <div className={styles.toggleLine}>
          <Toggle
            checked={wildcard}
            onChange={setWildcard}
            aria-label="Group addresses of the same range with *"
            labels={{ checked: 'on', unchecked: 'off' }}
          />
          <span aria-hidden="true">
            Group addresses of the same range with <code>*</code>
          </span>
        </div>
        {list.isPending ? (
          <SkeletonRows rows={4} />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.entries.length === 0 ? (
          <EmptyState title="No invalid IPv4 address in the last 30 days" testId="microsoft-ip-paste-empty">
            Addresses appear here as the sensor finds invalid visits.
          </EmptyState>
        ) : (
          <>
            <p className={styles.caption} data-testid="microsoft-ip-paste-count">
              {formatNumber(list.data.entries.length)} of {formatNumber(list.data.total)} invalid addresses,{' '}
              {list.data.from} to {list.data.to}, most invalid visits first
            </p>
            <pre className={styles.ipList} data-testid="microsoft-ip-paste-list">
              {text}
            </pre>
          </>
        )}
      </div>
    </Card>
  );
}
