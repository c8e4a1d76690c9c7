import { useCallback, useEffect, useState } from 'react';
import {
  type DateRange,
  type DateRangeSection,
  loadSectionRange,
  saveSectionRange,
} from '../../lib/date-ranges';

/**
 * A section's date range (spec 02 §4): restored from the session once today's date is known (a named
 * range recomputed for today), saved on every change. Undefined until today is known.
 */
export function useSectionRange(
  section: DateRangeSection,
  today: string | undefined,
): [DateRange | undefined, (range: DateRange) => void] {
  const [range, setRange] = useState<DateRange | undefined>(() =>
    today ? loadSectionRange(section, today) : undefined,
  );
  useEffect(() => {
    if (today && range === undefined) setRange(loadSectionRange(section, today));
  }, [section, today, range]);
  const change = useCallback(
    (next: DateRange) => {
      saveSectionRange(section, next);
      setRange(next);
    },
    [section],
  );
  return [range, change];
}
