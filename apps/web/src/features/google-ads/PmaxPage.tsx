import { CollapsibleWizard } from '../ad-wizards/CollapsibleWizard';
import { PMAX_STEPS } from '../ad-wizards/pmax-wizard';
import { type FigureTile, SECTION_TILES } from './ExclusionFigures';
import { PMAX_LINES } from './ExclusionsChart';
import { useExclusionEntries, useExclusionWidget } from './exclusions.api';
import { GoogleAdsPageHeader } from './GoogleAdsPageHeader';
import styles from './GoogleAdsPages.module.css';
import { LinkStatusBanner } from './LinkStatusBanner';
import { ExclusionsCard, FiguresCard, SeriesCard } from './SectionCards';
import { useGoogleAdsPage } from './use-google-ads-page';

/** The graph's title, as issue 33 gives it. */
export const PMAX_CHART_TITLE = 'Exclusions & Invalid Traffic over time';

/** The exclusion counter first, then what every section shows. */
const PMAX_TILES: readonly FigureTile[] = [
  { key: 'exclusionsActive', label: 'Exclusions' },
  ...SECTION_TILES,
];

/**
 * Google Ads Performance Max, /integrations/google-ads/pmax (view pmax), with its own date range
 * (spec 02 §4): the exclusion counter, traffic veracity and exclusion events, the graph of exclusions
 * and invalid traffic, and the exclusions that reach Performance Max campaigns.
 */
export function PmaxPage() {
  const page = useGoogleAdsPage('pmax');
  const widget = useExclusionWidget('pmax', page.period);
  const entries = useExclusionEntries('pmax', page.period);
  return (
    <div className={styles.page} data-testid="google-ads-pmax-page">
      <GoogleAdsPageHeader
        title="Performance Max"
        today={page.today}
        range={page.range}
        onRangeChange={page.setRange}
      />
      <LinkStatusBanner state={page.state} />
      <CollapsibleWizard
        feature="pmax"
        title="Protect Performance Max"
        summary="What Veracity does for Performance Max, and the exclusion Google only takes by hand."
        steps={PMAX_STEPS}
      />
      <FiguresCard query={widget} tiles={PMAX_TILES} />
      <SeriesCard query={widget} title={PMAX_CHART_TITLE} lines={PMAX_LINES} />
      <ExclusionsCard query={entries} campaigns={page.campaigns} status={page.status} />
    </div>
  );
}
