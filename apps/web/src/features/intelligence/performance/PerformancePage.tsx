import { TRAFFIC_TYPES, type TrafficType } from '@veracity/contracts/detection';
import type { PerformanceTab } from '@veracity/contracts/performance';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { Card } from '../../../components/Card/Card';
import { DateRangePicker } from '../../../components/DateRangePicker/DateRangePicker';
import { Dropdown, type DropdownOption } from '../../../components/Dropdown/Dropdown';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { trafficTypeName } from '../../../lib/traffic-types';
import { parsePerformanceState, serializePerformanceState } from '../../../lib/url-state';
import { UpsellGate } from '../../session/UpsellGate';
import { useAccountToday } from '../../session/use-account-today';
import { useSectionRange } from '../use-section-range';
import styles from './Performance.module.css';
import { PerformancePreview } from './PerformancePreview';
import { ProtectionTab } from './ProtectionTab';
import { usePerformance } from './performance.api';
import { SavingsTab } from './SavingsTab';

const ALL_CHANNELS = 'all';
type ChannelChoice = TrafficType | typeof ALL_CHANNELS;
const CHANNEL_OPTIONS: DropdownOption<ChannelChoice>[] = [
  { value: ALL_CHANNELS, label: 'All channels' },
  ...TRAFFIC_TYPES.map((type) => ({ value: type, label: trafficTypeName(type) })),
];

const TAB_LABELS: Record<PerformanceTab, string> = { performance: 'Performance', savings: 'Savings' };

/**
 * /intelligence/performance (spec 02 §2, issue 39): protection over time. Two tabs, the open one in
 * the address (`?tab=savings`); the range is the performance section's own (default Last 7 days, spec
 * 02 §4), the channel in the address. A plan without the view sees what it would get.
 */
export function PerformancePage() {
  return (
    <UpsellGate
      view="performance"
      title="Performance"
      eyebrow="Intelligence"
      upsell={{
        title: 'Performance',
        summary:
          'See how protection pays off over time: invalid traffic and savings per channel and per campaign, day by day, and the effect of every exclusion pushed to Google Ads.',
        benefits: [
          'Invalid traffic over time for each channel and Google Ads campaign',
          'Savings by channel and campaign, at your real Google Ads costs',
          'The invalid share of each campaign before and after its protection started',
        ],
      }}
      preview={<PerformancePreview />}
    >
      <PerformanceScreen />
    </UpsellGate>
  );
}

function PerformanceScreen() {
  const { today } = useAccountToday();
  const [range, setRange] = useSectionRange('performance', today);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parsePerformanceState(searchParams);
  const query = usePerformance(
    range ? { from: range.from, to: range.to, channel: state.channel } : undefined,
  );
  const update = (next: Partial<typeof state>) =>
    setSearchParams(serializePerformanceState({ ...state, ...next }, searchParams), { replace: true });

  let body: React.ReactNode;
  if (query.isError) {
    body = (
      <Card>
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  } else if (query.data === undefined) {
    body = (
      <Card>
        <SkeletonRows rows={8} testId="performance-loading" />
      </Card>
    );
  } else if (query.data.totals.visits === 0 && query.data.protection.length === 0) {
    body = (
      <Card>
        <EmptyState title="No visits in this period" testId="performance-empty">
          Choose a longer range or another channel; once the sensor sees traffic, its protection over time
          shows here.
        </EmptyState>
      </Card>
    );
  }
  const data = query.data;

  return (
    <div className={styles.page} data-testid="performance-page">
      <PageHeader
        title="Performance"
        eyebrow="Intelligence"
        actions={
          <Dropdown<ChannelChoice>
            aria-label="Channel"
            options={CHANNEL_OPTIONS}
            value={state.channel ?? ALL_CHANNELS}
            onChange={(value) => update({ channel: value === ALL_CHANNELS ? null : value })}
            width={180}
          />
        }
        dateRange={
          today && range ? <DateRangePicker value={range} onChange={setRange} today={today} /> : null
        }
      />
      <Tabs.Root
        value={state.tab}
        onValueChange={(value) => update({ tab: value as PerformanceTab })}
        className={styles.panel}
      >
        <Tabs.List className={styles.tabList} aria-label="Performance views">
          {(Object.keys(TAB_LABELS) as PerformanceTab[]).map((tab) => (
            <Tabs.Trigger key={tab} value={tab} className={styles.tab} data-testid={`performance-tab-${tab}`}>
              {TAB_LABELS[tab]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="performance" className={styles.panel} data-testid="performance-panel">
          {body ?? (data ? <ProtectionTab data={data} /> : null)}
        </Tabs.Content>
        <Tabs.Content value="savings" className={styles.panel} data-testid="savings-panel">
          {body ?? (data ? <SavingsTab data={data} /> : null)}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
