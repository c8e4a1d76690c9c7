import { formatNumber } from '../../../lib/format';
import { trafficTypeName } from '../../../lib/traffic-types';
import { useAccountToday } from '../../session/use-account-today';
import { useChannels } from '../overview/home.api';
import { useSectionRange } from '../use-section-range';
import styles from './Performance.module.css';

/**
 * What a plan without performance sees under the upsell: its own invalid visits by channel from the
 * overview (which every plan has), for the performance section's range, blurred as a glimpse of the
 * screen. Nothing here is invented: without invalid visits of its own, an illustration without figures
 * explains before and after protection instead.
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
  if (rows.length === 0) return <ProtectionIllustration />;
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

/** A sketch, without figures, of what the screen measures: the invalid share before and after protection. */
function ProtectionIllustration() {
  return (
    <figure className={styles.illustration} data-testid="performance-illustration">
      <svg viewBox="0 0 320 120" role="img" aria-label="Invalid traffic falling after protection starts">
        <line x1="20" y1="100" x2="310" y2="100" stroke="var(--color-border-strong)" />
        <line x1="20" y1="10" x2="20" y2="100" stroke="var(--color-border-strong)" />
        <line x1="160" y1="10" x2="160" y2="100" stroke="var(--color-primary)" strokeDasharray="4 4" />
        <polyline
          fill="none"
          stroke="var(--tier-invalid)"
          strokeWidth="2.5"
          points="20,40 50,34 80,44 110,30 140,38 160,36 190,62 220,74 250,80 280,78 310,82"
        />
        <text x="166" y="20" fontSize="10" fill="var(--color-primary)">
          Protection starts
        </text>
        <text x="24" y="114" fontSize="10" fill="var(--color-text-secondary)">
          Before
        </text>
        <text x="280" y="114" fontSize="10" fill="var(--color-text-secondary)">
          After
        </text>
      </svg>
      <figcaption className={styles.muted}>
        Performance compares the invalid share of each campaign before and after its protection started, and
        follows invalid traffic and savings day by day.
      </figcaption>
    </figure>
  );
}
