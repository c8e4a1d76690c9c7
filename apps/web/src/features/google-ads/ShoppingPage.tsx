import { SECTION_LINES } from './ExclusionsChart';
import { useExclusionEntries, useExclusionWidget } from './exclusions.api';
import { GoogleAdsPageHeader } from './GoogleAdsPageHeader';
import styles from './GoogleAdsPages.module.css';
import { LinkStatusBanner } from './LinkStatusBanner';
import { ExclusionsCard, FiguresCard, SeriesCard } from './SectionCards';
import { useGoogleAdsPage } from './use-google-ads-page';

/**
 * Google Ads shopping, /integrations/google-ads/shopping (view shopping): traffic veracity and the
 * exclusion events of shopping campaigns, their series and the exclusions of the section.
 */
export function ShoppingPage() {
  const page = useGoogleAdsPage('googleAds');
  const widget = useExclusionWidget('shopping', page.period);
  const entries = useExclusionEntries('shopping', page.period);
  return (
    <div className={styles.page} data-testid="google-ads-shopping-page">
      <GoogleAdsPageHeader
        title="Shopping"
        today={page.today}
        range={page.range}
        onRangeChange={page.setRange}
      />
      <LinkStatusBanner state={page.state} />
      <FiguresCard query={widget} />
      <SeriesCard query={widget} title="Exclusion events over time" lines={SECTION_LINES} />
      <ExclusionsCard query={entries} campaigns={page.campaigns} status={page.status} />
    </div>
  );
}
