import type { NeverExcludeEntry } from '@veracity/contracts/google-ads';
import { isStrictIpOrCidr } from '@veracity/contracts/google-ads-setup';

export const NEVER_EXCLUDE_MESSAGES = {
  required: 'Enter an IP address or range',
  invalid: 'Enter one IPv4 or IPv6 address, optionally with a range: /0-32 for IPv4, /0-128 for IPv6',
  duplicate: 'This address is already in the list',
  noteTooLong: 'Use at most 120 characters',
} as const;

export const NEVER_EXCLUDE_NOTE_MAX = 120;

export interface NeverExcludeDraftErrors {
  cidr: string | null;
  note: string | null;
}

/** Checks a new never-exclude entry before it is sent (the server checks it again). */
export function validateNeverExclude(
  draft: { cidr: string; note: string },
  existing: readonly NeverExcludeEntry[],
): NeverExcludeDraftErrors {
  const cidr = draft.cidr.trim();
  const note = draft.note.trim().length > NEVER_EXCLUDE_NOTE_MAX ? NEVER_EXCLUDE_MESSAGES.noteTooLong : null;
  if (cidr === '') return { cidr: NEVER_EXCLUDE_MESSAGES.required, note };
  if (!isStrictIpOrCidr(cidr)) return { cidr: NEVER_EXCLUDE_MESSAGES.invalid, note };
  const lower = cidr.toLowerCase();
  if (existing.some((entry) => entry.cidr.toLowerCase() === lower))
    return { cidr: NEVER_EXCLUDE_MESSAGES.duplicate, note };
  return { cidr: null, note };
}
