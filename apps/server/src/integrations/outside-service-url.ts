import { BlockList, isIP } from 'node:net';

/**
 * Whether a URL of an outside service (Google Ads, its OAuth endpoints, the next integrations)
 * points at this machine or a private network: a local fake. Production refuses such a URL, so a
 * deployment cannot be left talking to a fake by a forgotten variable. Names are judged by their
 * text (localhost and *.localhost, *.local, *.internal); a public name that resolves to a private
 * address is not looked up here.
 */

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export function isLocalOrPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(host);
  if (family === 4) return PRIVATE.check(host, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)?.[1];
    return mapped ? PRIVATE.check(mapped, 'ipv4') : PRIVATE.check(host, 'ipv6');
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    !host.includes('.')
  );
}

/** Why a production deployment may not use this URL for an outside service, or undefined. */
export function outsideServiceUrlProblem(url: string): string | undefined {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return 'must use https in production';
  if (isLocalOrPrivateHost(parsed.hostname)) {
    return 'points at this machine or a private network (a local fake), refused in production';
  }
  return undefined;
}
