import type { AssessmentInput } from '@veracity/contracts/detection';
import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';
import { NO_INTERACTION_MIN_DWELL_MS } from './policy.js';

/** Behaviour: a long, visible visit without a single pointer move, touch, scroll, key or click. */
export function behaviourReasons(input: Pick<AssessmentInput, 'sensor'>): ThreatReasonId[] {
  const behaviour = input.sensor?.behaviour;
  if (behaviour === undefined) return [];
  const { pointerMoves, clicks, keys, scrolls, touches, dwellMs } = behaviour;
  // A background tab is not read: that is render:hidden_page's business, not a missing interaction.
  if (input.sensor?.visibleMs !== undefined && input.sensor.visibleMs < NO_INTERACTION_MIN_DWELL_MS)
    return [];
  const idle = pointerMoves + clicks + keys + scrolls + touches === 0;
  return idle && dwellMs >= NO_INTERACTION_MIN_DWELL_MS ? ['behaviour:no_interaction'] : [];
}
