import {
  FIREWALL_CSV_SUFFIXES,
  zFirewallCampaign,
  zFirewallCampaignCreateBody,
  zFirewallCampaigns,
  zFirewallCampaignUpdateBody,
  zFirewallToggleBody,
} from '@veracity/contracts/firewall';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findFirewallCampaign, listFirewallCampaigns } from '../../accounts/firewall-campaigns.repo.js';
import { accountOf } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import { dashboardBaseUrl } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import { listLabels } from '../account/labels.repo.js';
import { createFirewallCampaign, updateFirewallCampaignFields } from './firewall-campaigns.service.js';
import { campaignsCsv } from './firewall-csv.js';
import { firewallAccess, sendCsv, zIdParams } from './firewall-http.js';
import { firewallTag } from './firewall-tag.js';

const VIEW = 'firewall_campaigns';

/** Firewall campaigns (spec 02 §7): list, CSV, JS tag, create, replace, toggle. */
export const firewallCampaignsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;

    app.get(
      '/sensors/firewall',
      {
        config: { access: firewallAccess(VIEW, 'campaign_view') },
        schema: { response: { 200: zFirewallCampaigns } },
      },
      async (request) => listFirewallCampaigns(db, accountOf(request).relationship.id),
    );

    app.get(
      '/sensors/firewall/csv',
      { config: { access: firewallAccess(VIEW, 'campaign_view') } },
      async (request, reply) => {
        const relationshipId = accountOf(request).relationship.id;
        const campaigns = await listFirewallCampaigns(db, relationshipId);
        const labels = campaigns.length > 0 ? await listLabels(db, relationshipId) : [];
        return sendCsv(
          reply,
          campaigns.length,
          () => campaignsCsv(campaigns, labels),
          FIREWALL_CSV_SUFFIXES.campaigns,
        );
      },
    );

    app.get(
      '/sensors/firewall/:id/tag',
      { config: { access: firewallAccess(VIEW, 'campaign_view') }, schema: { params: zIdParams } },
      async (request, reply) => {
        const { relationship } = accountOf(request);
        const campaign = await findFirewallCampaign(db, relationship.id, request.params.id);
        if (!campaign) throw ApiError.notFound('No such campaign');
        const tag = firewallTag({
          serverUrl: dashboardBaseUrl(services.config, request),
          sensorPath: services.config.sensorPath,
          sensorKey: relationship.sensorKey,
          campaignId: campaign.id,
        });
        return reply.type('text/plain; charset=utf-8').send(tag);
      },
    );

    app.post(
      '/sensors/firewall',
      {
        config: { access: firewallAccess(VIEW, 'campaign_create', true) },
        schema: { body: zFirewallCampaignCreateBody, response: { 201: zFirewallCampaign } },
      },
      async (request, reply) => {
        const campaign = await createFirewallCampaign(services, accountOf(request), request.body, request.ip);
        return reply.code(201).send(campaign);
      },
    );

    app.put(
      '/sensors/firewall/:id',
      {
        config: { access: firewallAccess(VIEW, 'campaign_edit', true) },
        schema: {
          params: zIdParams,
          body: zFirewallCampaignUpdateBody,
          response: { 200: zFirewallCampaign },
        },
      },
      async (request) =>
        updateFirewallCampaignFields(
          services,
          accountOf(request),
          request.params.id,
          request.body,
          request.ip,
        ),
    );

    app.patch(
      '/sensors/firewall/:id',
      {
        // The hidden toggle needs campaign_edit, the active one campaign_pause: the service checks which.
        config: { access: firewallAccess(VIEW, ['campaign_edit', 'campaign_pause'], true) },
        schema: { params: zIdParams, body: zFirewallToggleBody, response: { 200: zFirewallCampaign } },
      },
      async (request) =>
        updateFirewallCampaignFields(
          services,
          accountOf(request),
          request.params.id,
          request.body,
          request.ip,
        ),
    );
  };
