/**
 * Macros of the firewall's URLs (issue 34): `{name}` in an offer's landing URL is filled when a click
 * is delivered, in a traffic source's postback URL when a conversion is reported. Each value is
 * URL-encoded where it is put; a macro without a value becomes empty.
 */

export interface FirewallMacro {
  readonly name: string;
  /** Where the macro may be used. */
  readonly in: readonly ('landing' | 'postback')[];
  readonly description: string;
}

const BOTH = ['landing', 'postback'] as const;
const VAR_COUNT = 20;

export const FIREWALL_MACROS: readonly FirewallMacro[] = [
  {
    name: 'clickid',
    in: BOTH,
    description: "Veracity's id of the click; the advertiser posts it back with the conversion",
  },
  {
    name: 'external_id',
    in: BOTH,
    description: "The traffic source's own click id, as the click link got it",
  },
  { name: 'campaign_id', in: BOTH, description: 'The firewall campaign id' },
  { name: 'offer_id', in: BOTH, description: 'The offer id' },
  { name: 'traffic_source_id', in: BOTH, description: 'The traffic source id' },
  { name: 'sub_publisher', in: BOTH, description: "The source's sub-publisher, as the click link got it" },
  ...Array.from({ length: VAR_COUNT }, (_, index) => ({
    name: `var${index + 1}`,
    in: BOTH,
    description: `Custom value ${index + 1}, as the click link got it`,
  })),
  { name: 'country', in: BOTH, description: "The visitor's two-letter country code (WW when unknown)" },
  { name: 'device', in: ['landing'], description: "The visitor's device type (Desktop, Phone, ...)" },
  { name: 'os', in: ['landing'], description: "The visitor's operating system" },
  { name: 'payout', in: ['postback'], description: 'The payout the advertiser reported for the conversion' },
  { name: 'status', in: ['postback'], description: 'The conversion status the advertiser reported' },
  { name: 'conversion_id', in: ['postback'], description: "Veracity's id of the conversion" },
];

export const LANDING_MACROS: readonly string[] = FIREWALL_MACROS.filter((m) => m.in.includes('landing')).map(
  (m) => m.name,
);
export const POSTBACK_MACROS: readonly string[] = FIREWALL_MACROS.filter((m) =>
  m.in.includes('postback'),
).map((m) => m.name);

const MACRO = /\{([A-Za-z0-9_]+)\}/g;

/** The macro names a URL template uses, in order of appearance, each once. */
export function macrosOf(template: string): string[] {
  return [...new Set([...template.matchAll(MACRO)].map((match) => match[1] as string))];
}

/**
 * Whether a value is an absolute http(s) URL whose macros are all in `allowed`, and none of them
 * in the scheme or host (a macro may not choose where the request goes).
 */
export function isMacroUrl(value: string, allowed: readonly string[]): boolean {
  if (!/^https?:\/\/[^/?#{}\s]+(?:[/?#]|$)/i.test(value)) return false;
  if (/\s/.test(value)) return false;
  if (macrosOf(value).some((name) => !allowed.includes(name))) return false;
  // Braces left over (a macro with other characters, an unclosed one) are not a macro.
  const filled = value.replace(MACRO, 'x');
  if (/[{}]/.test(filled)) return false;
  try {
    const url = new URL(filled);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Values of macros by name; a missing one fills as empty. */
export type MacroValues = Readonly<Record<string, string | number | null | undefined>>;

/** A template with its macros filled, each value URL-encoded; unknown or missing values become empty. */
export function fillMacros(template: string, values: MacroValues): string {
  return template.replace(MACRO, (_, name: string) => {
    const value = values[name];
    return value === null || value === undefined ? '' : encodeURIComponent(String(value));
  });
}
