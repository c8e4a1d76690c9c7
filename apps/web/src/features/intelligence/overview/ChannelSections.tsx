import type { Me } from '@veracity/contracts/account';
import type { Channels } from '@veracity/contracts/home';
import { lazy, Suspense } from 'react';
import { Carousel } from '../../../components/Carousel/Carousel';
import { SkeletonRows } from '../../../components/PageStates/PageStates';
import { ChannelCard } from './ChannelCard';
import { channelCardGates } from './channel-gates';
import type { ChannelAlertDraft } from './channel-links';
import type { HomeRange } from './home.api';
import { useChannels } from './home.api';
import styles from './OverviewPage.module.css';
import { OverviewSection } from './OverviewSection';

/** The chart library loads on its own, so the figures above it do not wait for it. */
const InvalidByChannelChart = lazy(async () => ({
  default: (await import('./InvalidByChannelChart')).InvalidByChannelChart,
}));

const noVisits = (data: Channels) => data.channels.every((channel) => channel.totalVisits === 0);
const noInvalidVisits = (data: Channels) => data.channels.every((channel) => channel.invalidVisits === 0);

/** The channel cards in their carousel (spec 02 §2), in the spec's order as the server sends them. */
export function ChannelCardsSection({
  range,
  me,
  onCreateAlert,
}: {
  range: HomeRange | undefined;
  me: Pick<Me, 'planType' | 'visibleViews'> | undefined;
  onCreateAlert: (draft: ChannelAlertDraft) => void;
}) {
  const query = useChannels(range);
  return (
    <OverviewSection
      title="Channels"
      testId="channel-cards"
      query={query}
      skeletonRows={4}
      isEmpty={noVisits}
      empty={{
        title: 'No channel traffic in this period',
        text: 'Each channel gets a card here once its visits are classified.',
      }}
    >
      {(data) =>
        range ? (
          <Carousel label="Invalid traffic by channel">
            {data.channels.map((figures) => (
              <ChannelCard
                key={figures.type}
                figures={figures}
                range={range}
                gates={channelCardGates(figures.type, me?.planType, me?.visibleViews ?? [])}
                onCreateAlert={onCreateAlert}
              />
            ))}
          </Carousel>
        ) : null
      }
    </OverviewSection>
  );
}

/** The ring of invalid traffic by channel (spec 02 §2). */
export function InvalidByChannelSection({ range }: { range: HomeRange | undefined }) {
  const query = useChannels(range);
  return (
    <OverviewSection
      title="Invalid traffic by channel"
      testId="invalid-by-channel"
      query={query}
      skeletonRows={6}
      className={styles.pieSection}
      isEmpty={noInvalidVisits}
      empty={{
        title: 'No invalid visits in this period',
        text: 'Channels show here with their share of invalid visits as soon as any is found.',
      }}
    >
      {(data) => (
        <Suspense fallback={<SkeletonRows rows={6} testId="invalid-by-channel-loading" />}>
          <InvalidByChannelChart channels={data.channels} />
        </Suspense>
      )}
    </OverviewSection>
  );
}
