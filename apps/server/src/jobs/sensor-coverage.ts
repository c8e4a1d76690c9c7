import { checkSensorCoverage, type SensorCoverageDeps } from '../ingest/sensor-coverage.js';
import type { Job } from './scheduler.js';

export const SENSOR_COVERAGE_JOB = 'detection.sensor-coverage';

/**
 * The S2S paid clicks no sensor page view followed (ingest/sensor-coverage.ts) as a job: every
 * `seconds` (SENSOR_COVERAGE_CHECK_SECONDS), at the start of its window, it judges the clicks of the
 * period that ended the wait (SENSOR_PAGE_VIEW_WAIT_SECONDS) before, so each click is judged once, at
 * least the wait after it. Windows missed while no server ran are not judged, nor are S2S clicks sent
 * (dated in the past) after their period was judged.
 */
export function sensorCoverageJob(deps: SensorCoverageDeps, seconds: number, waitSeconds: number): Job {
  const waitMs = waitSeconds * 1000;
  return {
    name: SENSOR_COVERAGE_JOB,
    everyMs: seconds * 1000,
    async run({ window }) {
      const to = new Date(window.start.getTime() - waitMs);
      const from = new Date(to.getTime() - (window.end.getTime() - window.start.getTime()));
      const result = await checkSensorCoverage(deps, { from, to }, waitMs);
      if (result.marked > 0) deps.log.info({ ...result, from, to }, 'paid clicks without a sensor page view');
    },
  };
}
