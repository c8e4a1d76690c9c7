import { formatNumber } from '../../../lib/format';
import { trafficTypeName } from '../../../lib/traffic-types';
import { useAccountToday } from '../../session/use-account-today';
import { useChannels } from '../overview/home.api';
import { useSectionRange } from '../use-section-range';
import styles from './Performance.module.css';

/**
 * What a plan without performance sees under the upsell: its own invalid visits by channel from the
 * overview (which every plan has), for the performance section's range, blurred as a glimpse of the
 * screen. Nothing here is invented: with no invalid visits, only the explanation shows.
 */
export function PerformancePreview() {
  const { today } = useAccountToday();
  const [range] = useSectionRange('performance', today);
  const channels = useChannels(range ? { from: range.from, to: range.to } : undefined);
  const rows = (channels.data?.channels ?? [])
    .filter((channel) => channel.invalidVisits > 0)
    .sort((a, b) => b.invalidVisits - a.invalidVisits)
    .slice(0, 6);
  const most = rows[0]?.invalidVisits ?? 0;
  if (rows.length === 0) return null;
  return (
    <div className={styles.preview} data-testid="performance-preview">
      <div className={styles.previewBody} aria-hidden="true">
        <ul className={styles.bars}>
          {rows.map((channel) => (
            <li key={channel.type} className={styles.bar}>
              <span>{trafficTypeName(channel.type)}</span>
              <span
                className={styles.barFill}
                style={{ width: `${Math.max(4, (100 * channel.invalidVisits) / most)}%` }}
                title={formatNumber(channel.invalidVisits)}
              />
            </li>
          ))}
        </ul>
      </div>
      <p className={styles.previewCaption}>
        Your own invalid visits by channel, from the overview. Performance follows them day by day, per
        campaign, with the savings and the effect of each exclusion pushed.
      </p>
    </div>
  );
}
