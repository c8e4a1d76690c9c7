/**
 * The Google Ads linking round trip's return parameters and the never-exclude address check (issue 33),
 * shared by the dashboard's setup screens and the server's routes (the connect body is in google-ads.ts).
 */

/**
 * The query parameter the OAuth callback adds to the return path: "connected", or "error" with the
 * reason in GOOGLE_ADS_RETURN_REASON_PARAM (Google's error code, e.g. "access_denied").
 */
export const GOOGLE_ADS_RETURN_PARAM = 'googleAds';
export const GOOGLE_ADS_RETURN_REASON_PARAM = 'reason';
export const GOOGLE_ADS_RETURN_VALUES = ['connected', 'error'] as const;

function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(part));
}

function isIpv6(value: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(value)) return false;
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const all = [...head, ...tail];
  // An embedded IPv4 address (::ffff:192.0.2.1) may only end the address, and counts as two groups.
  const last = all[all.length - 1] ?? '';
  const embedded = last.includes('.');
  if (embedded && !isIpv4(last)) return false;
  const hex = embedded ? all.slice(0, -1) : all;
  if (!hex.every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return false;
  const count = hex.length + (embedded ? 2 : 0);
  return halves.length === 2 ? count <= 7 : count === 8;
}

/**
 * Whether a value is one IPv4 or IPv6 address with an optional CIDR range (IPv4 /0-32, IPv6 /0-128):
 * the spec's strict "IPv4 or IPv6 range" pattern, which Google's ipBlock criterion accepts.
 */
export function isStrictIpOrCidr(value: string): boolean {
  const [address = '', mask, ...rest] = value.trim().split('/');
  if (rest.length > 0) return false;
  const version = isIpv4(address) ? 4 : isIpv6(address) ? 6 : null;
  if (version === null) return false;
  if (mask === undefined) return true;
  if (!/^(?:0|[1-9]\d{0,2})$/.test(mask)) return false;
  return Number(mask) <= (version === 4 ? 32 : 128);
}
