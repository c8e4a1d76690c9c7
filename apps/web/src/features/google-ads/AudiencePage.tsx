import { GOOGLE_CAMPAIGN_TYPES_PICKER, type GoogleAdsState } from '@veracity/contracts/google-ads';
import { Card } from '../../components/Card/Card';
import { SkeletonRows } from '../../components/PageStates/PageStates';
import { formatNumber } from '../../lib/format';
import { SECTION_LINES } from './ExclusionsChart';
import { useExclusionWidget } from './exclusions.api';
import { GoogleAdsPageHeader } from './GoogleAdsPageHeader';
import styles from './GoogleAdsPages.module.css';
import { LinkStatusBanner } from './LinkStatusBanner';
import { FiguresCard, SeriesCard } from './SectionCards';
import { useGoogleAdsPage } from './use-google-ads-page';

/** The audience covers every Google campaign type: the widget is asked for all of catalogue A. */
const ALL_TYPES = [...GOOGLE_CAMPAIGN_TYPES_PICKER];

function AudienceList({ state }: { state: GoogleAdsState | undefined }) {
  if (!state) return <SkeletonRows rows={3} testId="audience-list-loading" />;
  const { audience, settings } = state;
  return (
    <dl className={styles.facts} data-testid="audience-list">
      <dt>Remarketing list</dt>
      <dd data-testid="audience-user-list">
        {audience.userList ??
          'Not created yet: it is made when Google Ads is linked and audience exclusion is on.'}
      </dd>
      <dt>Audience exclusion</dt>
      <dd data-testid="audience-setting">{settings.audienceExclusion ? 'On' : 'Off'}</dd>
      <dt>Campaigns where it is excluded</dt>
      <dd data-testid="audience-campaigns-excluded">{formatNumber(audience.campaignsExcluded)}</dd>
      <dt>Campaigns whose type does not allow it</dt>
      <dd data-testid="audience-campaigns-not-allowed">{formatNumber(audience.campaignsNotAllowed)}</dd>
    </dl>
  );
}

/**
 * Google Ads audience, /integrations/google-ads/audience (view audiences): the remarketing list of
 * invalid visitors (built from the sensor's Google event) and where it is excluded, with the exclusion
 * events that fired on Google traffic.
 */
export function AudiencePage() {
  const page = useGoogleAdsPage('googleAds');
  const widget = useExclusionWidget('search-display', page.period, ALL_TYPES);
  return (
    <div className={styles.page} data-testid="google-ads-audience-page">
      <GoogleAdsPageHeader
        title="Audience"
        today={page.today}
        range={page.range}
        onRangeChange={page.setRange}
      />
      <LinkStatusBanner state={page.state} />
      <Card title="Invalid visitors audience" data-testid="audience">
        <p className={styles.cardIntro}>
          Visitors found invalid join this list through the sensor's Google event; the list is excluded on the
          campaigns whose type allows an audience exclusion.
        </p>
        <AudienceList state={page.state} />
      </Card>
      <FiguresCard query={widget} />
      <SeriesCard query={widget} title="Exclusion events over time" lines={SECTION_LINES} />
    </div>
  );
}
