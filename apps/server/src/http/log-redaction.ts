import type { FastifyRequest } from 'fastify';

/**
 * What the server log may not hold: the secrets that travel in URLs and headers. Links in mails and the
 * support login-as link carry one-time secrets in their query (reset and verification `hash`,
 * invitation `token` and `invitation`, IP-approval `token`, login-as `t`); API keys and session tokens travel in headers.
 * The log keeps the path and the parameter names, so an operator still sees which flow ran.
 */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose value is secret: any name holding one of these words (an existing user's
 * invitation link is `/auth/login?invitation=<token>`), login-as `t`, and the OAuth callback's `state`
 * (with its `code`: the single-use state identifies the account on the integrations' callback).
 */
const SECRET_PARAMETER = /token|hash|key|secret|passw|pwd|signature|sig$|auth|code|session|otp|ticket|invit/i;
const EXACT_SECRET_PARAMETERS = new Set(['t', 'state']);

function isSecretParameter(name: string): boolean {
  return EXACT_SECRET_PARAMETERS.has(name.toLowerCase()) || SECRET_PARAMETER.test(name);
}

/**
 * The URL with the value of every secret query parameter replaced by `[redacted]`; the rest as
 * received (no re-encoding, so a logged URL reads as it was sent). A fragment never reaches the server.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const query = url.slice(queryAt + 1);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as sent.
      }
      return isSecretParameter(name) && equals !== -1 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${redacted}`;
}

/** Headers whose value is secret, wherever a log line carries headers. */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-api-key', 'proxy-authorization'];

/** pino redaction paths: request and response headers in any logged object. */
export const LOG_REDACT_PATHS = SECRET_HEADERS.flatMap((header) => [
  `req.headers["${header}"]`,
  `res.headers["${header}"]`,
  `headers["${header}"]`,
  `*.headers["${header}"]`,
]);

/**
 * The request as a log line shows it (Fastify's default fields), with the URL redacted. Headers are not
 * logged; when a line carries them, LOG_REDACT_PATHS hides the secret ones.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
