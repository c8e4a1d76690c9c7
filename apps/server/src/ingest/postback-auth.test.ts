import { describe, expect, it } from 'vitest';
import type { StoredPostbackSecurity } from '../accounts/postback-security.repo.js';
import { canonicalPostbackQuery, postbackSecret, postbackSignature } from '../postbacks/postback-secret.js';
import { signingSecretBox } from '../postbacks/postback-signing-secrets.js';
import { PostbackAuth } from './postback-auth.js';

const INSTANCE = 'an-instance-secret-of-at-least-32-characters';
const RELATIONSHIP = 7;

function auth(resolved: Record<string, string[]> = {}) {
  const asked: string[] = [];
  const checker = new PostbackAuth(INSTANCE, async (domain) => {
    asked.push(domain);
    const addresses = resolved[domain];
    if (!addresses) throw new Error('ENOTFOUND');
    return addresses;
  });
  return { checker, asked };
}

const from = (sourceIp: string, allowedAddresses: string[]) => ({
  relationshipId: RELATIONSHIP,
  sourceIp,
  params: [
    ['k', 'key'],
    ['clickid', 'c1'],
  ] as [string, string][],
  allowedAddresses,
});

describe('postback authentication by address', () => {
  it('accepts an address listed, or inside a listed range, IPv4 and IPv6', async () => {
    const { checker } = auth();
    const allowed = ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'];
    for (const ip of ['203.0.113.7', '198.51.100.250', '2001:db8:1::5', '::ffff:198.51.100.3']) {
      expect(await checker.check(from(ip, allowed)), ip).toEqual({ accepted: true, by: 'address' });
    }
    for (const ip of ['203.0.113.8', '198.51.101.1', '2001:db9::1', '127.0.0.1']) {
      expect((await checker.check(from(ip, allowed))).accepted, ip).toBe(false);
    }
  });

  it('resolves a listed domain (a URL is read as its host) and matches the addresses it answers', async () => {
    const { checker, asked } = auth({ 'tracker.example': ['192.0.2.10', '2001:db8::10'] });
    const allowed = ['https://tracker.example/postback', 'gone.example'];
    expect(await checker.check(from('192.0.2.10', allowed))).toEqual({ accepted: true, by: 'address' });
    expect(await checker.check(from('2001:db8::10', allowed))).toEqual({ accepted: true, by: 'address' });
    expect((await checker.check(from('192.0.2.11', allowed))).accepted).toBe(false);
    // Each domain is resolved once while its answer is fresh, a failed one included.
    expect(asked.filter((domain) => domain === 'tracker.example')).toHaveLength(1);
    expect(asked.filter((domain) => domain === 'gone.example')).toHaveLength(1);
  });

  it('refuses everyone when nothing is listed and nothing is signed, saying what to do', async () => {
    const refused = await auth().checker.check(from('203.0.113.7', []));
    expect(refused).toEqual({
      accepted: false,
      message:
        'Postbacks from 203.0.113.7 are not allowed: send them from an allowed postback address of the traffic source, or sign them (sig)',
    });
  });
});

describe('postback authentication by signature', () => {
  const params: [string, string][] = [
    ['clickid', 'c 1&x'],
    ['payout', '2.5'],
    ['k', 'key'],
    ['extra', 'kept'],
  ];
  const secret = postbackSecret(INSTANCE, RELATIONSHIP);

  it('signs the canonical query: every parameter but sig, sorted, URL-encoded', () => {
    expect(canonicalPostbackQuery([...params, ['sig', 'ignored']])).toBe(
      'clickid=c%201%26x&extra=kept&k=key&payout=2.5',
    );
    expect(postbackSignature(secret, params)).toMatch(/^[0-9a-f]{64}$/);
    expect(postbackSignature(secret, [...params].reverse())).toBe(postbackSignature(secret, params));
  });

  it('derives one secret per account from the instance secret, the same after a restart', () => {
    expect(postbackSecret(INSTANCE, RELATIONSHIP)).toBe(secret);
    expect(postbackSecret(INSTANCE, RELATIONSHIP + 1)).not.toBe(secret);
    expect(postbackSecret(`${INSTANCE}-rotated`, RELATIONSHIP)).not.toBe(secret);
  });

  it('accepts a valid signature (any case) from any address; refuses a changed parameter or a malformed sig', async () => {
    const { checker } = auth();
    const sig = postbackSignature(secret, params);
    const request = (signed: [string, string][]) => ({
      relationshipId: RELATIONSHIP,
      sourceIp: '192.0.2.99',
      params: signed,
      allowedAddresses: [],
    });
    expect(await checker.check(request([...params, ['sig', sig]]))).toEqual({
      accepted: true,
      by: 'signature',
    });
    expect(await checker.check(request([...params, ['sig', sig.toUpperCase()]]))).toMatchObject({
      accepted: true,
    });
    const changed: [string, string][] = [...params.slice(0, 1), ['payout', '250'], ...params.slice(2)];
    expect(await checker.check(request([...changed, ['sig', sig]]))).toEqual({
      accepted: false,
      message: 'The postback signature (sig) does not match its parameters',
    });
    expect((await checker.check(request([...params, ['sig', sig.slice(0, 10)]]))).accepted).toBe(false);
    // Another account's relationship does not accept this account's signature.
    expect((await checker.check({ ...request([...params, ['sig', sig]]), relationshipId: 8 })).accepted).toBe(
      false,
    );
  });

  it('accepts no signature on a server without the instance secret', async () => {
    const sig = postbackSignature(secret, params);
    const refused = await new PostbackAuth(undefined).check({
      relationshipId: RELATIONSHIP,
      sourceIp: '192.0.2.99',
      params: [...params, ['sig', sig]],
      allowedAddresses: [],
    });
    expect(refused.accepted).toBe(false);
  });
});

describe('postback authentication with the account’s postback security settings (issue 40)', () => {
  const params: [string, string][] = [
    ['k', 'key'],
    ['clickid', 'c1'],
  ];
  const box = signingSecretBox(INSTANCE);
  const derived = postbackSecret(INSTANCE, RELATIONSHIP);
  const settings = (changes: Partial<StoredPostbackSecurity> = {}): StoredPostbackSecurity => ({
    sources: [],
    requireSigned: false,
    secretSealed: null,
    secretFingerprint: null,
    secretCreatedAt: null,
    previousSealed: null,
    previousFingerprint: null,
    previousExpiresAt: null,
    ...changes,
  });
  const signed = (secret: string): [string, string][] => [
    ...params,
    ['sig', postbackSignature(secret, params)],
  ];
  const NOW = new Date('2026-11-29T12:00:00.000Z');
  const check = (
    checker: PostbackAuth,
    account: StoredPostbackSecurity,
    sent: [string, string][],
    sourceIp = '192.0.2.99',
    now = NOW,
  ) =>
    checker.check({
      relationshipId: RELATIONSHIP,
      sourceIp,
      params: sent,
      allowedAddresses: [],
      account,
      now,
    });

  it('allows the account-wide sources beside the traffic source’s, unless signed postbacks are required', async () => {
    const { checker } = auth();
    expect((await check(checker, settings(), params)).accepted).toBe(false);
    expect(await check(checker, settings({ sources: ['192.0.2.0/24'] }), params)).toEqual({
      accepted: true,
      by: 'address',
    });
    const strict = settings({ sources: ['192.0.2.0/24'], requireSigned: true });
    expect((await check(checker, strict, params)).accepted).toBe(false);
    expect(await check(checker, strict, signed(derived))).toEqual({ accepted: true, by: 'signature' });
  });

  it('accepts the rotated secret, and the previous one only until its overlap ends', async () => {
    const { checker } = auth();
    const account = settings({
      secretSealed: box.seal('the-new-secret'),
      previousSealed: box.seal(derived),
      previousExpiresAt: '2026-11-29T13:00:00.000Z',
    });
    expect((await check(checker, account, signed('the-new-secret'))).accepted).toBe(true);
    expect((await check(checker, account, signed(derived))).accepted).toBe(true);
    const later = new Date('2026-11-29T13:00:00.000Z');
    expect((await check(checker, account, signed(derived), '192.0.2.99', later)).accepted).toBe(false);
    expect((await check(checker, account, signed('the-new-secret'), '192.0.2.99', later)).accepted).toBe(
      true,
    );
  });

  it('refuses, without failing, a signature when the stored secret no longer opens (instance secret changed)', async () => {
    const { checker } = auth();
    const foreign = signingSecretBox('another-instance-secret-of-32-characters!');
    const account = settings({ secretSealed: foreign.seal('old-secret') });
    expect((await check(checker, account, signed('old-secret'))).accepted).toBe(false);
    expect((await check(checker, account, signed(derived))).accepted).toBe(false);
  });
});
