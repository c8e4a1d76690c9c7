import type { AssessmentInput, SensorSignals } from '@veracity/contracts/detection';
import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';
import { TINY_FRAME_MAX_PX } from './policy.js';

/**
 * Rendering: pages loaded where nobody can see them. A background tab opened with a middle click
 * starts hidden too, so hidden_page needs the page to stay hidden until the sensor reported.
 */
export function renderReasons(input: Pick<AssessmentInput, 'sensor'>): ThreatReasonId[] {
  const { sensor } = input;
  if (sensor === null) return [];
  const reasons: ThreatReasonId[] = [];
  if (loadedHidden(sensor) && sensor.visibleMs === 0) reasons.push('render:hidden_page');
  const { frame } = sensor;
  if (frame && (frame.width <= TINY_FRAME_MAX_PX || frame.height <= TINY_FRAME_MAX_PX)) {
    reasons.push('render:tiny_iframe');
  }
  return reasons;
}

/** The page was hidden when the sensor started (a background tab, a pop-under). */
export function loadedHidden(sensor: SensorSignals): boolean {
  return sensor.hiddenAtLoad === true || sensor.visibilityAtLoad === 'hidden';
}
