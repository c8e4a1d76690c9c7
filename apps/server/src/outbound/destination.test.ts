import { describe, expect, it } from 'vitest';
import { addressProblem, OutboundRefusedError, type Resolver, vetDestination } from './destination.js';

/** A resolver of fixed answers, as a DNS server of the test's choosing would give them. */
function resolverOf(answers: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const addresses = answers[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({
      address,
      family: address.includes(':') ? (6 as const) : (4 as const),
    }));
  };
  return Object.assign(resolve, { calls });
}

async function refusal(url: string, policy = { allowLoopback: false, resolve: resolverOf({}) }) {
  try {
    await vetDestination(url, policy);
  } catch (error) {
    if (error instanceof OutboundRefusedError) return { reason: error.reason, message: error.message };
    throw error;
  }
  return undefined;
}

describe('addressProblem', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['64:ff9b::a9fe:a9fe', 'special-purpose'],
    ['2002:7f00:1::1', 'special-purpose'],
    ['2001:0:4136:e378::1', 'special-purpose'],
    ['2001:db8::1', 'reserved'],
    ['::7f00:1', 'not a global unicast'],
    ['fd00:ec2::254', 'unique-local'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(addressProblem(address, false)).toContain(kind);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(addressProblem(address, false)).toBeUndefined();
  });

  it('allows loopback, and only loopback, with the test-only setting', () => {
    expect(addressProblem('127.0.0.1', true)).toBeUndefined();
    expect(addressProblem('::1', true)).toBeUndefined();
    expect(addressProblem('::ffff:127.0.0.1', true)).toBeUndefined();
    expect(addressProblem('10.0.0.1', true)).toContain('private');
    expect(addressProblem('169.254.169.254', true)).toContain('metadata');
    expect(addressProblem('fc00::1', true)).toContain('unique-local');
  });

  it('refuses what is not an address', () => {
    expect(addressProblem('example.com', false)).toBe('is not an IP address');
    expect(addressProblem('0x7f.1', false)).toBe('is not an IP address');
  });
});

describe('vetDestination', () => {
  it.each([
    ['ftp://example.com/x', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['gopher://example.com/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['http://user:secret@example.com/', 'userinfo'],
    ['http://user@example.com/', 'userinfo'],
    ['not a url', 'invalid_url'],
    ['/relative/path', 'invalid_url'],
  ])('refuses %s (%s)', async (url, reason) => {
    expect((await refusal(url))?.reason).toBe(reason);
  });

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.0.0.1/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://017700000001/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://2852039166/',
    'http://[::ffff:169.254.169.254]/',
    'http://10.0.0.1:8080/',
    'http://0/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://100.64.0.1/',
  ])('refuses the address literal %s without resolving it', async (url) => {
    const resolve = resolverOf({});
    expect((await refusal(url, { allowLoopback: false, resolve }))?.reason).toBe('private_address');
    expect(resolve.calls).toEqual([]);
  });

  it('refuses a name that resolves to a private address, after resolving it', async () => {
    const resolve = resolverOf({
      'internal.example': ['10.0.0.7'],
      'metadata.example': ['169.254.169.254'],
      'v6.example': ['fd00::5'],
      'mapped.example': ['::ffff:192.168.0.1'],
      'localhost.example': ['127.0.0.1'],
    });
    for (const host of Object.keys({
      'internal.example': 1,
      'metadata.example': 1,
      'v6.example': 1,
      'mapped.example': 1,
      'localhost.example': 1,
    })) {
      const refused = await refusal(`https://${host}/pb?x=1`, { allowLoopback: false, resolve });
      expect(refused?.reason, host).toBe('private_address');
      expect(refused?.message).toContain(`${host} resolves to`);
    }
    expect(resolve.calls).toHaveLength(5);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const resolve = resolverOf({ 'mixed.example': ['93.184.216.34', '10.0.0.1'] });
    expect((await refusal('http://mixed.example/', { allowLoopback: false, resolve }))?.reason).toBe(
      'private_address',
    );
  });

  it('refuses a name that does not resolve', async () => {
    const refused = await refusal('http://nowhere.example/');
    expect(refused).toEqual({
      reason: 'unresolvable',
      message: 'nowhere.example did not resolve (ENOTFOUND)',
    });
  });

  it('answers the vetted address of a public name, and loopback only with the test setting', async () => {
    const resolve = resolverOf({
      'tracker.example': ['2606:4700:4700::1111', '93.184.216.34'],
      'receiver.test': ['127.0.0.1'],
    });
    const destination = await vetDestination('https://tracker.example:8443/pb?a=1', {
      allowLoopback: false,
      resolve,
    });
    expect(destination).toMatchObject({
      hostname: 'tracker.example',
      address: '2606:4700:4700::1111',
      family: 6,
    });
    expect((await refusal('http://receiver.test/', { allowLoopback: false, resolve }))?.reason).toBe(
      'private_address',
    );
    await expect(
      vetDestination('http://receiver.test/', { allowLoopback: true, resolve }),
    ).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(vetDestination('http://[::1]:9/', { allowLoopback: true, resolve })).resolves.toMatchObject({
      hostname: '::1',
      address: '::1',
      family: 6,
    });
  });

  it('resolves with the system resolver by default: localhost is judged by what it resolves to', async () => {
    const refused = await vetDestination('http://localhost:9/pb', { allowLoopback: false }).catch(
      (error) => error,
    );
    expect(refused).toBeInstanceOf(OutboundRefusedError);
    expect(refused.reason).toBe('private_address');
    expect(refused.message).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), which is a loopback address$/,
    );
    const allowed = await vetDestination('http://localhost:9/pb', { allowLoopback: true });
    expect(['127.0.0.1', '::1']).toContain(allowed.address);
  });
});
