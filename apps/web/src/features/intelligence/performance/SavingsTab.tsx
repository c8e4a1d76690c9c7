import { SAVINGS_INFO } from '@veracity/contracts/home';
import type { Performance } from '@veracity/contracts/performance';
import type { ReactNode } from 'react';
import { Card } from '../../../components/Card/Card';
import { ChannelLogo } from '../../../components/ChannelLogo/ChannelLogo';
import { EmptyState } from '../../../components/PageStates/PageStates';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { trafficTypeName } from '../../../lib/traffic-types';
import { SAVINGS_BASIS } from '../overview/SavingsSection';
import styles from './Performance.module.css';
import { PerformanceChart } from './PerformanceChart';
import { campaignLabel, campaignSeries, channelSeries } from './performance-series';

/** Campaigns drawn in the savings chart: those that saved most. */
const MAX_CHART_CAMPAIGNS = 6;

/**
 * The Savings tab: what the invalid visits of paid channels would have cost, by channel and by Google
 * Ads campaign over the period, with the spec's info text (spec 02 §8) and how a click is priced.
 */
export function SavingsTab({ data }: { data: Performance }) {
  const money = (value: number) => formatCurrency(value, data.currency);
  const channels = data.channels.filter((channel) => channel.savings > 0);
  const campaigns = data.campaigns
    .filter((campaign) => campaign.savings > 0)
    .sort((a, b) => b.savings - a.savings);
  const drawn = campaigns.slice(0, MAX_CHART_CAMPAIGNS);
  const invalidPaid = channels.reduce((sum, channel) => sum + channel.invalidVisits, 0);
  return (
    <>
      <dl className={styles.tiles} data-testid="savings-kpis">
        <div className={styles.tile}>
          <dt className={styles.tileLabel}>Savings</dt>
          <dd className={styles.tileValue} data-testid="performance-savings-total">
            {money(data.totals.savings)}
          </dd>
        </div>
        <div className={styles.tile}>
          <dt className={styles.tileLabel}>Invalid visits priced</dt>
          <dd className={styles.tileValue}>{formatNumber(invalidPaid)}</dd>
          <dd className={styles.tileComparison}>on paid channels with savings</dd>
        </div>
        <div className={styles.tile}>
          <dt className={styles.tileLabel}>Channels</dt>
          <dd className={styles.tileValue}>{formatNumber(channels.length)}</dd>
          <dd className={styles.tileComparison}>with savings</dd>
        </div>
        <div className={styles.tile}>
          <dt className={styles.tileLabel}>Campaigns</dt>
          <dd className={styles.tileValue}>{formatNumber(campaigns.length)}</dd>
          <dd className={styles.tileComparison}>Google Ads, with savings</dd>
        </div>
      </dl>
      <p className={styles.info} data-testid="performance-savings-info">
        {SAVINGS_INFO}
      </p>

      {channels.length === 0 ? (
        <Card title="Savings">
          <EmptyState title="No savings in this period">
            Savings count the invalid visits of paid channels such as Google Ads or Meta Ads, each at its cost
            per click.
          </EmptyState>
        </Card>
      ) : (
        <>
          <div className={styles.pair}>
            <Card title="Savings over time by channel">
              <PerformanceChart
                days={data.days}
                series={channelSeries(channels)}
                figure="savings"
                format={money}
                label="Savings a day by channel"
                testId="savings-channel-chart"
              />
            </Card>
            <Card title="Savings over time by campaign">
              {drawn.length === 0 ? (
                <EmptyState title="No Google Ads campaign with savings" />
              ) : (
                <PerformanceChart
                  days={data.days}
                  series={campaignSeries(drawn)}
                  figure="savings"
                  format={money}
                  label="Savings a day by Google Ads campaign"
                  testId="savings-campaign-chart"
                />
              )}
            </Card>
          </div>
          <div className={styles.pair}>
            <Card title="Savings by channel" flush>
              <SavingsTable
                heading="Channel"
                money={money}
                rows={channels.map((channel) => ({
                  key: channel.type,
                  testId: `savings-channel-${channel.type}`,
                  name: (
                    <span className={styles.name}>
                      <ChannelLogo type={channel.type} size={16} decorative />
                      {trafficTypeName(channel.type)}
                    </span>
                  ),
                  invalidVisits: channel.invalidVisits,
                  savings: channel.savings,
                }))}
              />
            </Card>
            <Card title="Savings by campaign" flush>
              {campaigns.length === 0 ? (
                <EmptyState title="No Google Ads campaign with savings" />
              ) : (
                <SavingsTable
                  heading="Campaign"
                  money={money}
                  rows={campaigns.map((campaign) => ({
                    key: campaign.campaignId,
                    testId: `savings-campaign-${campaign.campaignId}`,
                    name: campaignLabel(campaign),
                    invalidVisits: campaign.invalidVisits,
                    savings: campaign.savings,
                  }))}
                />
              )}
            </Card>
          </div>
        </>
      )}
      <p className={styles.info} data-testid="performance-savings-basis">
        {SAVINGS_BASIS}
      </p>
    </>
  );
}

/** A row of a savings table: a channel or campaign, its invalid visits and what they would have cost. */
interface SavingsRow {
  key: string;
  testId: string;
  name: ReactNode;
  invalidVisits: number;
  savings: number;
}

function SavingsTable({
  heading,
  rows,
  money,
}: {
  heading: string;
  rows: readonly SavingsRow[];
  money: (value: number) => string;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col" className={styles.number}>
              Invalid visits
            </th>
            <th scope="col" className={styles.number}>
              Savings
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-testid={row.testId}>
              <td>{row.name}</td>
              <td className={styles.number}>{formatNumber(row.invalidVisits)}</td>
              <td className={styles.number}>{money(row.savings)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
