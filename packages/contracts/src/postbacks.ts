import { z } from 'zod';

/**
 * Conversion postbacks to traffic sources (issue 34): the macros a traffic source's postback URL may
 * carry, how they are filled, and the delivery log the dashboard reads. The one list of macro names:
 * the server fills them, the traffic-source form documents them.
 *
 * A macro is a name in braces, matched without regard to case (`{clickid}`, `{clickId}`). Every value
 * is URL-encoded (encodeURIComponent), wherever the macro stands; a known macro without a value
 * becomes empty, an unknown one is left as written.
 */

export const POSTBACK_VAR_COUNT = 20;

const VAR_MACROS = Array.from({ length: POSTBACK_VAR_COUNT }, (_, i) => `var${i + 1}` as const);

export const POSTBACK_MACROS = [
  /** The traffic source's click id, as it came on the click link. */
  'clickid',
  /** The conversion's payout, as the advertiser reported it (a decimal with a point). */
  'payout',
  /** Its currency (ISO 4217), when known. */
  'currency',
  /** The conversion's status, as the advertiser reported it (e.g. approved). */
  'status',
  /** Veracity's id of the conversion. */
  'conversionid',
  'campaignid',
  'offerid',
  'trafficsourceid',
  /** The sub-publisher (placement) the traffic source passed on the click link. */
  'subPublisher',
  ...VAR_MACROS,
] as const;

export type PostbackMacro = (typeof POSTBACK_MACROS)[number];

export type PostbackValues = Partial<Record<PostbackMacro, string | number | null | undefined>>;

const MACRO_BY_LOWER_NAME = new Map<string, PostbackMacro>(
  POSTBACK_MACROS.map((name) => [name.toLowerCase(), name]),
);

const MACRO_PATTERN = /\{([A-Za-z0-9_]{1,40})\}/g;

/** The macro names a URL template uses (known ones, by their canonical name), in order, once each. */
export function postbackMacrosIn(template: string): PostbackMacro[] {
  const found = new Set<PostbackMacro>();
  for (const match of template.matchAll(MACRO_PATTERN)) {
    const macro = MACRO_BY_LOWER_NAME.get((match[1] ?? '').toLowerCase());
    if (macro) found.add(macro);
  }
  return [...found];
}

/** Fills a postback URL template: every known macro replaced by its URL-encoded value (or nothing). */
export function fillPostbackUrl(template: string, values: PostbackValues): string {
  return template.replace(MACRO_PATTERN, (whole, name: string) => {
    const macro = MACRO_BY_LOWER_NAME.get(name.toLowerCase());
    if (!macro) return whole;
    const value = values[macro];
    return value === null || value === undefined ? '' : encodeURIComponent(String(value));
  });
}

export const POSTBACK_URL_MAX_LENGTH = 2048;

/** Stands in for every macro when a template is checked. */
const sampleValues: PostbackValues = Object.fromEntries(POSTBACK_MACROS.map((name) => [name, 'x']));

/**
 * Why a postback URL template cannot be used, or undefined: once its macros are filled it must be an
 * absolute http(s) URL without a user name or password. (Where it points is judged when it is called:
 * the server refuses private and local addresses after resolving the name.)
 */
export function postbackUrlProblem(template: string): string | undefined {
  if (template.length > POSTBACK_URL_MAX_LENGTH)
    return `must be at most ${POSTBACK_URL_MAX_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(fillPostbackUrl(template, sampleValues));
  } catch {
    return 'must be an absolute URL such as https://tracker.example/postback?clickid={clickid}';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  return undefined;
}

/** A postback URL template, as a traffic source's form sends it. */
export const zPostbackUrlTemplate = z.string().superRefine((value, ctx) => {
  const problem = postbackUrlProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * Where one delivery stands:
 * - pending: waiting for its next attempt;
 * - delivered: the traffic source answered 2xx;
 * - rejected: it answered a 4xx that a retry would not change (not 408, 425 or 429);
 * - failed: no 2xx after the most attempts allowed;
 * - refused: the URL's destination is not allowed (private or local address, bad scheme): not retried.
 */
export const zPostbackDeliveryState = z.enum(['pending', 'delivered', 'rejected', 'failed', 'refused']);
export type PostbackDeliveryState = z.infer<typeof zPostbackDeliveryState>;

/** What one attempt came to. */
export const zPostbackAttemptOutcome = z.enum([
  'delivered',
  'http_error',
  'timeout',
  'network_error',
  'refused',
]);
export type PostbackAttemptOutcome = z.infer<typeof zPostbackAttemptOutcome>;

export const zPostbackAttempt = z.object({
  attempt: z.number().int().min(1),
  at: z.string(),
  outcome: zPostbackAttemptOutcome,
  /** The HTTP status, when the traffic source answered. */
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type PostbackAttempt = z.infer<typeof zPostbackAttempt>;

/** One conversion's postback to one traffic source, with every attempt (the delivery log). */
export const zPostbackDelivery = z.object({
  id: z.number().int(),
  conversionId: z.string(),
  trafficSourceId: z.number().int(),
  /** The URL with its macros filled (tracked values: render as text). */
  url: z.string(),
  state: zPostbackDeliveryState,
  attempts: z.number().int().min(0),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.string().nullable(),
  lastHttpStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  log: z.array(zPostbackAttempt),
});
export type PostbackDelivery = z.infer<typeof zPostbackDelivery>;
