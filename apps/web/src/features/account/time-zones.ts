import { isTimeZone } from '@veracity/contracts/time-zone';

/** IANA time zones the browser knows, for the time-zone fields of the profile and the account. */
export function timeZones(): string[] {
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Europe/Madrid'];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}

/** The browser's own time zone, the default when none was saved. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list';

/** The server's rule (packages/contracts): an IANA name or UTC, an alias of one included. */
export function isKnownTimeZone(value: string): boolean {
  return isTimeZone(value.trim());
}
