import { S2S_CONVERSIONS_PATH, S2S_HITS_PATH } from '@veracity/contracts/s2s';
import fc from 'fast-check';
import {
  CHROME,
  chromeSignals,
  collect,
  eventId,
  HOME_IP,
  type IngestTenant,
  s2s,
  sensorConversion,
  sensorHit,
  storedRows,
} from './ingest-fixtures.js';
import type { TestApp } from './test-app.js';

/**
 * The property of issue 31: random strings from the whole Unicode range in every text field of every
 * ingestion path (sensor page views and conversions, S2S hits and conversions), then a read-back: every
 * acknowledged id is stored, and each stored string equals what was sent after the documented
 * normalisation (unpaired surrogates become U+FFFD; nothing else changes). The server test runs it with
 * a fixed seed and with a random one; `npm run bench -- ingest-text` runs 10,000 cases.
 */

/** Characters that broke or could break a store, always among the generated ones. */
const HAZARDS = [
  '\ud800', // lone high surrogate
  '\udbff',
  '\udc00', // lone low surrogate
  '\udfff',
  '\udc00\ud800', // reversed pair
  '\ufeff', // byte order mark
  '\u0000', // NUL
  '\u0001',
  '\u007f',
  '\ufffe', // non-characters
  '\uffff',
  '\ufdd0',
  '\u{10ffff}',
  '\u{1fffe}',
  '\u2028',
  '\\',
  '"',
  "'",
  '%',
  '\ud83d\ude00', // a real pair
];

/** One UTF-16 unit sequence: a hazard, any code point (surrogates included), or plain ASCII. */
const unit = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...HAZARDS) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)) },
  { weight: 2, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
);
const text = (minLength = 0) => fc.string({ unit, minLength, maxLength: 24 });

const caseArbitrary = fc.record({
  url: text(1),
  referrer: text(),
  title: text(),
  utm: text(),
  clickId: text(),
  signalText: text(),
  conversionName: text(1),
  s2sUrlPath: text(),
  userAgent: text(),
  s2sReferrer: text(),
  subPublisher: text(),
  var1: text(),
  var20: text(),
  acceptLanguage: text(),
  s2sConversionName: text(1),
});
type Case = typeof caseArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The documented normalisation (docs/integration.md, "Text as sent"). */
export const normalised = (value: string) => value.toWellFormed();

export interface PropertyCounts {
  /** Events sent (four a case). */
  sent: number;
  /** Events answered 2xx. */
  acknowledged: number;
  /** Events answered 400 (refused with a reason). */
  refused: number;
  /** Acknowledged ids found in the store. */
  stored: number;
  /** Stored strings that differ from what was sent, normalised (and ids not stored). */
  mismatches: string[];
}

interface Expected {
  table: 'hits' | 'conversions';
  id: string;
  columns: Record<string, string | null>;
}

/**
 * Runs `numRuns` random cases (from `seed`, or a random seed it answers) against the test app: throws
 * on the first answer outside 2xx and 400, then reads every acknowledged event back.
 */
export async function runIngestTextProperty(
  t: TestApp,
  tenant: IngestTenant,
  options: { seed?: number; numRuns: number },
): Promise<PropertyCounts & { seed: number }> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const counts: PropertyCounts = { sent: 0, acknowledged: 0, refused: 0, stored: 0, mismatches: [] };
  const expected: Expected[] = [];
  const answered = (status: number, what: string, sentCase: Case) => {
    counts.sent += 1;
    if (status >= 200 && status < 300) {
      counts.acknowledged += 1;
      return true;
    }
    if (status === 400) {
      counts.refused += 1;
      return false;
    }
    throw new Error(`${what} answered ${status} for ${JSON.stringify(sentCase)}`);
  };
  await fc.assert(
    fc.asyncProperty(caseArbitrary, async (sent) => {
      const hit = sensorHit(tenant, {
        url: sent.url,
        referrer: sent.referrer,
        title: sent.title,
        utm: { source: sent.utm, medium: sent.utm, campaign: sent.utm, term: sent.utm, content: sent.utm },
        clickIds: { gclid: sent.clickId, fbclid: sent.clickId },
        signals: {
          ...chromeSignals(),
          userAgent: sent.signalText,
          platform: sent.signalText,
          timezone: sent.signalText,
          languages: [sent.signalText],
          webgl: { vendor: sent.signalText, renderer: sent.signalText },
        },
      });
      if (answered((await collect(t, hit)).statusCode, 'a page view', sent)) {
        expected.push({
          table: 'hits',
          id: hit.eventId,
          columns: {
            url: normalised(sent.url),
            referrer: sent.referrer === '' ? null : normalised(sent.referrer),
          },
        });
      }
      const conversion = sensorConversion(tenant, hit, { name: sent.conversionName, id: sent.title });
      if (answered((await collect(t, conversion)).statusCode, 'a sensor conversion', sent)) {
        expected.push({
          table: 'conversions',
          id: conversion.eventId,
          columns: { name: normalised(sent.conversionName) },
        });
      }
      const s2sHit = {
        id: eventId('s2s'),
        ip: HOME_IP,
        userAgent: sent.userAgent,
        url: `https://shop.example.com/${sent.s2sUrlPath}`,
        referrer: sent.s2sReferrer,
        subPublisher: sent.subPublisher,
        vars: { var1: sent.var1, var20: sent.var20 },
        headers: { 'accept-language': sent.acceptLanguage, 'sec-ch-ua': sent.acceptLanguage },
      };
      const s2sAnswer = await s2s(t, tenant, S2S_HITS_PATH, s2sHit);
      if (answered(s2sAnswer.statusCode, 'an S2S hit', sent)) {
        expected.push({
          table: 'hits',
          id: s2sHit.id,
          columns: {
            url: normalised(s2sHit.url),
            user_agent: sent.userAgent === '' ? null : normalised(sent.userAgent),
            referrer: sent.s2sReferrer === '' ? null : normalised(sent.s2sReferrer),
            sub_publisher: normalised(sent.subPublisher),
            var1: normalised(sent.var1),
            var20: normalised(sent.var20),
          },
        });
      }
      const s2sConversion = {
        id: eventId('s2c'),
        ip: HOME_IP,
        userAgent: `${CHROME}${sent.userAgent}`,
        name: sent.s2sConversionName,
      };
      if (
        answered(
          (await s2s(t, tenant, S2S_CONVERSIONS_PATH, s2sConversion)).statusCode,
          'an S2S conversion',
          sent,
        )
      ) {
        expected.push({
          table: 'conversions',
          id: s2sConversion.id,
          columns: { name: normalised(sent.s2sConversionName) },
        });
      }
    }),
    { numRuns: options.numRuns, seed, endOnFailure: true },
  );
  for (const table of ['hits', 'conversions'] as const) {
    const wanted = expected.filter((event) => event.table === table);
    const rows = await storedRows(
      t,
      table,
      wanted.map((event) => event.id),
    );
    for (const event of wanted) {
      const row = rows.get(event.id);
      if (!row) {
        counts.mismatches.push(
          `${table} ${event.id}: acknowledged, not stored (sent ${JSON.stringify(event.columns)})`,
        );
        continue;
      }
      counts.stored += 1;
      for (const [column, value] of Object.entries(event.columns)) {
        if (row[column] !== value) {
          counts.mismatches.push(
            `${table} ${event.id} ${column}: sent ${JSON.stringify(value)}, stored ${JSON.stringify(row[column])}`,
          );
        }
      }
    }
  }
  return { ...counts, seed };
}
