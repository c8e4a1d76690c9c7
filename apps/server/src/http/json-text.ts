import { ApiError } from './api-error.js';

/**
 * The one rule for text in JSON bodies, shared by ingestion (`ingest/json-body.ts`) and the dashboard's
 * API (docs/api.md, "Text"; docs/integration.md, "Text as sent"): a string that JSON escapes make
 * ill-formed (a lone or reversed UTF-16 surrogate, `"\ud800"`) gets U+FFFD REPLACEMENT CHARACTER in place
 * of each unpaired surrogate, before validation and before the answer, so that what is acknowledged is
 * what is stored.
 */

/** A JSON escape of a UTF-16 surrogate (paired or not): only such a body can hold an ill-formed string. */
export const SURROGATE_ESCAPE = /\\u[dD][89abcdefABCDEF]/;

/** JSON.parse reviver: replaces unpaired surrogates in every string value. */
export function wellFormedStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.toWellFormed() : value;
}

/**
 * The dashboard's rule on top: every string (values and keys) made well-formed, and a NUL refused with
 * 400 `NOT_VALID` on its field (`account.companyName`, `entries.0.note`). The accounts store cannot keep
 * a NUL on PostgreSQL, and no name, note or label of the dashboard needs one. Ingestion keeps NUL, which
 * its stores hold (evidence is stored as sent).
 */
export function dashboardText(value: unknown, path: readonly (string | number)[] = []): unknown {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw notValid(path);
    return value.toWellFormed();
  }
  if (Array.isArray(value)) return value.map((item, index) => dashboardText(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) throw notValid([...path, key]);
      result[key.toWellFormed()] = dashboardText(item, [...path, key]);
    }
    return result;
  }
  return value;
}

function notValid(path: readonly (string | number)[]): ApiError {
  return ApiError.badRequest([{ code: 'NOT_VALID', field: path.join('.') }]);
}
