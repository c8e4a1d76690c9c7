import { useSearchParams } from 'react-router';
import {
  CAMPAIGN_TYPES_PARAM,
  CampaignTypePicker,
  readCampaignTypes,
  writeCampaignTypes,
} from './CampaignTypePicker';
import { SECTION_LINES } from './ExclusionsChart';
import { type CampaignTypePick, useExclusionEntries, useExclusionWidget } from './exclusions.api';
import { GoogleAdsPageHeader } from './GoogleAdsPageHeader';
import styles from './GoogleAdsPages.module.css';
import { LinkStatusBanner } from './LinkStatusBanner';
import { ExclusionsCard, FiguresCard, SeriesCard } from './SectionCards';
import { useGoogleAdsPage } from './use-google-ads-page';

/**
 * Google Ads search and display, /integrations/google-ads/search-display (view search_display): the
 * campaign types of catalogue A chosen in the picker (kept in the address), their traffic veracity and
 * exclusion events, the series, and the exclusions of the section.
 */
export function SearchDisplayPage() {
  const page = useGoogleAdsPage('googleAds');
  const [params, setParams] = useSearchParams();
  const types = readCampaignTypes(params.get(CAMPAIGN_TYPES_PARAM));
  const widget = useExclusionWidget('search-display', page.period, types);
  const entries = useExclusionEntries('search-display', page.period);
  const chosen = (entry: { campaignType: string | null }) =>
    entry.campaignType === null || (types as readonly string[]).includes(entry.campaignType);
  const shown = { ...entries, data: entries.data?.filter(chosen) };

  const changeTypes = (next: CampaignTypePick[]) => {
    setParams(
      (current) => {
        const value = writeCampaignTypes(next);
        const updated = new URLSearchParams(current);
        if (value === null) updated.delete(CAMPAIGN_TYPES_PARAM);
        else updated.set(CAMPAIGN_TYPES_PARAM, value);
        return updated;
      },
      { replace: true },
    );
  };

  return (
    <div className={styles.page} data-testid="google-ads-search-display-page">
      <GoogleAdsPageHeader
        title="Search & Display"
        today={page.today}
        range={page.range}
        onRangeChange={page.setRange}
      />
      <LinkStatusBanner state={page.state} />
      <CampaignTypePicker value={types} onChange={changeTypes} />
      <FiguresCard query={widget} />
      <SeriesCard query={widget} title="Exclusion events over time" lines={SECTION_LINES} />
      <ExclusionsCard query={shown} campaigns={page.campaigns} status={page.status} />
    </div>
  );
}
