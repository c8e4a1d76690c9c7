import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The address the links of this server carry. PUBLIC_URL when it is set, always. Without it:
 * - links shown in the dashboard (the sensor snippet, the S2S examples, a support log-in) use the
 *   address the request came to: its Host, or X-Forwarded-Host and X-Forwarded-Proto with
 *   TRUST_PROXY. Only the person who sent the request sees them, so a header can mislead no one else.
 * - links in mails sent while answering a request use that request's address only when its Host names
 *   the connection's own local address and port (an IP literal equal to the socket's local address, or
 *   `localhost` over loopback): a password-reset mail can then point at no host but this server's
 *   own, whatever the Host header says. Otherwise, behind a proxy, and for mails sent later (alerts),
 *   `http://localhost:PORT`.
 */

type LinkConfig = Pick<Config, 'publicUrl' | 'publicUrlSet' | 'trustProxy'>;

const HOST_NAME =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const HOST = /^(\[[0-9A-Fa-f:.]{2,45}\]|[^:[\]]{1,253})(?::(\d{1,5}))?$/;

/** A Host value split in name and port, when it is one (a name or IP literal, an optional port). */
function parseHost(value: string): { name: string; port: number | undefined } | undefined {
  const match = HOST.exec(value);
  const name = match?.[1]?.toLowerCase();
  if (!match || name === undefined) return undefined;
  if (!name.startsWith('[') && !HOST_NAME.test(name)) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  return { name, port };
}

function origin(protocol: string, host: { name: string; port: number | undefined }): string {
  return `${protocol}://${host.name}${host.port === undefined ? '' : `:${host.port}`}`;
}

/** The base of links shown in the dashboard in answer to this request. */
export function dashboardBaseUrl(config: LinkConfig, request: FastifyRequest): string {
  if (config.publicUrlSet) return config.publicUrl;
  // `request.host` and `request.protocol` read the forwarded headers only from a trusted proxy.
  const host = parseHost(request.host);
  const protocol = request.protocol;
  if (!host || (protocol !== 'http' && protocol !== 'https')) return config.publicUrl;
  return origin(protocol, host);
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1)$/;

/**
 * The address this request came to when its Host header names the connection's own local address and
 * port; undefined otherwise. Forwarded headers play no part: only the socket decides.
 */
export function connectionOrigin(request: FastifyRequest): string | undefined {
  const socket = request.raw.socket;
  const header = request.headers.host;
  if (typeof header !== 'string' || !socket?.localAddress || !socket.localPort) return undefined;
  const host = parseHost(header);
  if (!host) return undefined;
  const protocol = 'encrypted' in socket && socket.encrypted ? 'https' : 'http';
  if ((host.port ?? (protocol === 'https' ? 443 : 80)) !== socket.localPort) return undefined;
  const local = socket.localAddress.replace(/^::ffff:/, '');
  const named = host.name.replace(/^\[|\]$/g, '');
  const same = named === local || (named === 'localhost' && LOOPBACK.test(local));
  return same ? origin(protocol, host) : undefined;
}

/**
 * The base of links in a mail. `connection` is {@link connectionOrigin} of the request that sends it,
 * when one does; it is not used behind a trusted proxy, where the connection is the proxy's.
 */
export function mailBaseUrl(config: LinkConfig, connection?: string | null): string {
  if (config.publicUrlSet || config.trustProxy || !connection) return config.publicUrl;
  return connection;
}
