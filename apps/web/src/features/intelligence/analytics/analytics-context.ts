import type { Me, Settings } from '@veracity/contracts/account';
import { type DateRange, loadSectionRange } from '../../../lib/date-ranges';
import type { AnalyticsUrlContext } from '../../../lib/url-state';
import { accessOfMe, defaultDimensionOfMe } from './analytics-access';

/** The account's zone decides "today"; the browser's only if the settings could not be read. */
export function accountTimeZone(settings: Settings | undefined): string {
  return settings?.account?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * What the page reads its address with: what the account may analyse, the dimension it opens with
 * and the period saved for the section (the default range when the address has no dates).
 */
export function analyticsUrlContext(
  me: Me,
  today: string,
): AnalyticsUrlContext & { defaultRange: DateRange } {
  return {
    access: accessOfMe(me),
    defaultDimensions: [defaultDimensionOfMe(me)],
    defaultRange: loadSectionRange('intelligence', today),
  };
}
