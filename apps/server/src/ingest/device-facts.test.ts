import { describe, expect, it } from 'vitest';
import { hitTable, validateBatch } from '../storage/events/event-columns.js';
import { makeHit } from '../storage/events/event-store.fixtures.js';
import {
  deviceFactsOf,
  engagementRow,
  MAX_LANGUAGE_LENGTH,
  MAX_LANGUAGES,
  MAX_TIME_ZONE_LENGTH,
} from './device-facts.js';

describe("a hit's device facts", () => {
  it('are null without sensor signals, and for each signal the sensor did not send', () => {
    const none = { screenWidth: null, screenHeight: null, timeZone: null, languages: null };
    expect(deviceFactsOf(null)).toEqual(none);
    expect(deviceFactsOf({})).toEqual(none);
    expect(deviceFactsOf({ languages: [] })).toEqual({ ...none, languages: '[]' });
  });

  it('keep the screen in whole pixels and the strings as the browser named them', () => {
    expect(
      deviceFactsOf({
        screen: { width: 412.5, height: 915.2 },
        timezone: 'America/Argentina/Buenos_Aires',
        languages: ['es-AR', '"quoted", odd'],
      }),
    ).toEqual({
      screenWidth: 413,
      screenHeight: 915,
      timeZone: 'America/Argentina/Buenos_Aires',
      languages: '["es-AR","\\"quoted\\", odd"]',
    });
  });

  it('cut the browser strings to their bounds without splitting a character, so the store takes the hit', () => {
    const emoji = '\u{1f600}';
    const facts = deviceFactsOf({
      timezone: `${'x'.repeat(MAX_TIME_ZONE_LENGTH - 1)}${emoji}tail`,
      languages: Array.from(
        { length: MAX_LANGUAGES + 5 },
        () => `${'y'.repeat(MAX_LANGUAGE_LENGTH - 1)}${emoji}`,
      ),
    });
    expect(facts.timeZone).toHaveLength(MAX_TIME_ZONE_LENGTH);
    expect(facts.timeZone?.isWellFormed()).toBe(true);
    const languages = JSON.parse(facts.languages ?? '') as string[];
    expect(languages).toHaveLength(MAX_LANGUAGES);
    expect(languages.every((tag) => tag.length === MAX_LANGUAGE_LENGTH && tag.isWellFormed())).toBe(true);
    expect(() => validateBatch(hitTable, [makeHit({ id: 'h1', ...facts })])).not.toThrow();
  });
});

describe("a page view's engagement row", () => {
  const hit = makeHit({ id: 'hit-1', sessionId: 'session-1' });
  const at = new Date('2026-11-29T10:00:00.000Z');

  it('keeps the figures the beacon held in shape, each a 32-bit count', () => {
    expect(
      engagementRow(
        hit,
        {
          behaviour: { pointerMoves: 3, clicks: 1, keys: 0, scrolls: 2, touches: 0, dwellMs: 2 ** 40 },
          visibleMs: 900,
        },
        at,
      ),
    ).toEqual({
      relationshipId: hit.relationshipId,
      id: 'hit-1',
      sessionId: 'session-1',
      ts: at,
      visibleMs: 900,
      dwellMs: 2_147_483_647,
      pointerMoves: 3,
      clicks: 1,
      keys: 0,
      scrolls: 2,
      touches: 0,
    });
    expect(engagementRow(hit, { behaviour: null, visibleMs: null }, at)).toMatchObject({
      visibleMs: null,
      dwellMs: null,
      clicks: null,
    });
  });
});
