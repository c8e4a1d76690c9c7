import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SENSOR_PROOF_PLACEHOLDER, sensorScriptPath } from '@veracity/contracts/collect';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import { ApiError } from '../http/api-error.js';
import type { Clock } from '../jobs/clock.js';
import type { IngestApp } from './ingest-admission.js';
import { SENSOR_SCRIPT_MAX_AGE_S, type SensorProofs } from './sensor-proof.js';

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

/**
 * The sensor script, which customers' pages load from `SENSOR_PATH`, carrying the token of the current
 * proof period in place of `SENSOR_PROOF_PLACEHOLDER` (one copy a period, made on its first request).
 * Without proofs (no instance secret) the script is served as built.
 */
export function sensorScriptRoutes(
  app: IngestApp,
  deps: { sensorPath: string; proofs: SensorProofs | undefined; clock: Clock },
): void {
  let signed: { period: number; script: Buffer } | undefined;
  const withProof = (script: Buffer): Buffer => {
    const { proofs } = deps;
    if (proofs === undefined) return script;
    const now = deps.clock.now().getTime();
    const period = proofs.period(now);
    if (signed?.period !== period) {
      const text = script.toString('utf8').replace(SENSOR_PROOF_PLACEHOLDER, proofs.issue(now));
      signed = { period, script: Buffer.from(text, 'utf8') };
    }
    return signed.script;
  };
  app.get(sensorScriptPath(deps.sensorPath), async (request, reply) => {
    let script: Buffer;
    try {
      script = await readSensorScript();
    } catch {
      request.log.error('the sensor script is not built (npm run build)');
      throw new ApiError(HTTP_STATUS.SERVICE_UNAVAILABLE, 'The sensor script is not available');
    }
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', `public, max-age=${SENSOR_SCRIPT_MAX_AGE_S}`)
      .send(withProof(script));
  });
}
