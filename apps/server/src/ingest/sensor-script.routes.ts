import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sensorScriptPath } from '@veracity/contracts/collect';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import { ApiError } from '../http/api-error.js';
import type { IngestApp } from './ingest-admission.js';

/** The built sensor script (packages/sensor/dist), read once and kept; missing until it is built. */
let sensorScript: Promise<Buffer> | undefined;
function readSensorScript(): Promise<Buffer> {
  sensorScript ??= readFile(fileURLToPath(import.meta.resolve('@veracity/sensor/sensor.js'))).catch(
    (error: unknown) => {
      sensorScript = undefined;
      throw error;
    },
  );
  return sensorScript;
}

/** The sensor script, which customers' pages load from `SENSOR_PATH`. */
export function sensorScriptRoutes(app: IngestApp, sensorPath: string): void {
  app.get(sensorScriptPath(sensorPath), async (request, reply) => {
    let script: Buffer;
    try {
      script = await readSensorScript();
    } catch {
      request.log.error('the sensor script is not built (npm run build)');
      throw new ApiError(HTTP_STATUS.SERVICE_UNAVAILABLE, 'The sensor script is not available');
    }
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(script);
  });
}
