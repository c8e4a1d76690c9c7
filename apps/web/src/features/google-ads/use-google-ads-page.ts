import type { DateRangeSection } from '../../lib/date-ranges';
import { useSectionRange } from '../intelligence/use-section-range';
import { useAccountToday } from '../session/use-account-today';
import type { ExclusionPeriod } from './exclusions.api';
import { useGoogleAdsState } from './google-ads.api';
import { type LinkStatus, linkStatus } from './LinkStatusBanner';

/** The Google Ads pages keep the Google Ads range, except Performance Max with its own (spec 02 §4). */
export type GoogleAdsRangeSection = Extract<DateRangeSection, 'googleAds' | 'pmax'>;

/**
 * What every Google Ads channel page starts from: today in the account's zone, the section's date
 * range (Last 30 days unless the session saved another) and the integration state with its link
 * status.
 */
export function useGoogleAdsPage(rangeSection: GoogleAdsRangeSection) {
  const { today } = useAccountToday();
  const [range, setRange] = useSectionRange(rangeSection, today);
  const period: ExclusionPeriod | undefined = range ? { from: range.from, to: range.to } : undefined;
  const stateQuery = useGoogleAdsState();
  const status: LinkStatus | undefined = linkStatus(stateQuery.data);
  return {
    today,
    range,
    setRange,
    period,
    state: stateQuery.data,
    status,
    campaigns: stateQuery.data?.campaigns ?? [],
  };
}
