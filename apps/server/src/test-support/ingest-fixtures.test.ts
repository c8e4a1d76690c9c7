import { zSensorId } from '@veracity/contracts/collect';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventId } from './ingest-fixtures.js';

describe('eventId', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('builds an id the sensor contract accepts whatever Math.random returns', () => {
    // 0.5 in base 36 is "0.i": a builder that slices Math.random's digits gets one character.
    for (const random of [0.5, 0, 0.25, 0.123456789]) {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      for (const prefix of ['', 'c', 'pv', 'hit', 'ses', 'eng']) {
        const id = eventId(prefix);
        expect(zSensorId.safeParse(id).success, `${id} (prefix "${prefix}", random ${random})`).toBe(true);
      }
    }
  });

  it('never repeats an id', () => {
    const ids = Array.from({ length: 1000 }, () => eventId('ev'));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
