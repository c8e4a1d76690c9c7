import type { AnalyticsSessions } from '@veracity/contracts/analytics/query';
import type { ConversionsList } from '@veracity/contracts/conversions-list';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventStoreEngines } from '../../test-support/event-store-engines.js';
import { accountToken, call, createTenant } from '../../test-support/fixtures.js';
import {
  chromeSignals,
  collect,
  type IngestTenant,
  sensorConversion,
  sensorHit,
  startIngestApp,
} from '../../test-support/ingest-fixtures.js';
import type { TestApp } from '../../test-support/test-app.js';

/**
 * The conversions list and the visits of an analytics row (issue 36), over both event stores: what the
 * real ingestion path stored, filtered with the report filters, sorted, paged and exported as CSV;
 * another account's events never show.
 */
const AWS_IP = '3.120.10.10';
const HOME_IP = '88.12.40.7';
const EVENT_STORES = eventStoreEngines('lists');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PERIOD = { from: day(-1), to: day(1) };

describe.each(EVENT_STORES)('conversions list and row visits, on $name', ({ opener }) => {
  let t: TestApp;
  let tenant: IngestTenant;
  let token: string;
  let bot: { sessionId: string; conversion: string };
  let person: { sessionId: string; conversion: string };

  beforeEach(async () => {
    const openEvents = opener();
    ({ t, tenant } = await startIngestApp({}, {}, openEvents ? { openEvents } : {}));
    token = await accountToken(t, tenant);
    const visit = async (
      ip: string,
      url: string,
      webdriver: boolean,
      fields: { name: string; value: number },
    ) => {
      const hit = sensorHit(tenant, { url, signals: { ...chromeSignals(), webdriver } });
      expect((await collect(t, hit, { ip })).statusCode).toBe(200);
      const conversion = sensorConversion(tenant, hit, { ...fields, currency: 'EUR' });
      expect((await collect(t, conversion, { ip })).statusCode).toBe(204);
      return { sessionId: hit.sessionId, conversion: conversion.eventId };
    };
    bot = await visit(AWS_IP, 'https://shop.example.com/?gclid=abc', true, {
      name: '=HYPERLINK("x")',
      value: 5,
    });
    person = await visit(HOME_IP, 'https://shop.example.com/?utm_source=news', false, {
      name: 'lead',
      value: 40,
    });
    await t.stores.journal.drain();
  });

  afterEach(async () => {
    await t.close();
  });

  const list = (body: object, as = token) =>
    call(t, 'POST', '/conversions/list', { token: as, body: { ...PERIOD, ...body } });

  it('lists the period’s conversions with their click and assessment, filtered, sorted and paged', async () => {
    const all = await list({});
    expect(all.statusCode, all.body).toBe(200);
    const answer = all.json() as ConversionsList;
    expect(answer.total).toBe(2);
    // Newest first.
    expect(answer.conversions.map((item) => item.id)).toEqual([person.conversion, bot.conversion]);
    expect(answer.conversions[1]).toMatchObject({
      sessionId: bot.sessionId,
      name: '=HYPERLINK("x")',
      value: 5,
      currency: 'EUR',
      trafficType: 'google',
      riskLevel: 'high',
      campaign: null,
    });
    expect(answer.conversions[1]?.threats).toContain('automation:webdriver');
    expect(answer.conversions[0]?.sessionId).toBe(person.sessionId);
    expect(answer.conversions[0]?.riskLevel).not.toBe('high');

    const invalid = (
      await list({ filters: [{ column: 'hitSecurityLevel', type: 'equals', values: ['high'] }] })
    ).json() as ConversionsList;
    expect(invalid.conversions.map((item) => item.id)).toEqual([bot.conversion]);
    expect(invalid.total).toBe(1);

    const byValue = (await list({ sort: { key: 'value', direction: 'asc' } })).json() as ConversionsList;
    expect(byValue.conversions.map((item) => item.value)).toEqual([5, 40]);

    const second = (await list({ page: 2, pageSize: 1 })).json() as ConversionsList;
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.conversions.map((item) => item.id)).toEqual([bot.conversion]);
  });

  it('exports every conversion as formula-safe CSV, 204 when none, with the export permission', async () => {
    const csv = await call(t, 'POST', '/conversions/export', { token, body: PERIOD });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename=".+-conversions\.csv"/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(
      /^Time \(.+\),Conversion,Value,Currency,Channel,Campaign,Google Ads campaign,Security level,Threats,Conversion ID,Session ID$/,
    );
    expect(lines).toHaveLength(3);
    // The tracked name cannot become a formula in a spreadsheet.
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")",5,EUR,Google,,,Invalid,`);
    expect(lines[2]).toContain(bot.sessionId);

    const none = await call(t, 'POST', '/conversions/export', {
      token,
      body: { ...PERIOD, filters: [{ column: 'trafficType', type: 'equals', values: ['tiktok'] }] },
    });
    expect(none.statusCode).toBe(204);

    const viewer = await createTenant(t, { role: 'Viewer' });
    const viewerToken = await accountToken(t, viewer);
    expect(
      (await call(t, 'POST', '/conversions/export', { token: viewerToken, body: PERIOD })).statusCode,
    ).toBe(403);
  });

  it('refuses the status filter without the firewall and bad input, and shows no other account’s conversions', async () => {
    const status = await list({ status: 'paused' });
    expect(status.statusCode).toBe(403);
    expect((await list({ pageSize: 5000 })).statusCode).toBe(400);
    expect((await list({ sort: { key: 'ip', direction: 'asc' } })).statusCode).toBe(400);
    expect((await list({ from: 'yesterday' })).statusCode).toBe(400);

    const other = await createTenant(t);
    const otherList = (await list({}, await accountToken(t, other))).json() as ConversionsList;
    expect(otherList).toMatchObject({ total: 0, conversions: [] });
  });

  it('lists the visits of an analytics row, newest first, one analysis level at a time', async () => {
    const sessions = (body: object) =>
      call(t, 'POST', '/analytics/sessions', { token, body: { ...PERIOD, ...body } });
    const google = await sessions({ dimensions: ['trafficType'], path: ['google'] });
    expect(google.statusCode, google.body).toBe(200);
    const answer = google.json() as AnalyticsSessions;
    expect(answer.total).toBe(1);
    expect(answer.sessions[0]).toMatchObject({
      id: bot.sessionId,
      landingUrl: 'https://shop.example.com/?gclid=abc',
      trafficType: 'google',
      riskLevel: 'high',
      hits: 1,
    });

    const all = (await sessions({})).json() as AnalyticsSessions;
    expect(all.sessions.map((session) => session.id)).toEqual([person.sessionId, bot.sessionId]);
    const legitimate = (await sessions({ riskLevel: 'low' })).json() as AnalyticsSessions;
    expect(legitimate.sessions.map((session) => session.id)).toEqual([person.sessionId]);

    expect((await sessions({ dimensions: ['trafficType'], path: ['google', 'x'] })).statusCode).toBe(400);
    expect((await sessions({ riskLevel: 'severe' })).statusCode).toBe(400);
  });
});

describe('conversions list access', () => {
  let t: TestApp;
  let tenant: IngestTenant;

  beforeEach(async () => {
    ({ t, tenant } = await startIngestApp());
  });

  afterEach(async () => {
    await t.close();
  });

  it('is closed to the Free and Lite plans and to anonymous callers, as are a row’s visits', async () => {
    expect((await call(t, 'POST', '/conversions/list', { body: PERIOD })).statusCode).toBe(401);
    for (const plan of ['free_trial', 'lite'] as const) {
      const small = await createTenant(t, { plan });
      const answer = await call(t, 'POST', '/conversions/list', {
        token: await accountToken(t, small),
        body: PERIOD,
      });
      expect(answer.statusCode, plan).toBe(403);
      // A row's visits are the forensics view's evidence: not on these plans either.
      const visits = await call(t, 'POST', '/analytics/sessions', {
        token: await accountToken(t, small),
        body: PERIOD,
      });
      expect(visits.statusCode, plan).toBe(403);
    }
    expect(
      (await call(t, 'POST', '/conversions/list', { token: await accountToken(t, tenant), body: PERIOD }))
        .statusCode,
    ).toBe(200);
  });
});
