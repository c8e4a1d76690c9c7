import type { SensorBehaviour } from '@veracity/contracts/collect';
import type { SensorSignals } from '@veracity/contracts/detection';
import type { EngagementRow, HitRow } from '../storage/events/event-store.js';

/**
 * What a hit and its engagement beacon keep of the sensor's figures, for forensics: the screen, time
 * zone and languages of the page view, and what the visitor did on it. Time zone and languages are
 * the browser's own strings: they are kept as text, cut to the bounds below (the contract's, enforced
 * again here so that no value can make the store refuse the hit).
 */

/** The longest time zone name kept (IANA names are far shorter). */
export const MAX_TIME_ZONE_LENGTH = 64;
/** The languages kept, and the longest tag of each (BCP 47 tags are far shorter). */
export const MAX_LANGUAGES = 20;
export const MAX_LANGUAGE_LENGTH = 35;
const MAX_INT32 = 2_147_483_647;

/** `text` cut to `max` characters, never through a surrogate pair. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max).toWellFormed();
}

/** A figure as a stored count: rounded, at most a 32-bit integer. */
function countOf(value: number): number {
  return Math.min(Math.round(value), MAX_INT32);
}

export type DeviceFacts = Pick<HitRow, 'screenWidth' | 'screenHeight' | 'timeZone' | 'languages'>;

/** The device facts of a hit's sensor signals; every one null when the hit has none (S2S mostly). */
export function deviceFactsOf(sensor: SensorSignals | null): DeviceFacts {
  const screen = sensor?.screen;
  const languages = sensor?.languages;
  return {
    screenWidth: screen ? countOf(screen.width) : null,
    screenHeight: screen ? countOf(screen.height) : null,
    timeZone: sensor?.timezone === undefined ? null : cut(sensor.timezone, MAX_TIME_ZONE_LENGTH),
    languages:
      languages === undefined
        ? null
        : JSON.stringify(languages.slice(0, MAX_LANGUAGES).map((tag) => cut(tag, MAX_LANGUAGE_LENGTH))),
  };
}

/** An engagement beacon's figures: each null when the beacon held it outside its shape. */
export interface EngagementFigures {
  behaviour: SensorBehaviour | null;
  visibleMs: number | null;
}

/** The stored engagement of a page view, with the figures the beacon held in shape. */
export function engagementRow(hit: HitRow, figures: EngagementFigures, at: Date): EngagementRow {
  const { behaviour, visibleMs } = figures;
  const figure = (value: number | undefined) => (value === undefined ? null : countOf(value));
  return {
    relationshipId: hit.relationshipId,
    id: hit.id,
    sessionId: hit.sessionId,
    ts: at,
    visibleMs: visibleMs === null ? null : countOf(visibleMs),
    dwellMs: figure(behaviour?.dwellMs),
    pointerMoves: figure(behaviour?.pointerMoves),
    clicks: figure(behaviour?.clicks),
    keys: figure(behaviour?.keys),
    scrolls: figure(behaviour?.scrolls),
    touches: figure(behaviour?.touches),
  };
}
