import {
  S2S_CONVERSIONS_PATH,
  S2S_MAX_BODY_BYTES,
  zS2sConversion,
  zS2sVerdict,
} from '@veracity/contracts/s2s';
import { ApiError } from '../http/api-error.js';
import type { Clock } from '../jobs/clock.js';
import { type IngestAdmission, type IngestApp, unavailable } from './ingest-admission.js';
import { type IngestPipeline, UnknownHitError } from './pipeline.js';
import { eventTime, s2sIncomingConversion, verdictBody } from './s2s-events.js';

/** `POST` S2S conversions: a customer's server reports a conversion of a click and gets its verdict. */
export function s2sConversionRoutes(
  app: IngestApp,
  deps: { pipeline: IngestPipeline; admission: IngestAdmission; clock: Clock },
): void {
  const { pipeline, admission, clock } = deps;
  app.post(
    S2S_CONVERSIONS_PATH,
    {
      bodyLimit: S2S_MAX_BODY_BYTES,
      onRequest: admission.authenticate,
      preValidation: admission.inCohort,
      schema: { body: zS2sConversion, response: { 200: zS2sVerdict } },
    },
    async (request, reply) => {
      const account = admission.authenticated(request);
      const body = request.body;
      const at = eventTime(body.ts, clock.now().getTime());
      try {
        const verdict = await pipeline.conversion(account, s2sIncomingConversion(body, at));
        return reply.send(verdictBody(verdict));
      } catch (error) {
        if (error instanceof UnknownHitError) {
          throw ApiError.fields([{ code: 'NOT_VALID', field: 'hitId', value: 'no hit with this id' }]);
        }
        throw unavailable(error);
      }
    },
  );
}
