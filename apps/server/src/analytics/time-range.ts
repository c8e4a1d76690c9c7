import { checkTimeZone } from '../storage/events/dialect.js';

/**
 * The dates of an analytics query, as the spec allows them (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS`, or a
 * UTC ISO datetime), turned into instants. Dates and wall-clock times are read in the account's zone;
 * a bare `to` date includes its whole day.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const UTC_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

export class InvalidRangeError extends Error {
  override readonly name = 'InvalidRangeError';
}

/** The offset of a zone from UTC at an instant, in milliseconds (e.g. +3,600,000 for Madrid in winter). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time of a zone names (the earlier one in a DST overlap). */
export function zonedTimeToInstant(wall: number, timeZone: string): Date {
  checkTimeZone(timeZone);
  let instant = wall - zoneOffsetMs(wall, timeZone);
  // A second pass settles times near an offset change.
  instant = wall - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

function parse(text: string, timeZone: string, endOfDay: boolean): Date {
  if (UTC_DATETIME.test(text)) return new Date(text);
  const datetime = LOCAL_DATETIME.exec(text);
  const date = DATE.exec(text);
  const fields = (datetime ?? date)?.slice(1).map(Number);
  if (!fields) throw new InvalidRangeError(`${text} is not a date`);
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = fields;
  const wall = Date.UTC(year, month - 1, day + (date && endOfDay ? 1 : 0), hour, minute, second);
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    throw new InvalidRangeError(`${text} is not a date`);
  }
  return zonedTimeToInstant(wall, timeZone);
}

/** The instants `[from, to)` of a query's dates in a zone; `to` must not be before `from`. */
export function timeRange(from: string, to: string, timeZone: string): { from: Date; to: Date } {
  const start = parse(from, timeZone, false);
  const end = parse(to, timeZone, true);
  // A bare end date covers its day: one before the start date gives an end at or before the start.
  const backwards = DATE.test(to) ? end.getTime() <= start.getTime() : end.getTime() < start.getTime();
  if (backwards) throw new InvalidRangeError('The end date is before the start date');
  return { from: start, to: end };
}

/** The range of the same length that ends where this one starts (the "previous period"). */
export function previousRange(range: { from: Date; to: Date }): { from: Date; to: Date } {
  const length = range.to.getTime() - range.from.getTime();
  return { from: new Date(range.from.getTime() - length), to: range.from };
}

/**
 * The calendar month of `now` on a zone's clock: `YYYY-MM`, the instant its first day starts and the
 * instant the next month's does.
 */
export function calendarMonth(timeZone: string, now: Date): { month: string; start: Date; end: Date } {
  const wall = new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth();
  return {
    month: `${year}-${String(month + 1).padStart(2, '0')}`,
    start: zonedTimeToInstant(Date.UTC(year, month, 1), timeZone),
    end: zonedTimeToInstant(Date.UTC(year, month + 1, 1), timeZone),
  };
}

/** The local calendar day (`YYYY-MM-DD`) of an instant in a zone. */
export function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/**
 * Every local day of a range `[from, to)` in a zone, from its first to its last, in order; an
 * {@link InvalidRangeError} past `maxDays`.
 */
export function localDays(range: { from: Date; to: Date }, timeZone: string, maxDays: number): string[] {
  const last = localDay(new Date(Math.max(range.from.getTime(), range.to.getTime() - 1)), timeZone);
  const days: string[] = [];
  for (let day = localDay(range.from, timeZone); day <= last; ) {
    days.push(day);
    if (days.length > maxDays) throw new InvalidRangeError(`The range is longer than ${maxDays} days`);
    const next = new Date(`${day}T00:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    day = next.toISOString().slice(0, 10);
  }
  return days;
}
