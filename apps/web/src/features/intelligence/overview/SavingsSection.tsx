import { SAVINGS_INFO } from '@veracity/contracts/home';
import { ChannelLogo } from '../../../components/ChannelLogo/ChannelLogo';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { Link } from '../../../lib/navigation';
import { trafficTypeName } from '../../../lib/traffic-types';
import { useMe } from '../../session/session.api';
import { PERFORMANCE_SAVINGS_PATH } from '../performance/performance-links';
import type { HomeRange } from './home.api';
import { useSavings } from './home.api';
import { SETTINGS_PATH } from './KeyFiguresSection';
import styles from './OverviewPage.module.css';
import { OverviewSection } from './OverviewSection';

/**
 * How savings price a click, under the spec's info text: the figure beside a channel is the average of
 * its invalid visits' prices (real per-campaign prices and the default mixed), so the line says
 * "on average" and never "visits × price", which would not add up when the prices differ.
 */
export const SAVINGS_BASIS =
  'Each invalid click counts at its price: a linked Google Ads campaign’s real cost per click that day, any other click at the cost per click set in your settings. Beside each channel is the average price of its invalid visits.';

/**
 * Savings (spec 02 §2, §8): the prices of the invalid visits of paid channels, with the spec's info
 * text and the channels they come from.
 */
export function SavingsSection({ range }: { range: HomeRange | undefined }) {
  const query = useSavings(range);
  // The savings over time are on the performance screen, for the plans that have it.
  const canOpenPerformance = useMe().data?.visibleViews.includes('performance') ?? false;
  return (
    <OverviewSection
      title="Savings"
      testId="savings"
      query={query}
      actions={
        canOpenPerformance ? (
          <Link to={PERFORMANCE_SAVINGS_PATH} data-testid="savings-see-more">
            See savings
          </Link>
        ) : null
      }
      skeletonRows={4}
      footer={
        <>
          <p className={styles.info} data-testid="savings-info">
            {SAVINGS_INFO}
          </p>
          <p className={styles.info} data-testid="savings-basis">
            {SAVINGS_BASIS}
          </p>
        </>
      }
      isEmpty={(data) => data.globalWidgets.paidVisits === 0}
      empty={{
        title: 'No paid visits in this period',
        text: 'Savings count the invalid visits of paid channels such as Google Ads or Meta Ads.',
      }}
    >
      {(data) => {
        const channels = data.channels.filter((channel) => channel.invalidVisits > 0);
        return (
          <div className={styles.savings}>
            <div className={styles.savingsTotal}>
              <span className={styles.savingsValue} data-testid="savings-total">
                {formatCurrency(data.globalWidgets.savings, data.currency)}
              </span>
              <span className={styles.itemDetail}>
                {formatNumber(data.globalWidgets.invalidPaidVisits)} invalid of{' '}
                {formatNumber(data.globalWidgets.paidVisits)} paid visits
              </span>
            </div>
            {channels.length > 0 ? (
              <ul className={styles.items}>
                {channels.map((channel) => (
                  <li key={channel.type} className={styles.item} data-testid={`savings-${channel.type}`}>
                    <ChannelLogo type={channel.type} size={24} decorative />
                    <div className={styles.itemText}>
                      <span className={styles.itemName}>{trafficTypeName(channel.type)}</span>
                      <span className={styles.itemDetail}>
                        {formatNumber(channel.invalidVisits)} invalid ·{' '}
                        {channel.costPerClick === null ? (
                          <Link to={SETTINGS_PATH}>no cost per click</Link>
                        ) : (
                          `${formatCurrency(channel.costPerClick, data.currency)} a click on average`
                        )}
                      </span>
                    </div>
                    <span className={styles.itemChange}>
                      {formatCurrency(channel.savings, data.currency)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      }}
    </OverviewSection>
  );
}
