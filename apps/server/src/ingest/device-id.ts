import { hash } from 'node:crypto';
import type { RequestFacts, SensorSignals } from '@veracity/contracts/detection';

/**
 * The device behind a hit, as far as the server can tell: a hash of the address and the stable facts
 * of the browser (user agent, languages and, with the sensor, screen, time zone, cores and GPU). Two
 * browsers behind one office address get two ids; one browser hopping addresses gets a new id per
 * address (the IP counters catch that instead).
 */
export function deviceIdOf(
  request: Pick<RequestFacts, 'ip' | 'userAgent' | 'acceptLanguage'>,
  sensor: SensorSignals | null,
): string {
  const parts = [
    request.ip,
    request.userAgent,
    request.acceptLanguage ?? '',
    sensor?.timezone ?? '',
    sensor?.languages?.join(',') ?? '',
    sensor?.screen ? `${sensor.screen.width}x${sensor.screen.height}` : '',
    String(sensor?.devicePixelRatio ?? ''),
    String(sensor?.hardwareConcurrency ?? ''),
    sensor?.webgl?.renderer ?? '',
    sensor?.platform ?? '',
  ];
  return hash('sha256', parts.join('\u0000'), 'base64url').slice(0, 22);
}
