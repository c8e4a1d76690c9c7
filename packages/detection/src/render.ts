import type { AssessmentInput, SensorSignals } from '@veracity/contracts/detection';
import { type Finding, finding } from './finding.js';
import { TINY_FRAME_MAX_PX } from './policy.js';

/**
 * Rendering: pages loaded where nobody can see them. A background tab opened with a middle click
 * starts hidden too, so hidden_page needs the page to stay hidden until the sensor reported.
 */
export function renderFindings(input: Pick<AssessmentInput, 'sensor'>): Finding[] {
  const { sensor } = input;
  if (sensor === null) return [];
  const found: Finding[] = [];
  if (loadedHidden(sensor) && sensor.visibleMs === 0) {
    found.push(
      finding('render:hidden_page', { visibilityAtLoad: sensor.visibilityAtLoad ?? null, visibleMs: 0 }),
    );
  }
  const { frame } = sensor;
  if (frame && (frame.width <= TINY_FRAME_MAX_PX || frame.height <= TINY_FRAME_MAX_PX)) {
    const evidence = { width: Math.round(frame.width), height: Math.round(frame.height) };
    found.push(finding('render:tiny_iframe', evidence));
  }
  return found;
}

/** The page was hidden when the sensor started (a background tab, a pop-under). */
export function loadedHidden(sensor: SensorSignals): boolean {
  return sensor.hiddenAtLoad === true || sensor.visibilityAtLoad === 'hidden';
}
