import { z } from 'zod';

/**
 * The account changelog (spec 01 §6, permission account_changelog): the account's audit log made
 * readable. GET /api/account/changelog answers a page of entries, newest first, with a cursor for the
 * next page; GET /api/account/changelog/csv the same filtered entries as a CSV file.
 */

/** The groups a person filters the changelog by; every audit action belongs to exactly one. */
export const CHANGELOG_CATEGORIES = [
  'users',
  'labels',
  'ip_lists',
  'settings',
  'api_keys',
  'campaigns',
  'alerts',
  'reports',
  'integrations',
  'billing',
  'security',
  'support',
] as const;
export const zChangelogCategory = z.enum(CHANGELOG_CATEGORIES);
export type ChangelogCategory = z.infer<typeof zChangelogCategory>;

/** The categories in the words of the screen. */
export const CHANGELOG_CATEGORY_NAMES: Record<ChangelogCategory, string> = {
  users: 'Users',
  labels: 'Labels',
  ip_lists: 'IP lists',
  settings: 'Settings',
  api_keys: 'API keys',
  campaigns: 'Campaigns',
  alerts: 'Alerts',
  reports: 'Reports',
  integrations: 'Integrations',
  billing: 'Billing',
  security: 'Security',
  support: 'Support log-ins',
};

/** Entries a page holds at most. */
export const CHANGELOG_PAGE_MAX = 100;
export const CHANGELOG_PAGE_DEFAULT = 50;

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

/** The filters, as query parameters; dates are days of the account's time zone, both included. */
export const zChangelogQuery = z.object({
  from: zDay.optional(),
  to: zDay.optional(),
  /** The user id of a member of the account. */
  actor: z.coerce.number().int().positive().optional(),
  category: zChangelogCategory.optional(),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(CHANGELOG_PAGE_MAX).optional(),
});
export type ChangelogQuery = z.infer<typeof zChangelogQuery>;

export const zChangelogValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ChangelogValue = z.infer<typeof zChangelogValue>;

/** One field of an entry: a value that changed (`from` -> `to`), or a value the entry records (`to`). */
export const zChangelogField = z.object({
  field: z.string(),
  changed: z.boolean(),
  from: zChangelogValue,
  to: zChangelogValue,
});
export type ChangelogField = z.infer<typeof zChangelogField>;

/**
 * Who made a change: a member of the account (name and email), Veracity support (never the person's
 * own address), someone no longer a member (no address), or Veracity itself (billing, mailed links).
 */
export const zChangelogActor = z.object({
  kind: z.enum(['member', 'support', 'former_member', 'system']),
  userId: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
});
export type ChangelogActor = z.infer<typeof zChangelogActor>;

export const zChangelogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: zChangelogActor,
  action: z.string(),
  category: zChangelogCategory,
  sentence: z.string(),
  fields: z.array(zChangelogField),
  ip: z.string().nullable(),
});
export type ChangelogEntry = z.infer<typeof zChangelogEntry>;

/** A person the changelog can be filtered by: a member of the account. */
export const zChangelogPerson = z.object({ userId: z.number().int(), name: z.string(), email: z.string() });
export type ChangelogPerson = z.infer<typeof zChangelogPerson>;

export const zChangelogPage = z.object({
  entries: z.array(zChangelogEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  people: z.array(zChangelogPerson),
});
export type ChangelogPage = z.infer<typeof zChangelogPage>;

/** The query string of a changelog call, with the filters set. */
export function changelogSearch(query: ChangelogQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
