import type { SensorHit } from '@veracity/contracts/collect';
import type { DomainSecurity, DomainSecurityUpdate, SeenDomains } from '@veracity/contracts/domain-security';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../storage/events/sql.js';
import { eventStoreEngines } from '../../test-support/event-store-engines.js';
import { accountToken, call, createTenant } from '../../test-support/fixtures.js';
import {
  collect,
  type IngestApp,
  type IngestTenant,
  ingestAppPerTest,
  sensorHit,
  startIngestApp,
} from '../../test-support/ingest-fixtures.js';
import type { TestApp } from '../../test-support/test-app.js';

let ctx: IngestApp;

const NONE: DomainSecurityUpdate = { excludedReferrers: [], sensorDomains: [], foreignDomainAction: 'flag' };

/** A page view sent through the public collection endpoint; its stored verdict. */
async function judged(changes: Partial<SensorHit>, app: IngestApp = ctx) {
  const hit = sensorHit(app.tenant, changes);
  const response = await collect(app.t, hit);
  expect(response.statusCode).toBe(200);
  await app.t.stores.journal.drain();
  const rows = await app.t.stores.events.query<{ risk_level: string; threats: string[] }>(
    () => sql`select risk_level, threats from hits where id = ${hit.eventId}`,
  );
  const stored = rows[0];
  if (!stored) throw new Error('hit not stored');
  return { answer: response.json() as { riskLevel: string; exclude: boolean }, ...stored };
}

async function put(token: string, body: unknown) {
  return call(ctx.t, 'PUT', '/security/domains', { token, body });
}

async function auditEntries() {
  return ctx.t.stores.accounts.db
    .selectFrom('audit_log')
    .select(['action', 'detail'])
    .where('relationship_id', '=', ctx.tenant.relationshipId)
    .where('action', '=', 'domain_security.updated')
    .execute();
}

describe('domain security', () => {
  // The collector reads the account's rules again at every event, so a change applies to the next hit.
  ctx = ingestAppPerTest({}, { ingest: { accounts: { ttlMs: 0 } } });

  it('excluding a referring domain makes the next hit it refers network:excluded_domain', async () => {
    const token = await accountToken(ctx.t, ctx.tenant);
    const fromSpam = { referrer: 'https://games.spam.example/play' };
    expect((await judged(fromSpam)).threats).not.toContain('network:excluded_domain');

    const saved = await put(token, { ...NONE, excludedReferrers: ['Spam.Example'] });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as DomainSecurity).excludedReferrers.map((entry) => entry.value)).toEqual([
      'spam.example',
    ]);

    const after = await judged(fromSpam);
    expect(after.threats).toContain('network:excluded_domain');
    expect(after.risk_level).toBe('medium');
    expect((await judged({ referrer: 'https://news.example.org/' })).threats).not.toContain(
      'network:excluded_domain',
    );
    const [entry] = await auditEntries();
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({
      excludedReferrers: 1,
      excludedAdded: 'spam.example',
    });
  });

  it('with sensor domains set, a page on another domain is network:foreign_domain, flagged or excluded', async () => {
    const token = await accountToken(ctx.t, ctx.tenant);
    const elsewhere = { url: 'https://other.example/landing' };
    const onShop = { url: 'https://www.shop.example/landing' };
    expect((await judged(elsewhere)).threats).not.toContain('network:foreign_domain');

    expect((await put(token, { ...NONE, sensorDomains: ['shop.example'] })).statusCode).toBe(200);
    const flagged = await judged(elsewhere);
    expect(flagged.threats).toContain('network:foreign_domain');
    expect(flagged.risk_level).toBe('medium');
    expect(flagged.answer.exclude).toBe(false);
    expect((await judged(onShop)).threats).not.toContain('network:foreign_domain');

    expect(
      (await put(token, { ...NONE, sensorDomains: ['*.shop.example'], foreignDomainAction: 'exclude' }))
        .statusCode,
    ).toBe(200);
    const excluded = await judged(elsewhere);
    expect(excluded.threats).toContain('network:foreign_domain');
    expect(excluded.risk_level).toBe('high');
    expect(excluded.answer).toMatchObject({ riskLevel: 'high', exclude: true });
    expect((await judged(onShop)).threats).not.toContain('network:foreign_domain');

    const entries = await auditEntries();
    expect(entries).toHaveLength(2);
    expect(JSON.parse(entries[1]?.detail ?? '{}')).toMatchObject({
      foreignDomainAction: { from: 'flag', to: 'exclude' },
    });
  });

  it('refuses bad domain patterns with a 400 and writes nothing', async () => {
    const token = await accountToken(ctx.t, ctx.tenant);
    expect((await put(token, { ...NONE, sensorDomains: ['shop.example'] })).statusCode).toBe(200);
    for (const bad of [
      'shop',
      'http://shop.example',
      'shop.example/path',
      'shop.c',
      'shop.toolongsuffix',
      '-a.example',
      '',
    ]) {
      const refused = await put(token, { ...NONE, excludedReferrers: ['good.example', bad] });
      expect(refused.statusCode, bad).toBe(400);
      // The field error names the entry that is no domain.
      expect(refused.body, bad).toContain('excludedReferrers.1');
      expect(refused.body, bad).toContain('NOT_VALID');
    }
    expect((await put(token, { ...NONE, foreignDomainAction: 'block' })).statusCode).toBe(400);
    expect((await put(token, { excludedReferrers: [] })).statusCode).toBe(400);
    const current = (await call(ctx.t, 'GET', '/security/domains', { token })).json() as DomainSecurity;
    expect(current).toMatchObject({ excludedReferrers: [], foreignDomainAction: 'flag' });
    expect(current.sensorDomains.map((entry) => entry.value)).toEqual(['shop.example']);
    expect(await auditEntries()).toHaveLength(1);
  });

  it('keeps a domain once and its creation time across saves', async () => {
    const token = await accountToken(ctx.t, ctx.tenant);
    const first = (
      await put(token, { ...NONE, sensorDomains: ['shop.example', '*.SHOP.example.'] })
    ).json() as DomainSecurity;
    expect(first.sensorDomains).toHaveLength(1);
    const second = (
      await put(token, { ...NONE, sensorDomains: ['shop.example', 'eu.example'] })
    ).json() as DomainSecurity;
    expect(second.sensorDomains.map((entry) => entry.value)).toEqual(['shop.example', 'eu.example']);
    expect(second.sensorDomains[0]?.createdAt).toBe(first.sensorDomains[0]?.createdAt);
  });
});

const EVENT_STORES = eventStoreEngines('seen_domains');

describe.each(EVENT_STORES)('the domains seen, on $name', ({ opener }) => {
  let t: TestApp;
  let tenant: IngestTenant;
  beforeEach(async () => {
    const openEvents = opener();
    ({ t, tenant } = await startIngestApp({}, {}, openEvents ? { openEvents } : {}));
  });
  afterEach(async () => {
    await t.close();
  });

  it("lists the page and referring hosts of the account's hits with their counts, and no other account's", async () => {
    const app = { t, tenant };
    const token = await accountToken(t, tenant);
    await judged({ url: 'https://shop.example/a', referrer: 'https://news.example.org/x' }, app);
    await judged({ url: 'https://shop.example/b', referrer: 'https://News.Example.org/y' }, app);
    await judged({ url: 'https://copy.example:8443/c', referrer: '' }, app);
    const response = await call(t, 'GET', '/security/domains/seen', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      days: 30,
      pages: [
        { host: 'shop.example', hits: 2 },
        { host: 'copy.example', hits: 1 },
      ],
      referrers: [{ host: 'news.example.org', hits: 2 }],
    } satisfies SeenDomains);

    const other = await createTenant(t);
    const foreign = await call(t, 'GET', '/security/domains/seen', {
      token: await accountToken(t, other),
    });
    expect(foreign.json()).toEqual({ days: 30, pages: [], referrers: [] });
  });
});
