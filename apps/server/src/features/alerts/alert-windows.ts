import { type AlertFrequency, alertWindowHours } from '@veracity/contracts/alerts';
import { zonedTimeToInstant, zoneOffsetMs } from '../../analytics/time-range.js';

const HOUR_MS = 3_600_000;

export interface AlertWindow {
  start: Date;
  end: Date;
}

/**
 * The last complete window of a frequency at `now`, on the account's clock: hourly windows end on the
 * hour, 8- and 12-hour ones at local 0:00, 8:00, 16:00 (or 0:00, 12:00), daily ones at local midnight
 * (a DST day's window is 23 or 25 hours long). Undefined for a deactivated alert.
 */
export function lastCompleteWindow(
  frequency: AlertFrequency,
  timeZone: string,
  now: Date,
): AlertWindow | undefined {
  const hours = alertWindowHours(frequency);
  if (hours === undefined) return undefined;
  const wall = now.getTime() + zoneOffsetMs(now.getTime(), timeZone);
  const day = Math.floor(wall / (24 * HOUR_MS)) * 24 * HOUR_MS;
  const hourOfDay = Math.floor((wall - day) / HOUR_MS);
  const endWall = day + Math.floor(hourOfDay / hours) * hours * HOUR_MS;
  return {
    start: zonedTimeToInstant(endWall - hours * HOUR_MS, timeZone),
    end: zonedTimeToInstant(endWall, timeZone),
  };
}

/**
 * The windows to evaluate, oldest first: those ending after `after` (the end of the last window
 * evaluated; a new alert starts with the last complete one), the most recent `max` of them.
 */
export function windowsDue(
  frequency: AlertFrequency,
  timeZone: string,
  now: Date,
  after: Date | undefined,
  max: number,
): AlertWindow[] {
  const windows: AlertWindow[] = [];
  let window = lastCompleteWindow(frequency, timeZone, now);
  while (window && windows.length < max && (after === undefined || window.end > after)) {
    windows.unshift(window);
    if (after === undefined) break;
    // The window before: the last complete one at an instant just before this one's start.
    window = lastCompleteWindow(frequency, timeZone, new Date(window.start.getTime()));
  }
  return windows;
}
