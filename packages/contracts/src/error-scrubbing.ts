/**
 * What may not leave the dashboard in an error report (spec 02 §8, issue 31 item 24): the traffic it
 * shows (URLs with their query strings, referrers, UTM values, hostnames and IP addresses of tracked
 * visits), e-mail addresses, and tokens (session tokens, reset and verification hashes, login-as
 * links). Reports keep what a developer needs: the error's text with those parts replaced, the
 * dashboard's own paths, and stack frames of the dashboard's own scripts.
 *
 * The rules are deliberately blunt: a string that looks like a hostname is replaced even when it was
 * a property path (`error.message`). A report missing a word costs less than one leaking a customer's
 * traffic.
 */
export const SCRUBBED = {
  url: '[url]',
  query: '[redacted]',
  email: '[email]',
  host: '[host]',
  ip: '[ip]',
  token: '[token]',
} as const;

const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()\\]+/gi;
const QUERY_PATTERN = /([/\w.-])([?#])[^\s"'<>()\\]+/g;
const EMAIL_PATTERN = /[\w.!#$%&*+=^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const IPV4_PATTERN = /(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w.])/g;
/** A run of hex groups and colons: an IPv6 address when it has "::" or three colons or more. */
const IPV6_CANDIDATE = /(?<![\w:.])[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}(?![\w:.])/gi;
const HOST_PATTERN =
  /(?<![\w/.@-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62}(?![\w-])/gi;
/** File names of scripts and styles in stack traces are not hostnames. */
const FILE_EXTENSION = /\.(?:js|mjs|cjs|jsx|ts|tsx|css|map|json|html|svg|png|woff2?)$/i;
/**
 * Bearer headers, and long runs of letters and digits: the server's secrets are 43 characters of
 * base64url, hashes 64 hex digits. Request ids (UUIDs) stay, so a report joins the server's log.
 */
const BEARER_PATTERN = /\bBearer\s+\S+/gi;
const TOKEN_CANDIDATE = /(?<![\w-])[\w-]{32,}(?![\w-])/g;
/** Stands for the dashboard's origin while the other rules run, so that its host and IP stay. */
const OWN_ORIGIN_MARK = '\u0001';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function scrubUrl(raw: string, ownOrigin: string | undefined): string {
  // A URL's own trailing punctuation (a sentence's full stop) is not part of it.
  const trailing = /[.,;:!]+$/.exec(raw)?.[0] ?? '';
  const text = trailing ? raw.slice(0, -trailing.length) : raw;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return SCRUBBED.url + trailing;
  }
  if (ownOrigin === undefined || url.origin !== ownOrigin) return SCRUBBED.url + trailing;
  const rest = url.search || url.hash ? `?${SCRUBBED.query}` : '';
  // The path of the dashboard's own scripts keeps its line and column (":12:34" is part of the path).
  return `${OWN_ORIGIN_MARK}${scrubPath(url.pathname)}${rest}${trailing}`;
}

/** The dashboard's own paths stay, except segments that carry a token. */
function scrubPath(pathname: string): string {
  return pathname.replace(TOKEN_CANDIDATE, scrubToken);
}

function scrubToken(run: string): string {
  if (UUID.test(run)) return run;
  const mixed = /\d/.test(run) && /[a-z]/i.test(run);
  return mixed || run.length >= 40 ? SCRUBBED.token : run;
}

function scrubIpv6(run: string): string {
  const colons = run.split(':').length - 1;
  return (run.includes('::') || colons >= 3) && /[0-9a-f]/i.test(run) ? SCRUBBED.ip : run;
}

/**
 * Replaces, in one piece of text, whatever could be tracked traffic or a secret. `ownOrigin` is the
 * dashboard's origin (`https://app.example.com`): its URLs keep their path; every other URL goes.
 */
export function scrubReportText(text: string, ownOrigin?: string): string {
  return text
    .replaceAll(OWN_ORIGIN_MARK, '')
    .replace(URL_PATTERN, (url) => scrubUrl(url, ownOrigin))
    .replace(QUERY_PATTERN, (_match, before: string) => `${before}?${SCRUBBED.query}`)
    .replace(BEARER_PATTERN, `Bearer ${SCRUBBED.token}`)
    .replace(EMAIL_PATTERN, SCRUBBED.email)
    .replace(IPV4_PATTERN, SCRUBBED.ip)
    .replace(IPV6_CANDIDATE, scrubIpv6)
    .replace(HOST_PATTERN, (host) => (FILE_EXTENSION.test(host) ? host : SCRUBBED.host))
    .replace(TOKEN_CANDIDATE, scrubToken)
    .replaceAll(OWN_ORIGIN_MARK, ownOrigin ?? '');
}

/** A path of the dashboard without its query string and fragment (filters hold tracked values). */
export function scrubReportPath(path: string): string {
  return scrubPath(path.split(/[?#]/, 1)[0] ?? '');
}
