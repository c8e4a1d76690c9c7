import { useCallback, useState } from 'react';
import {
  type DateRange,
  type DateRangeSection,
  loadSectionRange,
  saveSectionRange,
} from '../../lib/date-ranges';

interface Held {
  section: DateRangeSection;
  today: string;
  range: DateRange;
}

/**
 * A section's date range (spec 02 §4): restored from the session once today's date is known (a named
 * range recomputed for today), saved on every change. Undefined until today is known.
 *
 * The range follows its section and its day: a page that moves to another section in the same place
 * (the Google Ads pages share their layout, pmax keeps a range of its own) reads that section's range
 * rather than carrying the previous one over, and a page left open past midnight recomputes a named
 * range for the new day.
 */
export function useSectionRange(
  section: DateRangeSection,
  today: string | undefined,
): [DateRange | undefined, (range: DateRange) => void] {
  const [held, setHeld] = useState<Held | undefined>(() =>
    today ? { section, today, range: loadSectionRange(section, today) } : undefined,
  );
  let current = held;
  if (today && (held?.section !== section || held.today !== today)) {
    // Adjusting state to new props during render (React's pattern for derived state): no extra paint
    // with the previous section's range.
    current = { section, today, range: loadSectionRange(section, today) };
    setHeld(current);
  }
  const change = useCallback(
    (next: DateRange) => {
      saveSectionRange(section, next);
      setHeld((previous) => (previous ? { ...previous, section, range: next } : previous));
    },
    [section],
  );
  return [current?.range, change];
}
