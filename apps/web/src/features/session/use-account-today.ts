import { todayIn } from '../../lib/date-ranges';
import { useSettings } from '../account/account.api';

/** The browser's own zone: the fallback when the account's cannot be read. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function knownZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * Today's date (`YYYY-MM-DD`) in the account's time zone, which is where the server cuts days too;
 * undefined while the settings load. A failed settings call falls back to the browser's zone.
 */
export function useAccountToday(): { today: string | undefined; timeZone: string | undefined } {
  const settings = useSettings();
  if (settings.isPending) return { today: undefined, timeZone: undefined };
  const timeZone =
    knownZone(settings.data?.account?.timezone) ??
    knownZone(settings.data?.user.timezone) ??
    browserTimeZone();
  return { today: todayIn(timeZone), timeZone };
}
