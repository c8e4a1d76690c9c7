import type { SensorSignals } from '@veracity/contracts/detection';
import { type Finding, finding } from './finding.js';
import { BOUNCE_MAX_VISIBLE_MS, BOUNDARY_POINTER_MOVES, NO_INTERACTION_MIN_DWELL_MS } from './policy.js';
import { loadedHidden } from './render.js';

/**
 * Behaviour, from the interaction counts and visible time of the engagement beacon: a long, visible
 * visit without a single pointer move, touch, scroll, key or click; and a paid landing left within a
 * second of being seen, untouched (a bounce). The two never fire together.
 */
export function behaviourFindings(sensor: SensorSignals | null, paidLanding: boolean): Finding[] {
  const behaviour = sensor?.behaviour;
  if (sensor === null || behaviour === undefined) return [];
  const { pointerMoves, clicks, keys, scrolls, touches, dwellMs } = behaviour;
  const moves = Math.max(0, pointerMoves - BOUNDARY_POINTER_MOVES);
  if (moves + clicks + keys + scrolls + touches !== 0) return [];
  const { visibleMs } = sensor;
  // A background tab is never a bounce: nobody looked at it (render:hidden_page when it stayed hidden).
  if (paidLanding && !loadedHidden(sensor)) {
    const seenMs = visibleMs ?? dwellMs;
    if (seenMs < BOUNCE_MAX_VISIBLE_MS) {
      return [finding('behaviour:bounce', { visibleMs: seenMs, dwellMs, maximumMs: BOUNCE_MAX_VISIBLE_MS })];
    }
  }
  // A background tab is not read: that is render:hidden_page's business, not a missing interaction.
  if (visibleMs !== undefined && visibleMs < NO_INTERACTION_MIN_DWELL_MS) return [];
  return dwellMs >= NO_INTERACTION_MIN_DWELL_MS
    ? [finding('behaviour:no_interaction', { dwellMs, visibleMs: visibleMs ?? null })]
    : [];
}
