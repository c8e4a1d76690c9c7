import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../jobs/clock.js';
import { createTenant } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { type OAuthProvider, OAuthRevokedError, type OAuthTokens } from './oauth-provider.js';
import { createSecretBox, SecretBoxError } from './secret-box.js';
import { createTokenStore, OAuthReconnectError, REFRESH_MARGIN_MS, type TokenStore } from './token-store.js';

/**
 * The token store on a real accounts database. The provider here is a scripted OAuthProvider: the
 * store's own behaviour (sealing, when to refresh, one refresh for concurrent callers, reconnect) is
 * what is tested; the OAuth client against the local fake is tested with the client.
 */
const SECRET = 'x'.repeat(40);

interface Script {
  refreshes: string[];
  revokes: string[];
  next: () => Promise<OAuthTokens>;
  revokeFails?: boolean;
}

function scripted(script: Script): OAuthProvider {
  return {
    authorizeUrl: () => 'https://consent.example/',
    exchangeCode: () => Promise.reject(new Error('unused')),
    refresh: async (refreshToken) => {
      script.refreshes.push(refreshToken);
      return script.next();
    },
    revoke: async (token) => {
      script.revokes.push(token);
      if (script.revokeFails) throw new Error(`revoke refused for ${token}`);
    },
  };
}

let t: TestApp;
let clock: VirtualClock;
let relationshipId: number;

beforeAll(async () => {
  t = await startTestApp();
  clock = new VirtualClock(new Date('2026-11-20T10:00:00.000Z'));
  relationshipId = (await createTenant(t)).relationshipId;
});

afterAll(async () => {
  await t.close();
});

const db = () => t.stores.accounts.db;

function storeWith(script: Script, log: FastifyBaseLogger = t.app.log): TokenStore {
  return createTokenStore({
    db: db(),
    secretKey: SECRET,
    providers: { google_ads: scripted(script) },
    log,
    clock,
  });
}

async function connect(store: TokenStore, expiresInMs: number): Promise<void> {
  await store.save({
    relationshipId,
    provider: 'google_ads',
    tokens: {
      accessToken: 'ya29.first-access',
      refreshToken: '1//first-refresh',
      expiresAt: new Date(clock.now().getTime() + expiresInMs),
      scopes: ['https://www.googleapis.com/auth/adwords'],
    },
    connectedBy: null,
  });
}

describe('the secret box', () => {
  it('opens what it sealed, only for its own purpose and secret, and refuses tampering', () => {
    const box = createSecretBox(SECRET, 'oauth:google_ads:refresh');
    const sealed = box.seal('1//refresh');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('refresh');
    expect(box.seal('1//refresh')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('1//refresh');
    expect(() => createSecretBox(SECRET, 'oauth:google_ads:access').open(sealed)).toThrow(SecretBoxError);
    expect(() => createSecretBox('y'.repeat(40), 'oauth:google_ads:refresh').open(sealed)).toThrow(
      SecretBoxError,
    );
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow(SecretBoxError);
    expect(() => box.open(`v9.${parts.slice(1).join('.')}`)).toThrow(SecretBoxError);
  });
});

describe('the token store', () => {
  it('keeps no token in plain text in the database', async () => {
    const store = storeWith({ refreshes: [], revokes: [], next: () => Promise.reject(new Error('unused')) });
    await connect(store, 3600_000);
    const row = await db().selectFrom('oauth_connections').selectAll().executeTakeFirstOrThrow();
    const text = JSON.stringify(row);
    expect(text).not.toContain('first-access');
    expect(text).not.toContain('first-refresh');
    expect(row.status).toBe('connected');
    expect(await store.accessToken(relationshipId, 'google_ads')).toBe('ya29.first-access');
  });

  it('refreshes an access token about to expire once for concurrent callers, and keeps a rotated refresh token', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const script: Script = {
      refreshes: [],
      revokes: [],
      next: async () => {
        await gate;
        return {
          accessToken: 'ya29.second-access',
          refreshToken: '1//second-refresh',
          expiresAt: new Date(clock.now().getTime() + 3600_000),
          scopes: [],
        };
      },
    };
    const store = storeWith(script);
    await connect(store, REFRESH_MARGIN_MS - 1000);
    const callers = Array.from({ length: 8 }, () => store.accessToken(relationshipId, 'google_ads'));
    // The gate stays shut a while after the first refresh began: a store without single flight would
    // have every caller reach the provider meanwhile (the correct store passes however long this is).
    const deadline = Date.now() + 10_000;
    while (script.refreshes.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 100));
    release();
    expect(await Promise.all(callers)).toEqual(Array(8).fill('ya29.second-access'));
    expect(script.refreshes).toEqual(['1//first-refresh']);
    // Saved: a new store (another request) uses it without refreshing.
    const later = storeWith({
      refreshes: [],
      revokes: [],
      next: () => Promise.reject(new Error('no refresh')),
    });
    expect(await later.accessToken(relationshipId, 'google_ads')).toBe('ya29.second-access');
    clock.set(new Date(clock.now().getTime() + 3600_000));
    const third: Script = {
      refreshes: [],
      revokes: [],
      next: async () => ({
        accessToken: 'ya29.third',
        expiresAt: new Date(clock.now().getTime() + 3600_000),
        scopes: [],
      }),
    };
    expect(await storeWith(third).accessToken(relationshipId, 'google_ads')).toBe('ya29.third');
    expect(third.refreshes).toEqual(['1//second-refresh']);
  });

  it('turns a refused grant into "reconnect" and stops asking the provider', async () => {
    const script: Script = {
      refreshes: [],
      revokes: [],
      next: () => Promise.reject(new OAuthRevokedError('invalid_grant')),
    };
    const store = storeWith(script);
    await connect(store, 0);
    await expect(store.accessToken(relationshipId, 'google_ads')).rejects.toBeInstanceOf(OAuthReconnectError);
    expect(await store.status(relationshipId, 'google_ads')).toBe('reconnect');
    await expect(store.accessToken(relationshipId, 'google_ads')).rejects.toBeInstanceOf(OAuthReconnectError);
    expect(script.refreshes).toHaveLength(1);
    // Connecting again replaces the grant.
    await connect(store, 3600_000);
    expect(await store.status(relationshipId, 'google_ads')).toBe('connected');
  });

  it('does not mark "reconnect" on a passing failure (network, 5xx)', async () => {
    const script: Script = {
      refreshes: [],
      revokes: [],
      next: () => Promise.reject(new Error('socket hang up')),
    };
    const store = storeWith(script);
    await connect(store, 0);
    await expect(store.accessToken(relationshipId, 'google_ads')).rejects.toThrow('socket hang up');
    expect(await store.status(relationshipId, 'google_ads')).toBe('connected');
  });

  it('revokes the refresh token and deletes the connection, even when revoking fails', async () => {
    const script: Script = {
      refreshes: [],
      revokes: [],
      next: () => Promise.reject(new Error('unused')),
      revokeFails: true,
    };
    const store = storeWith(script);
    await connect(store, 3600_000);
    expect(await store.revokeAndDelete(relationshipId, 'google_ads')).toBe(true);
    expect(script.revokes).toEqual(['1//first-refresh']);
    expect(await store.status(relationshipId, 'google_ads')).toBe('none');
    expect(await store.revokeAndDelete(relationshipId, 'google_ads')).toBe(false);
  });

  it('keeps a grant without a refresh token (Meta, TikTok) until it ends, then asks for a reconnect', async () => {
    const script: Script = { refreshes: [], revokes: [], next: () => Promise.reject(new Error('unused')) };
    const store = createTokenStore({
      db: db(),
      secretKey: SECRET,
      providers: { meta_ads: scripted(script), google_ads: scripted(script) },
      log: t.app.log,
      clock,
    });
    const grant = (expiresInMs: number) => ({
      accessToken: 'EAAB-long-lived',
      expiresAt: new Date(clock.now().getTime() + expiresInMs),
      scopes: ['ads_management'],
    });
    // Google's grant needs a refresh token; Meta's has none.
    await expect(
      store.save({ relationshipId, provider: 'google_ads', tokens: grant(3600_000), connectedBy: null }),
    ).rejects.toBeInstanceOf(OAuthReconnectError);
    await store.save({
      relationshipId,
      provider: 'meta_ads',
      tokens: grant(60 * 86_400_000),
      connectedBy: null,
    });
    expect(await store.accessToken(relationshipId, 'meta_ads')).toBe('EAAB-long-lived');
    const row = await db()
      .selectFrom('oauth_connections')
      .selectAll()
      .where('provider', '=', 'meta_ads')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('EAAB-long-lived');
    // The platform refused it early: no refresh to try, the account reconnects.
    await expect(store.renewAccessToken(relationshipId, 'meta_ads')).rejects.toBeInstanceOf(
      OAuthReconnectError,
    );
    expect(await store.status(relationshipId, 'meta_ads')).toBe('reconnect');
    expect(script.refreshes).toEqual([]);
    // Disconnecting revokes what there is: the access token (gone after the refusal: nothing to revoke).
    await store.save({ relationshipId, provider: 'meta_ads', tokens: grant(3600_000), connectedBy: null });
    expect(await store.revokeAndDelete(relationshipId, 'meta_ads')).toBe(true);
    expect(script.revokes).toEqual(['EAAB-long-lived']);
  });

  it('logs what happened to a connection, never a token', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) }) as FastifyBaseLogger;
    const refused: Script = {
      refreshes: [],
      revokes: [],
      next: () => Promise.reject(new OAuthRevokedError('invalid_grant for 1//first-refresh')),
      revokeFails: true,
    };
    const store = storeWith(refused, log);
    await connect(store, 0);
    await expect(store.accessToken(relationshipId, 'google_ads')).rejects.toBeInstanceOf(OAuthReconnectError);
    await connect(store, 0);
    await store.revokeAndDelete(relationshipId, 'google_ads');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const text = lines.join('');
    expect(text).toContain('reconnect');
    expect(text).not.toContain('first-refresh');
    expect(text).not.toContain('first-access');
  });
});
