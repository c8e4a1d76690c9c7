import {
  s2sDownloadFileName,
  zCampaign,
  zCampaignCreateBody,
  zCampaigns,
  zCampaignUpdateBody,
} from '@veracity/contracts/campaigns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listCampaigns } from '../../accounts/campaigns.repo.js';
import { type Access, accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import { createS2sCampaign, updateS2sCampaign } from './campaigns.service.js';

const zIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Every S2S call needs the firewall_s2s view: Pro and Max, or the sensor_s2s flag on custom accounts. */
const s2s = (rule: Omit<Extract<Access, { kind: 'account' }>, 'kind' | 'view'>): Access => ({
  kind: 'account',
  view: 'firewall_s2s',
  ...rule,
});

/** S2S campaigns (spec 02 §2, §7): list (also as a JSON download), create, update. */
export const campaignsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;

    app.get(
      '/sensors/s2s',
      { config: { access: s2s({ permission: 'campaign_view' }) }, schema: { response: { 200: zCampaigns } } },
      async (request, reply) => {
        const campaigns = await listCampaigns(db, accountOf(request).relationship.id, 's2s');
        // Asked for as JSON, the list is also a file the browser can save (spec 02 §7).
        if ((request.headers.accept ?? '').includes('application/json')) {
          reply.header('content-disposition', `attachment; filename="${s2sDownloadFileName(new Date())}"`);
        }
        return campaigns;
      },
    );

    app.post(
      '/sensors/s2s',
      {
        config: { access: s2s({ permission: 'campaign_create', write: true }) },
        schema: { body: zCampaignCreateBody, response: { 201: zCampaign } },
      },
      async (request, reply) => {
        const campaign = await createS2sCampaign(services, accountOf(request), request.body, request.ip);
        return reply.code(201).send(campaign);
      },
    );

    app.put(
      '/sensors/s2s/:id',
      {
        config: { access: s2s({ permission: 'campaign_edit', write: true }) },
        schema: { params: zIdParams, body: zCampaignUpdateBody, response: { 200: zCampaign } },
      },
      async (request) =>
        updateS2sCampaign(services, accountOf(request), request.params.id, request.body, request.ip),
    );
  };
