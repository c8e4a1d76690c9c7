import type { Performance, ProtectedCampaign } from '@veracity/contracts/performance';
import { PROTECTION_WINDOW_DAYS } from '@veracity/contracts/performance';
import { Card } from '../../../components/Card/Card';
import { ChannelLogo } from '../../../components/ChannelLogo/ChannelLogo';
import { EmptyState } from '../../../components/PageStates/PageStates';
import { formatCurrency, formatDate, formatNumber, formatPercent, formatPoints } from '../../../lib/format';
import { Link } from '../../../lib/navigation';
import styles from './Performance.module.css';
import { PerformanceChart } from './PerformanceChart';
import { campaignLabel, channelSeries } from './performance-series';

export const GOOGLE_ADS_LINKING_PATH = '/integrations/google-ads/linking';

/** The channels drawn, most invalid visits first (the palette has 17 colours). */
const MAX_CHART_CHANNELS = 8;

const SOURCE_LABEL: Record<ProtectedCampaign['protectionStartSource'], string> = {
  first_exclusion: 'first exclusion pushed',
  linking: 'Google Ads linked',
};

/** A fall in the invalid share is better; a rise worse. */
function changeClass(change: number | null): string | undefined {
  if (change === null || change === 0) return undefined;
  return change < 0 ? styles.better : styles.worse;
}

/**
 * The Performance tab: the period's key figures, invalid traffic over time by channel, the Google Ads
 * campaigns with their invalid share and savings, and the exclusions pushed with their effect.
 */
export function ProtectionTab({ data }: { data: Performance }) {
  return (
    <>
      <dl className={styles.tiles} data-testid="performance-kpis">
        <div className={styles.tile}>
          <dt className={styles.tileLabel}>Visits</dt>
          <dd className={styles.tileValue}>{formatNumber(data.totals.visits)}</dd>
        </div>
        <div className={styles.tile}>
          <dt className={styles.tileLabel}>Invalid visits</dt>
          <dd className={styles.tileValue} data-testid="performance-invalid">
            {formatNumber(data.totals.invalidVisits)}
          </dd>
          <dd className={styles.tileComparison}>
            {formatPercent(data.totals.percentInvalidTraffic)} of visits
          </dd>
        </div>
        <div className={styles.tile}>
          <dt className={styles.tileLabel}>Savings</dt>
          <dd className={styles.tileValue}>{formatCurrency(data.totals.savings, data.currency)}</dd>
        </div>
        <div className={styles.tile}>
          <dt className={styles.tileLabel}>Exclusions pushed</dt>
          <dd className={styles.tileValue} data-testid="performance-exclusions">
            {formatNumber(data.totals.exclusionsPushed)}
          </dd>
          <dd className={styles.tileComparison}>to Google Ads in this period</dd>
        </div>
      </dl>

      <Card title="Invalid traffic over time by channel">
        <PerformanceChart
          days={data.days}
          series={channelSeries(data.channels.slice(0, MAX_CHART_CHANNELS))}
          figure="invalidVisits"
          format={formatNumber}
          label="Invalid visits a day by channel"
          testId="performance-channel-chart"
        />
      </Card>

      <Card title="Google Ads campaigns" flush data-testid="performance-campaigns">
        {data.campaigns.length === 0 ? (
          <EmptyState title="No Google Ads campaign in this period">
            Visits from Google Ads carry their campaign once the account is{' '}
            <Link to={GOOGLE_ADS_LINKING_PATH}>linked</Link> and the tracking template set.
          </EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Campaign</th>
                  <th scope="col" className={styles.number}>
                    Visits
                  </th>
                  <th scope="col" className={styles.number}>
                    Invalid visits
                  </th>
                  <th scope="col" className={styles.number}>
                    Invalid share
                  </th>
                  <th scope="col" className={styles.number}>
                    Savings
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.campaigns.map((campaign) => (
                  <tr key={campaign.campaignId} data-testid={`performance-campaign-${campaign.campaignId}`}>
                    <td>{campaignLabel(campaign)}</td>
                    <td className={styles.number}>{formatNumber(campaign.visits)}</td>
                    <td className={styles.number}>{formatNumber(campaign.invalidVisits)}</td>
                    <td className={styles.number}>{formatPercent(campaign.percentInvalidTraffic)}</td>
                    <td className={styles.number}>{formatCurrency(campaign.savings, data.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <ProtectionEffect data={data} />
    </>
  );
}

function ProtectionEffect({ data }: { data: Performance }) {
  return (
    <Card title="Exclusions and their effect" flush data-testid="performance-protection">
      {data.protection.length === 0 ? (
        <EmptyState title="No protected campaign yet">
          Link Google Ads to push exclusions of invalid visitors to your campaigns; their effect shows here.{' '}
          <Link to={GOOGLE_ADS_LINKING_PATH}>Link Google Ads</Link>
        </EmptyState>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Campaign</th>
                  <th scope="col">Protected since</th>
                  <th scope="col" className={styles.number}>
                    Exclusions pushed
                  </th>
                  <th scope="col" className={styles.number}>
                    Invalid share before
                  </th>
                  <th scope="col" className={styles.number}>
                    Invalid share after
                  </th>
                  <th scope="col" className={styles.number}>
                    Change
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.protection.map((campaign) => (
                  <tr key={campaign.campaignId} data-testid={`performance-protected-${campaign.campaignId}`}>
                    <td>{campaignLabel(campaign)}</td>
                    <td>
                      <div className={styles.name}>
                        <ChannelLogo type="google" size={16} decorative />
                        <span>
                          {formatDate(campaign.protectionStart)}{' '}
                          <span className={styles.muted}>
                            ({SOURCE_LABEL[campaign.protectionStartSource]})
                          </span>
                        </span>
                      </div>
                    </td>
                    <td className={styles.number}>{formatNumber(campaign.exclusionsPushed)}</td>
                    <td className={styles.number}>{formatPercent(campaign.before.percentInvalidTraffic)}</td>
                    <td className={styles.number}>{formatPercent(campaign.after.percentInvalidTraffic)}</td>
                    <td className={[styles.number, changeClass(campaign.change)].filter(Boolean).join(' ')}>
                      {formatPoints(campaign.change)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className={`${styles.info} ${styles.infoPadded}`}>
            Before and after compare the invalid share of each campaign’s visits in the{' '}
            {PROTECTION_WINDOW_DAYS} days before its protection started and the {PROTECTION_WINDOW_DAYS} days
            since. Protection starts with the first exclusion pushed to the campaign (or to its whole
            account), or when Google Ads was linked for a campaign that has had none. Exclusions pushed count
            this period’s.
          </p>
        </>
      )}
    </Card>
  );
}
