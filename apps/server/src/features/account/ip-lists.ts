import { BlockList, isIP } from 'node:net';

/** IPv4-mapped IPv6 addresses (::ffff:203.0.113.9) are compared as the IPv4 they carry. */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** Whether an address falls in any entry (single addresses or CIDR ranges, IPv4 and IPv6). */
export function ipInList(ip: string, values: readonly string[]): boolean {
  const address = normaliseIp(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const value of values) {
    const [base = '', prefix] = value.split('/');
    const baseFamily = isIP(base);
    if (baseFamily === 0) continue;
    const type = baseFamily === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(base, type);
    else list.addSubnet(base, Number(prefix), type);
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
