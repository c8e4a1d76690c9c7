import type { AssessmentInput } from '@veracity/contracts/detection';
import { type Finding, finding } from './finding.js';
import { NO_INTERACTION_MIN_DWELL_MS } from './policy.js';

/** Behaviour: a long, visible visit without a single pointer move, touch, scroll, key or click. */
export function behaviourFindings(input: Pick<AssessmentInput, 'sensor'>): Finding[] {
  const behaviour = input.sensor?.behaviour;
  if (behaviour === undefined) return [];
  const { pointerMoves, clicks, keys, scrolls, touches, dwellMs } = behaviour;
  const visibleMs = input.sensor?.visibleMs;
  // A background tab is not read: that is render:hidden_page's business, not a missing interaction.
  if (visibleMs !== undefined && visibleMs < NO_INTERACTION_MIN_DWELL_MS) return [];
  const idle = pointerMoves + clicks + keys + scrolls + touches === 0;
  return idle && dwellMs >= NO_INTERACTION_MIN_DWELL_MS
    ? [finding('behaviour:no_interaction', { dwellMs, visibleMs: visibleMs ?? null })]
    : [];
}
