import { FIREWALL_NAME_MAX } from '@veracity/contracts/firewall';

/**
 * The firewall forms check what they send with the same zod bodies the server validates with
 * (packages/contracts/src/firewall.ts: the spec's URL, IP, domain and Google account id patterns), so
 * a field the form accepts is one the server accepts. Each failing field gets its form's message.
 */

export const FIREWALL_FORM_MESSAGES = {
  required: 'Required field',
  nameTooLong: `Use at most ${FIREWALL_NAME_MAX} characters`,
  landingUrl: 'Use an http(s) URL; macros such as {clickid} may stand in the path and query, not in the host',
  postbackUrl:
    'Use an http(s) URL; postback macros such as {external_id} may stand in the path and query, not in the host',
  safePageUrl: 'Use an http(s) URL without macros',
  postbackAddress: 'Not an IP address, range, domain or URL',
  googleAccountId: 'Use a Google Ads account id of 10 or 11 digits, e.g. 123-456-7890',
  googleCampaignId: 'Use only numeric values',
} as const;

export type FieldErrors = Record<string, string>;

/** What the forms need of a contracts body schema (a zod object): its safeParse. */
interface BodySchema {
  safeParse(
    input: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; code: string }[] } };
}

/**
 * Field errors of a body: the first failing path of each field (`security.safePageUrl` for a nested
 * one, `allowedPostbackAddresses` for an item of a list), with the message `messageOf` gives.
 */
export function fieldErrors(
  schema: BodySchema,
  body: unknown,
  messageOf: (field: string, code: string) => string,
): FieldErrors {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.filter((part) => typeof part === 'string').join('.');
    if (field && !(field in errors)) errors[field] = messageOf(field, issue.code);
  }
  return errors;
}

/** The name rule every firewall form shares: required, at most the contracts' length. */
export function nameMessage(code: string): string {
  return code === 'too_big' ? FIREWALL_FORM_MESSAGES.nameTooLong : FIREWALL_FORM_MESSAGES.required;
}

/** Lines of a textarea as a list: trimmed, blanks dropped. */
export function linesOf(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Macros as a hint shows them: `{clickid} {external_id} … {var1}…{var20}`. */
export function macroHint(macros: readonly string[]): string {
  const vars = macros.filter((name) => /^var\d+$/.test(name));
  const others = macros.filter((name) => !/^var\d+$/.test(name)).map((name) => `{${name}}`);
  if (vars.length > 1) others.push(`{${vars[0]}}…{${vars[vars.length - 1]}}`);
  else others.push(...vars.map((name) => `{${name}}`));
  return others.join(' ');
}
