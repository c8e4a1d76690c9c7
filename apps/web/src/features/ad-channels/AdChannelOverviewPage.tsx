import { AD_CHANNEL_NAMES, AD_CHANNEL_WIDGETS, type AdChannel } from '@veracity/contracts/ad-channels';
import { Link } from 'react-router';
import { DateRangePicker } from '../../components/DateRangePicker/DateRangePicker';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { SECTION_LINES } from '../google-ads/ExclusionsChart';
import { useExclusionWidget } from '../google-ads/exclusions.api';
import { FiguresCard, SeriesCard } from '../google-ads/SectionCards';
import { useSectionRange } from '../intelligence/use-section-range';
import { useAccountToday } from '../session/use-account-today';
import styles from './AdChannels.module.css';
import { linkingPath, PLATFORM_NAMES } from './ad-channels-copy';
import { ConnectionCard } from './ConnectionCard';
import { IpPasteCard } from './IpPasteCard';
import { useConsentReturn } from './use-consent-return';

/** Each channel keeps its own date range (spec 02 §4), Last 30 days unless the session saved another. */
const RANGE_SECTIONS = { meta: 'facebook', microsoft: 'microsoft', tiktok: 'tiktok' } as const;

/**
 * /integrations/<facebook|microsoft|tiktok>-ads/overview: the channel's traffic veracity and the
 * exclusion events the sensor fired on its tag (all, and those on invalid visits) over the section's
 * range, then the linking by API, and for Microsoft the IPs to paste.
 */
export function AdChannelOverviewPage({ channel }: { channel: AdChannel }) {
  useConsentReturn(channel);
  const { today } = useAccountToday();
  const [range, setRange] = useSectionRange(RANGE_SECTIONS[channel], today);
  const widget = useExclusionWidget(AD_CHANNEL_WIDGETS[channel], range);
  const platform = PLATFORM_NAMES[channel];
  const empty = {
    title: `No ${platform} visits in this period`,
    text: `Figures appear as the sensor sees visits from ${platform} ads, and exclusion events as it fires ${platform}’s tag for invalid ones. Choose a longer date range to see earlier traffic.`,
  };
  return (
    <div className={styles.page} data-testid={`ad-channel-overview-${channel}`}>
      <PageHeader
        title="Overview"
        eyebrow={AD_CHANNEL_NAMES[channel]}
        actions={
          <Link to={linkingPath(channel)} className={styles.link} data-testid="ad-channel-wizard-link">
            Integration Steps
          </Link>
        }
        dateRange={
          today && range ? <DateRangePicker value={range} onChange={setRange} today={today} /> : null
        }
      />
      <FiguresCard query={widget} empty={empty} />
      <SeriesCard query={widget} title="Exclusion events over time" lines={SECTION_LINES} empty={empty} />
      <ConnectionCard channel={channel} />
      {channel === 'microsoft' ? <IpPasteCard /> : null}
    </div>
  );
}
