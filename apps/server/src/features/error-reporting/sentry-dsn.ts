/**
 * A Sentry DSN, `https://<public key>@<host>[:port][/path]/<project id>`: the address of a project's
 * ingestion. The dashboard hands it to browsers, so it must carry the public key only, never the
 * legacy secret key (`<public>:<secret>@`).
 */
export interface SentryDsn {
  protocol: 'http' | 'https';
  publicKey: string;
  host: string;
  /** The scheme, host and port reports are posted to (the CSP's connect-src). */
  origin: string;
  projectId: string;
}

export class SentryDsnError extends Error {
  override name = 'SentryDsnError';
}

/** Parses and checks a DSN; throws SentryDsnError with what is wrong. */
export function parseSentryDsn(value: string, { requireHttps }: { requireHttps: boolean }): SentryDsn {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SentryDsnError('must be a Sentry DSN such as https://<key>@o1.ingest.sentry.io/<project>');
  }
  const protocol = url.protocol.replace(/:$/, '');
  if (protocol !== 'https' && protocol !== 'http') throw new SentryDsnError('must be an http(s) URL');
  if (requireHttps && protocol !== 'https') {
    throw new SentryDsnError('must use https in production (reports carry error details)');
  }
  if (!/^[A-Za-z0-9]{16,64}$/.test(url.username)) {
    throw new SentryDsnError('must start with the project key: https://<key>@host/<project>');
  }
  if (url.password) {
    throw new SentryDsnError('must not contain a secret key: browsers receive the DSN');
  }
  const projectId = /\/(\d+)\/?$/.exec(url.pathname)?.[1];
  if (!projectId)
    throw new SentryDsnError('must end with the numeric project id: https://<key>@host/<project>');
  if (url.search || url.hash) throw new SentryDsnError('must not have a query string or fragment');
  return {
    protocol,
    publicKey: url.username,
    host: url.hostname,
    origin: `${url.protocol}//${url.host}`,
    projectId,
  };
}
