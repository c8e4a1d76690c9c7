import { S2S_HITS_PATH, S2S_MAX_BODY_BYTES, zS2sHit, zS2sHitVerdict } from '@veracity/contracts/s2s';
import { ApiError } from '../http/api-error.js';
import type { Clock } from '../jobs/clock.js';
import type { AccountDirectory } from './account-directory.js';
import { type IngestAdmission, type IngestApp, unavailable } from './ingest-admission.js';
import type { IngestPipeline } from './pipeline.js';
import { eventTime, s2sIncomingHit, verdictBody } from './s2s-events.js';

/** `POST` S2S hits: a customer's server sends a visit's click or page view and gets its verdict. */
export function s2sHitRoutes(
  app: IngestApp,
  deps: { pipeline: IngestPipeline; accounts: AccountDirectory; admission: IngestAdmission; clock: Clock },
): void {
  const { pipeline, accounts, admission, clock } = deps;
  app.post(
    S2S_HITS_PATH,
    {
      bodyLimit: S2S_MAX_BODY_BYTES,
      onRequest: admission.authenticate,
      preValidation: admission.inCohort,
      schema: { body: zS2sHit, response: { 200: zS2sHitVerdict } },
    },
    async (request, reply) => {
      const account = admission.authenticated(request);
      const body = request.body;
      const at = eventTime(body.ts, clock.now().getTime());
      const campaign =
        body.campaignId === undefined ? undefined : await accounts.s2sCampaign(account, body.campaignId);
      if (body.campaignId !== undefined && !campaign) {
        throw ApiError.fields([{ code: 'NOT_VALID', field: 'campaignId', value: 'no such S2S campaign' }]);
      }
      try {
        const verdict = await pipeline.hit(account, s2sIncomingHit(body, at, campaign));
        return reply.send({
          ...verdictBody(verdict),
          sessionId: verdict.sessionId,
          trafficType: verdict.trafficType,
        });
      } catch (error) {
        throw unavailable(error);
      }
    },
  );
}
