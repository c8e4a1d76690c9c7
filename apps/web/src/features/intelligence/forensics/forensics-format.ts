import type { ForensicsEngagement, SessionForensics } from '@veracity/contracts/forensics';

/**
 * The forensics page's words for a page view's engagement and the sensor's device facts. Every value
 * comes from the visitor's browser: these build plain text, which the page renders as text.
 */

/** A duration as people read it: `9.1 s` under ten seconds, `42 s`, `3 min 5 s`. */
export function duration(ms: number): string {
  if (ms < 10_000) return `${(Math.round(ms / 100) / 10).toLocaleString('en-US')} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * What the visitor did on a page view, e.g. `Dwell 12 s · visible 9.1 s · 3 clicks · 40 keys ·
 * 12 scrolls · 120 pointer moves · 0 touches`; the figures the beacon did not hold are left out, and
 * a page view without a beacon is `—`.
 */
export function engagementText(engagement: ForensicsEngagement | null): string {
  if (engagement === null) return '—';
  const { dwellMs, visibleMs, clicks, keys, scrolls, pointerMoves, touches } = engagement;
  const parts = [
    dwellMs === null ? null : `Dwell ${duration(dwellMs)}`,
    visibleMs === null ? null : `${dwellMs === null ? 'Visible' : 'visible'} ${duration(visibleMs)}`,
    clicks === null ? null : counted(clicks, 'click', 'clicks'),
    keys === null ? null : counted(keys, 'key', 'keys'),
    scrolls === null ? null : counted(scrolls, 'scroll', 'scrolls'),
    pointerMoves === null ? null : counted(pointerMoves, 'pointer move', 'pointer moves'),
    touches === null ? null : counted(touches, 'touch', 'touches'),
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'Figures outside their shape' : parts.join(' · ');
}

type Device = SessionForensics['device'];

export function screenText(device: Device): string {
  return device.screen ? `${device.screen.width} × ${device.screen.height} px` : '—';
}

/** The time zone and whether it is one of the IP country's, e.g. `Europe/Madrid (not a zone of DE)`. */
export function timeZoneText(device: Device, country: string | null): string {
  if (device.timeZone === null) return '—';
  if (device.timeZoneInCountry === null || country === null) return device.timeZone;
  return `${device.timeZone} (${device.timeZoneInCountry ? '' : 'not '}a zone of ${country})`;
}

export function languagesText(device: Device): string {
  if (device.languages === null) return '—';
  return device.languages.length === 0 ? 'None listed' : device.languages.join(', ');
}
