import { z } from 'zod';

/**
 * In-app traffic security (/setup/security/apk-security, view `apk`; docs/security-settings.md): the
 * Android app package names an account allows and blocks. An Android WebView announces the app it runs
 * in with the `X-Requested-With` request header (`com.example.news`); a browser's script sends
 * `XMLHttpRequest` there, or nothing, which names no app.
 */

/** Longest package name kept (Android caps a package name's length far below this). */
export const APP_PACKAGE_MAX_LENGTH = 255;
/** Most entries a list holds. */
export const APP_LIST_MAX_ENTRIES = 1000;

/**
 * A package name, Java package style: two or more dot-separated segments of letters, digits and
 * underscores, each starting with a letter. Compared in lower case.
 */
export const APP_PACKAGE_PATTERN = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$/i;
/** A list entry: a package name, or a prefix ending in `.*` (`com.example.*`: every package under it). */
export const APP_PACKAGE_ENTRY_PATTERN =
  /^[a-z][a-z0-9_]*(?:(?:\.[a-z][a-z0-9_]*)+|(?:\.[a-z][a-z0-9_]*)*\.\*)$/i;

/** The app a request's `X-Requested-With` header names, lower-cased; null when it names none. */
export function appPackageFromHeader(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const candidate = value.trim();
  if (candidate.length === 0 || candidate.length > APP_PACKAGE_MAX_LENGTH) return null;
  return APP_PACKAGE_PATTERN.test(candidate) ? candidate.toLowerCase() : null;
}

/** Why a list line is not an entry; null when it is one. */
export function appPackageEntryProblem(line: string): string | null {
  const value = line.trim();
  if (value.length === 0) return 'Empty line';
  if (value.length > APP_PACKAGE_MAX_LENGTH) return `Longer than ${APP_PACKAGE_MAX_LENGTH} characters`;
  if (!APP_PACKAGE_ENTRY_PATTERN.test(value)) {
    return 'Not a package name: two or more dot-separated parts of letters, digits or _, each starting with a letter (a trailing .* for a prefix)';
  }
  return null;
}

/**
 * Whether a package is in a list: an entry equal to it, or a prefix entry (`com.example.*`) it lies
 * under. Both sides are compared in lower case.
 */
export function appPackageInList(appPackage: string, entries: readonly string[]): boolean {
  const name = appPackage.toLowerCase();
  for (const raw of entries) {
    const entry = raw.toLowerCase();
    if (entry.endsWith('.*') ? name.startsWith(entry.slice(0, -1)) : name === entry) return true;
  }
  return false;
}

export const zAppPackageEntry = z
  .string()
  .trim()
  .max(APP_PACKAGE_MAX_LENGTH)
  .regex(APP_PACKAGE_ENTRY_PATTERN)
  .transform((value) => value.toLowerCase());

const zAppList = z.array(zAppPackageEntry).max(APP_LIST_MAX_ENTRIES);

/** Days of traffic the list of apps seen covers, and the most apps it lists. */
export const APPS_SEEN_DAYS = 30;
export const APPS_SEEN_MAX = 100;

/** An app seen in the account's traffic: hits that named it over the last APPS_SEEN_DAYS days. */
export const zAppSeen = z.object({
  package: z.string(),
  hits: z.number().int().min(0),
  lastSeenAt: z.string(),
});
export type AppSeen = z.infer<typeof zAppSeen>;

/**
 * GET /api/security/apps: both lists as stored (lower case, each once, in the order entered) and the
 * apps seen in the account's traffic, most hits first.
 */
export const zAppSecurity = z.object({
  allowed: z.array(z.string()),
  blocked: z.array(z.string()),
  seen: z.array(zAppSeen),
});
export type AppSecurity = z.infer<typeof zAppSecurity>;

/**
 * PUT /api/security/apps replaces both lists. A package on both is refused: blocking wins at
 * detection, so such an allow entry would only mislead.
 */
export const zAppSecurityUpdate = z
  .object({ allowed: zAppList, blocked: zAppList })
  .superRefine((body, context) => {
    const blocked = new Set(body.blocked);
    body.allowed.forEach((entry, index) => {
      if (blocked.has(entry)) {
        context.addIssue({ code: 'custom', path: ['allowed', index], message: 'Also on the blocked list' });
      }
    });
  });
export type AppSecurityUpdate = z.input<typeof zAppSecurityUpdate>;
