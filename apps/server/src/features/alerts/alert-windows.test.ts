import { describe, expect, it } from 'vitest';
import { lastCompleteWindow, windowsDue } from './alert-windows.js';

const iso = (window: { start: Date; end: Date } | undefined) =>
  window && [window.start.toISOString(), window.end.toISOString()];

describe('alert windows', () => {
  it("ends each frequency's last complete window on the account's clock", () => {
    const now = new Date('2026-03-10T10:30:00Z'); // 11:30 in Madrid (UTC+1)
    expect(iso(lastCompleteWindow('1', 'Europe/Madrid', now))).toEqual([
      '2026-03-10T09:00:00.000Z',
      '2026-03-10T10:00:00.000Z',
    ]);
    expect(iso(lastCompleteWindow('8', 'Europe/Madrid', now))).toEqual([
      '2026-03-09T23:00:00.000Z',
      '2026-03-10T07:00:00.000Z',
    ]);
    expect(iso(lastCompleteWindow('12', 'Europe/Madrid', now))).toEqual([
      '2026-03-09T11:00:00.000Z',
      '2026-03-09T23:00:00.000Z',
    ]);
    expect(iso(lastCompleteWindow('daily', 'Europe/Madrid', now))).toEqual([
      '2026-03-08T23:00:00.000Z',
      '2026-03-09T23:00:00.000Z',
    ]);
    expect(lastCompleteWindow('deactivated', 'Europe/Madrid', now)).toBeUndefined();
  });

  it('gives a DST day its 23 hours', () => {
    // Madrid moved to summer time on 2026-03-29: that day lasted 23 hours.
    const window = lastCompleteWindow('daily', 'Europe/Madrid', new Date('2026-03-30T08:00:00Z'));
    expect(iso(window)).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
  });

  it('catches up on the windows missed since the last one evaluated, the latest few at most', () => {
    const now = new Date('2026-03-10T10:30:00Z');
    const after = new Date('2026-03-10T07:00:00Z');
    expect(windowsDue('1', 'UTC', now, after, 24).map((window) => window.end.toISOString())).toEqual([
      '2026-03-10T08:00:00.000Z',
      '2026-03-10T09:00:00.000Z',
      '2026-03-10T10:00:00.000Z',
    ]);
    expect(windowsDue('1', 'UTC', now, after, 2).map((window) => window.end.toISOString())).toEqual([
      '2026-03-10T09:00:00.000Z',
      '2026-03-10T10:00:00.000Z',
    ]);
    expect(windowsDue('1', 'UTC', now, new Date('2026-03-10T10:00:00Z'), 24)).toEqual([]);
    // A new alert starts with the last complete window.
    expect(windowsDue('daily', 'UTC', now, undefined, 24).map((window) => window.end.toISOString())).toEqual([
      '2026-03-10T00:00:00.000Z',
    ]);
  });
});
