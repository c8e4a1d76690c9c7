import { z } from 'zod';

/**
 * Time zones, one rule for every place one enters (sign-up, profile and account settings): an IANA
 * name from the list the runtime reports (`Intl.supportedValuesOf('timeZone')`), or UTC. A name the
 * runtime knows by another spelling (`US/Eastern`, `europe/madrid`, `GMT`) is taken as the list's
 * own name (`America/New_York`, `Europe/Madrid`, `UTC`); anything else is refused.
 */

/** The zone used when none is given, and the one a query falls back to for an unusable stored value. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** UTC under its two IANA names: the runtime's list leaves both out. */
const UTC_NAMES = ['UTC', 'Etc/UTC'] as const;

/** The characters of an IANA name: nothing that could end a quoted SQL literal. */
const NAME_SYNTAX = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

let known: ReadonlySet<string> | undefined;

/** The IANA time zones this runtime knows, UTC included. */
export function ianaTimeZones(): ReadonlySet<string> {
  if (!known) {
    const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    known = new Set([...UTC_NAMES, ...listed]);
  }
  return known;
}

/** The list's name for a time zone (an alias resolved), or null when it is not an IANA time zone. */
export function canonicalTimeZone(name: string): string | null {
  if (!NAME_SYNTAX.test(name)) return null;
  const zones = ianaTimeZones();
  if (zones.has(name)) return name;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // A runtime without the list (older browsers) still refuses what Intl does not know.
  if (zones.size === UTC_NAMES.length) return resolved;
  return zones.has(resolved) ? resolved : null;
}

export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

/** A time zone as a request gives it: refused unless IANA, answered as the list's own name. */
export const zTimeZone = z
  .string()
  .trim()
  .max(64)
  .refine(isTimeZone, { message: 'Not an IANA time zone' })
  .transform((name) => canonicalTimeZone(name) ?? DEFAULT_TIME_ZONE);
