import type { BenchmarkChannel } from '@veracity/contracts/benchmark';
import { ChannelLogo } from '../../../components/ChannelLogo/ChannelLogo';
import { ScrollRegion } from '../../../components/Table/ScrollRegion';
import { formatNumber, NO_VALUE } from '../../../lib/format';
import { trafficTypeName } from '../../../lib/traffic-types';
import { shareText } from './BenchmarkCharts';
import styles from './BenchmarkPage.module.css';

/** A percentile as an English ordinal: "1st", "62nd", "63rd", "11th". */
export function rankText(rank: number | null): string {
  if (rank === null) return NO_VALUE;
  const n = Math.round(rank);
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Each channel: the account's visits and invalid share, the industry's, and where the account sits. */
export function BenchmarkChannels({
  channels,
  selected,
}: {
  channels: readonly BenchmarkChannel[];
  selected: string | undefined;
}) {
  return (
    <ScrollRegion label="Invalid share by channel" className={styles.tableWrap}>
      <table className={styles.table} data-testid="benchmark-channels">
        <thead>
          <tr>
            <th scope="col">Channel</th>
            <th scope="col" className={styles.number}>
              Your visits
            </th>
            <th scope="col" className={styles.number}>
              Your invalid share
            </th>
            <th scope="col" className={styles.number}>
              Industry median
            </th>
            <th scope="col" className={styles.number}>
              Industry 25th–75th
            </th>
            <th scope="col" className={styles.number}>
              Your percentile
            </th>
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => (
            <tr
              key={channel.trafficType}
              data-testid={`benchmark-channel-${channel.trafficType}`}
              className={channel.trafficType === selected ? styles.selectedRow : undefined}
            >
              <th scope="row" className={styles.rowHeader}>
                <span className={styles.channelName}>
                  <ChannelLogo type={channel.trafficType} size={20} decorative />
                  {trafficTypeName(channel.trafficType)}
                </span>
              </th>
              <td className={styles.number}>{formatNumber(channel.own.visits)}</td>
              <td className={styles.number}>{shareText(channel.own.invalidShare)}</td>
              <td className={styles.number}>
                {channel.industry ? (
                  shareText(channel.industry.p50)
                ) : (
                  <span className={styles.muted}>Too few accounts</span>
                )}
              </td>
              <td className={styles.number}>
                {channel.industry
                  ? `${shareText(channel.industry.p25)} – ${shareText(channel.industry.p75)}`
                  : NO_VALUE}
              </td>
              <td className={styles.number}>{rankText(channel.percentileRank)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
