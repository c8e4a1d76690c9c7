import {
  MICROSOFT_IP_EXCLUSIONS_PER_CAMPAIGN,
  type MicrosoftIpPasteList,
} from '@veracity/contracts/ad-channels';
import type { EventStore } from '../../storage/events/event-store.js';
import { invalidMicrosoftIps } from './microsoft-ip-paste.repo.js';

/** The period the list covers: the last 30 days up to now. */
export const IP_PASTE_DAYS = 30;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * Microsoft's IP exclusions as the user pastes them (issue 35): IPv4 only (Microsoft's exclusions take
 * IPv4 and a `*` in the last octet), at most 100 entries a campaign, most invalid visits first. With
 * `wildcard`, the addresses of a /24 with more than one invalid address become `a.b.c.*`: one entry
 * covers them all, so more of the account's invalid traffic fits in the 100.
 */
export function pasteEntries(
  rows: readonly { ip: string; sessions: number }[],
  wildcard: boolean,
): { entries: { ip: string; invalidVisits: number }[]; total: number } {
  const v4 = rows.filter(
    (row) => IPV4.test(row.ip) && row.ip.split('.').every((part) => Number(part) <= 255),
  );
  let entries = v4.map((row) => ({ ip: row.ip, invalidVisits: row.sessions }));
  if (wildcard) {
    const byRange = new Map<string, { ip: string; invalidVisits: number; count: number }>();
    for (const entry of entries) {
      const range = entry.ip.slice(0, entry.ip.lastIndexOf('.'));
      const found = byRange.get(range);
      if (found) {
        found.count += 1;
        found.invalidVisits += entry.invalidVisits;
        found.ip = `${range}.*`;
      } else byRange.set(range, { ...entry, count: 1 });
    }
    entries = [...byRange.values()].map(({ ip, invalidVisits }) => ({ ip, invalidVisits }));
  }
  entries.sort((a, b) => b.invalidVisits - a.invalidVisits || a.ip.localeCompare(b.ip));
  return { entries: entries.slice(0, MICROSOFT_IP_EXCLUSIONS_PER_CAMPAIGN), total: v4.length };
}

export async function microsoftIpPasteList(
  events: EventStore,
  relationship: { id: number },
  wildcard: boolean,
  now: Date,
): Promise<MicrosoftIpPasteList> {
  const since = new Date(now.getTime() - IP_PASTE_DAYS * 86_400_000);
  const rows = await invalidMicrosoftIps(events, relationship.id, since);
  return {
    ...pasteEntries(rows, wildcard),
    from: since.toISOString().slice(0, 10),
    to: now.toISOString().slice(0, 10),
  };
}
