import { z } from 'zod';
import {
  type EXCLUSION_IP_TYPES,
  GLOBAL_IP_TYPES,
  zExclusionEntry,
  zExclusionIpType,
  zOAuthConnectionStatus,
} from './google-ads.js';
import { isStrictIpOrCidr } from './google-ads-setup.js';

/**
 * The IP settings screen (/setup/security/ip-settings, view ip_settings): the account's traffic IP
 * lists (always legitimate, always invalid) and the dynamic IP exclusion lists the Google Ads exclusion
 * engine keeps (spec 02 §9), shared by the server's routes and the page.
 */

/** What the page says of an address that is neither IPv4 (/0-32) nor IPv6 (/0-128). */
export const IP_ENTRY_INVALID = 'Enter an IPv4 or IPv6 address, optionally with a range such as /24 or /64';

/**
 * Whether a value is an IPv4 address with an optional /0-32 range or an IPv6 address with an optional
 * /0-128 range (spec 02 §5, the strict pattern): the one check of the page and of the server.
 */
export function isTrafficIpEntry(value: string): boolean {
  return isStrictIpOrCidr(value.trim());
}

/** One address of a bulk paste and the line (1-based) it came from. */
export interface PastedIp {
  line: number;
  value: string;
}

/** A line of a bulk paste that holds something other than addresses, with the values at fault. */
export interface PastedLineError {
  line: number;
  text: string;
  invalid: string[];
}

/**
 * A bulk paste read as the page reads it: one address a line, several on a line split by commas,
 * semicolons or spaces; blank lines skipped; an address seen before (on any line) kept once. Lines with
 * anything that is not an address or range come back in `errors`, and then nothing should be added.
 */
export function parseIpPaste(text: string): { entries: PastedIp[]; errors: PastedLineError[] } {
  const entries: PastedIp[] = [];
  const errors: PastedLineError[] = [];
  const seen = new Set<string>();
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const values = raw.split(/[\s,;]+/).filter((value) => value !== '');
    const invalid = values.filter((value) => !isTrafficIpEntry(value));
    if (invalid.length > 0) {
      errors.push({ line: index + 1, text: raw.trim(), invalid });
      return;
    }
    for (const value of values) {
      const key = value.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push({ line: index + 1, value });
    }
  });
  return { entries, errors };
}

/**
 * POST /api/me/ip-whitelist and /api/me/ip-blacklist: the whole list. Values are checked by the route
 * with `isTrafficIpEntry`, so that a 400 names each bad entry (field `entries.N.value` and the value).
 */
export const zTrafficIpListUpdate = z.object({
  entries: z
    .array(
      z.object({
        value: z.string().trim().min(1).max(64),
        note: z.string().trim().max(200).nullable().optional(),
      }),
    )
    .max(5000),
});
export type TrafficIpListUpdate = z.infer<typeof zTrafficIpListUpdate>;

/** The two groups of dynamic IP types, as the page shows them. */
export const IP_EXCLUSION_GROUPS = ['individual', 'global'] as const;
export type IpExclusionGroup = (typeof IP_EXCLUSION_GROUPS)[number];
export const ipExclusionGroupOf = (type: (typeof EXCLUSION_IP_TYPES)[number]): IpExclusionGroup =>
  (GLOBAL_IP_TYPES as readonly string[]).includes(type) ? 'global' : 'individual';

/** At most this many entries of one type come with the answer (newest first); `entries` counts them all. */
export const IP_EXCLUSION_ITEMS_LIMIT = 2000;

/** One dynamic IP type's list: what it holds, how full it is against the platform's caps, its entries. */
export const zIpExclusionList = z.object({
  type: zExclusionIpType,
  group: z.enum(IP_EXCLUSION_GROUPS),
  label: z.string(),
  meaning: z.string(),
  /** Entries in force (pushed, or planned in detection mode) of this type, over every list. */
  entries: z.number().int(),
  /**
   * The platform list (a campaign's, or the account-level one) holding the most entries of this type,
   * against its cap: GOOGLE_IP_BLOCKS_PER_CAMPAIGN or GOOGLE_IP_BLOCKS_PER_ACCOUNT. Null when empty.
   */
  fullest: z
    .object({
      customerId: z.string(),
      /** Null for the account-level list. */
      campaignId: z.string().nullable(),
      campaignName: z.string().nullable(),
      /** This type's entries on that list. */
      entries: z.number().int(),
      /** Every type's entries on that list: what the cap counts. */
      listEntries: z.number().int(),
      cap: z.number().int(),
    })
    .nullable(),
  /** Newest first, at most IP_EXCLUSION_ITEMS_LIMIT. */
  items: z.array(zExclusionEntry),
});
export type IpExclusionList = z.infer<typeof zIpExclusionList>;

/** GET /api/security/ip-lists. */
export const zIpExclusionLists = z.object({
  /** The Google Ads connection: "none" when Google Ads is not linked. */
  connection: zOAuthConnectionStatus,
  caps: z.object({ perCampaign: z.number().int(), perAccount: z.number().int() }),
  /** One per dynamic IP type, in EXCLUSION_IP_TYPES order. */
  lists: z.array(zIpExclusionList),
});
export type IpExclusionLists = z.infer<typeof zIpExclusionLists>;
