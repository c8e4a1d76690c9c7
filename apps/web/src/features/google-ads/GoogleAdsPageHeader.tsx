import { DateRangePicker } from '../../components/DateRangePicker/DateRangePicker';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import type { DateRange } from '../../lib/date-ranges';

/** A Google Ads page's title with the section's date range on the same line. */
export function GoogleAdsPageHeader({
  title,
  today,
  range,
  onRangeChange,
}: {
  title: string;
  today: string | undefined;
  range: DateRange | undefined;
  onRangeChange: (range: DateRange) => void;
}) {
  return (
    <PageHeader
      title={title}
      eyebrow="Google Ads"
      dateRange={
        today && range ? <DateRangePicker value={range} onChange={onRangeChange} today={today} /> : null
      }
    />
  );
}
