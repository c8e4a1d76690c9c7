import { describe, expect, it } from 'vitest';
import { calendarMonth, InvalidRangeError, previousRange, timeRange } from './time-range.js';

const iso = (range: { from: Date; to: Date }) => [range.from.toISOString(), range.to.toISOString()];

describe('timeRange', () => {
  it('reads dates as whole local days, the end day included', () => {
    expect(iso(timeRange('2026-01-10', '2026-01-11', 'Europe/Madrid'))).toEqual([
      '2026-01-09T23:00:00.000Z',
      '2026-01-11T23:00:00.000Z',
    ]);
    expect(iso(timeRange('2026-01-10', '2026-01-10', 'UTC'))).toEqual([
      '2026-01-10T00:00:00.000Z',
      '2026-01-11T00:00:00.000Z',
    ]);
  });

  it('follows daylight saving changes: the day of the change is 23 or 25 hours long', () => {
    const spring = timeRange('2026-03-29', '2026-03-29', 'Europe/Madrid');
    expect(iso(spring)).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    const autumn = timeRange('2026-11-01', '2026-11-01', 'America/New_York');
    expect(iso(autumn)).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z']);
  });

  it('reads wall-clock times in the zone and UTC datetimes as they are', () => {
    expect(iso(timeRange('2026-07-01 08:30:00', '2026-07-01 09:00:00', 'Europe/Madrid'))).toEqual([
      '2026-07-01T06:30:00.000Z',
      '2026-07-01T07:00:00.000Z',
    ]);
    expect(iso(timeRange('2026-07-01T06:30:00Z', '2026-07-01T07:00:00.000Z', 'Asia/Tokyo'))).toEqual([
      '2026-07-01T06:30:00.000Z',
      '2026-07-01T07:00:00.000Z',
    ]);
  });

  it('refuses impossible dates and backwards ranges', () => {
    expect(() => timeRange('2026-02-30', '2026-03-01', 'UTC')).toThrow(InvalidRangeError);
    expect(() => timeRange('2026-03-01 24:00:00', '2026-03-02', 'UTC')).toThrow('is not a date');
    expect(() => timeRange('2026-03-02', '2026-03-01', 'UTC')).toThrow(
      'The end date is before the start date',
    );
    expect(() => timeRange('2026-03-01', '2026-03-01', 'Mars/Olympus')).toThrow(RangeError);
  });

  it('gives the previous period of the same length', () => {
    expect(iso(previousRange(timeRange('2026-03-08', '2026-03-14', 'UTC')))).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-03-08T00:00:00.000Z',
    ]);
  });
});

describe('calendarMonth', () => {
  it("starts the month at local midnight of its first day, on the account's clock", () => {
    // 23:30 UTC on 31 January is already 1 February in Madrid, still 31 January in New York.
    const now = new Date('2026-01-31T23:30:00.000Z');
    expect(calendarMonth('Europe/Madrid', now)).toEqual({
      month: '2026-02',
      start: new Date('2026-01-31T23:00:00.000Z'),
      end: new Date('2026-02-28T23:00:00.000Z'),
    });
    expect(calendarMonth('America/New_York', now)).toEqual({
      month: '2026-01',
      start: new Date('2026-01-01T05:00:00.000Z'),
      end: new Date('2026-02-01T05:00:00.000Z'),
    });
    expect(calendarMonth('UTC', new Date('2026-12-01T00:00:00.000Z'))).toEqual({
      month: '2026-12',
      start: new Date('2026-12-01T00:00:00.000Z'),
      end: new Date('2027-01-01T00:00:00.000Z'),
    });
  });

  it('takes the offset of the first day, not of today, across a daylight saving change', () => {
    // Summer time in Madrid (UTC+2) on 15 April; 1 April was already summer time too, 1 March was not.
    expect(calendarMonth('Europe/Madrid', new Date('2026-04-15T12:00:00.000Z')).start).toEqual(
      new Date('2026-03-31T22:00:00.000Z'),
    );
    expect(calendarMonth('Europe/Madrid', new Date('2026-03-30T12:00:00.000Z')).start).toEqual(
      new Date('2026-02-28T23:00:00.000Z'),
    );
  });
});
