import {
  THREAT_CATEGORY_LABELS,
  THREAT_REASONS,
  type ThreatCategory,
} from '@veracity/contracts/threat-reasons';
import { ChannelLogo } from '../../../components/ChannelLogo/ChannelLogo';
import {
  formatNumber,
  formatPercent,
  formatPoints,
  formatSignedPercent,
  percentChange,
} from '../../../lib/format';
import { trafficTypeName } from '../../../lib/traffic-types';
import type { HomeRange } from './home.api';
import { useTrends, useWatchlist } from './home.api';
import styles from './OverviewPage.module.css';
import { OverviewSection } from './OverviewSection';

function changeTone(change: number | null): 'worse' | 'better' | 'flat' {
  if (change === null || change === 0) return 'flat';
  return change > 0 ? 'worse' : 'better';
}

/** The channels whose invalid share rose most against the previous period (3 items, spec 02 §9). */
export function TrendsSection({ range }: { range: HomeRange | undefined }) {
  const query = useTrends(range);
  return (
    <OverviewSection
      title="Trends"
      testId="trends"
      query={query}
      isEmpty={(data) => data.trends.length === 0}
      empty={{
        title: 'No trends in this period',
        text: 'A channel shows a trend once it has at least 20 visits in the period.',
      }}
    >
      {(data) => (
        <ol className={styles.items}>
          {data.trends.map((trend) => (
            <li key={trend.type} className={styles.item} data-testid={`trend-${trend.type}`}>
              <ChannelLogo type={trend.type} size={24} decorative />
              <div className={styles.itemText}>
                <span className={styles.itemName}>{trafficTypeName(trend.type)}</span>
                <span className={styles.itemDetail}>
                  {formatPercent(trend.percentInvalidTraffic)} invalid of {formatNumber(trend.totalVisits)}{' '}
                  visits
                </span>
              </div>
              <span className={`${styles.itemChange} ${styles[changeTone(trend.change)]}`}>
                {formatPoints(trend.change)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </OverviewSection>
  );
}

function threatNames(threat: string): { label: string; category: string } {
  const known = (THREAT_REASONS as Record<string, { category: ThreatCategory; label: string }>)[threat];
  if (known) return { label: known.label, category: THREAT_CATEGORY_LABELS[known.category] };
  const [namespace = ''] = threat.split(':');
  return {
    label: threat,
    category: (THREAT_CATEGORY_LABELS as Record<string, string>)[namespace] ?? namespace,
  };
}

/** The threat reasons behind most invalid visits (3 items, spec 02 §9). */
export function WatchlistSection({ range }: { range: HomeRange | undefined }) {
  const query = useWatchlist(range);
  return (
    <OverviewSection
      title="Watchlist"
      testId="watchlist"
      query={query}
      isEmpty={(data) => data.items.length === 0}
      empty={{
        title: 'No threats in this period',
        text: 'The reasons behind invalid visits are listed here as they are found.',
      }}
    >
      {(data) => (
        <ol className={styles.items}>
          {data.items.map((item) => {
            const { label, category } = threatNames(item.threat);
            const change = percentChange(item.invalidVisits, item.previousInvalidVisits);
            return (
              <li key={item.threat} className={styles.item} data-testid={`watchlist-${item.threat}`}>
                <div className={styles.itemText}>
                  <span className={styles.itemName}>{label}</span>
                  <span className={styles.itemDetail}>
                    {category} · {formatNumber(item.invalidVisits)} invalid visits
                  </span>
                </div>
                <span className={`${styles.itemChange} ${styles[changeTone(change)]}`}>
                  {change === null ? 'New' : formatSignedPercent(change)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </OverviewSection>
  );
}
