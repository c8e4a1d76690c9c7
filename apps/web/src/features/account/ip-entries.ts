import { IP_ENTRY_INVALID, isTrafficIpEntry } from '@veracity/contracts/ip-settings';

/** One row of an IP list being edited; key keeps React rows stable while values change. */
export interface IpEntryDraft {
  key: number;
  value: string;
  note: string;
  createdAt?: string;
}

export interface IpEntryErrors {
  value: string | null;
  note: string | null;
}

export const IP_MESSAGES = {
  required: 'Required',
  invalid: IP_ENTRY_INVALID,
  duplicate: 'This address is already in the list',
  noteTooLong: 'Use at most 200 characters',
} as const;

let nextKey = 1;
export function newDraft(value = '', note = '', createdAt?: string): IpEntryDraft {
  return { key: nextKey++, value, note, ...(createdAt ? { createdAt } : {}) };
}

export function draftsFrom(entries: readonly { value: string; note?: string | null; createdAt?: string }[]) {
  return entries.map((entry) => newDraft(entry.value, entry.note ?? '', entry.createdAt));
}

function isBlank(draft: IpEntryDraft): boolean {
  return draft.value.trim() === '' && draft.note.trim() === '';
}

/** Whether a value is an IPv4 or IPv6 address, with an optional CIDR range (/0-32, /0-128; spec 02 §5). */
export function isIpOrRange(value: string): boolean {
  return isTrafficIpEntry(value);
}

/** Errors by row; rows left completely empty are ignored (they are dropped on save). */
export function validateIpDrafts(drafts: readonly IpEntryDraft[]): IpEntryErrors[] {
  const seen = new Set<string>();
  return drafts.map((draft) => {
    const value = draft.value.trim();
    const note = draft.note.trim().length > 200 ? IP_MESSAGES.noteTooLong : null;
    if (isBlank(draft)) return { value: null, note: null };
    if (value === '') return { value: IP_MESSAGES.required, note };
    if (!isIpOrRange(value)) return { value: IP_MESSAGES.invalid, note };
    const normalised = value.toLowerCase();
    if (seen.has(normalised)) return { value: IP_MESSAGES.duplicate, note };
    seen.add(normalised);
    return { value: null, note };
  });
}

export function hasIpErrors(errors: readonly IpEntryErrors[]): boolean {
  return errors.some((error) => error.value !== null || error.note !== null);
}

/** The entries to send: trimmed, blank rows dropped, an empty note sent as null. */
export function entriesFromDrafts(drafts: readonly IpEntryDraft[]) {
  return drafts
    .filter((draft) => !isBlank(draft))
    .map((draft) => ({
      value: draft.value.trim(),
      note: draft.note.trim() === '' ? null : draft.note.trim(),
    }));
}
