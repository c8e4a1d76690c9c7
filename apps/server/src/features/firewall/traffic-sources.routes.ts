import {
  FIREWALL_CSV_SUFFIXES,
  zFirewallToggleBody,
  zTrafficSource,
  zTrafficSourceCreateBody,
  zTrafficSources,
  zTrafficSourceUpdateBody,
} from '@veracity/contracts/firewall';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listTrafficSources } from '../../accounts/traffic-sources.repo.js';
import { accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import { listLabels } from '../account/labels.repo.js';
import { trafficSourcesCsv } from './firewall-csv.js';
import { firewallAccess, sendCsv, wantsCsv, zIdParams } from './firewall-http.js';
import { createTrafficSource, updateTrafficSourceFields } from './traffic-sources.service.js';

const VIEW = 'firewall_traffic_sources';

/** Traffic sources (spec 02 §7): list (CSV with Accept text/csv), create, replace, toggle. */
export const trafficSourcesRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;

    app.get(
      '/sensors/firewall/trafficsources',
      {
        config: { access: firewallAccess(VIEW, 'traffic_source_view') },
        schema: { response: { 200: zTrafficSources } },
      },
      async (request, reply) => {
        const relationshipId = accountOf(request).relationship.id;
        const sources = await listTrafficSources(db, relationshipId);
        if (!wantsCsv(request.headers.accept)) return sources;
        const labels = sources.length > 0 ? await listLabels(db, relationshipId) : [];
        return sendCsv(
          reply,
          sources.length,
          () => trafficSourcesCsv(sources, labels),
          FIREWALL_CSV_SUFFIXES.trafficSources,
        );
      },
    );

    app.post(
      '/sensors/firewall/trafficsources',
      {
        config: { access: firewallAccess(VIEW, 'traffic_source_create', true) },
        schema: { body: zTrafficSourceCreateBody, response: { 201: zTrafficSource } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await createTrafficSource(services, accountOf(request), request.body, request.ip)),
    );

    app.put(
      '/sensors/firewall/trafficsources/:id',
      {
        config: { access: firewallAccess(VIEW, 'traffic_source_edit', true) },
        schema: { params: zIdParams, body: zTrafficSourceUpdateBody, response: { 200: zTrafficSource } },
      },
      async (request) =>
        updateTrafficSourceFields(services, accountOf(request), request.params.id, request.body, request.ip),
    );

    app.patch(
      '/sensors/firewall/trafficsources/:id',
      {
        config: { access: firewallAccess(VIEW, 'traffic_source_edit', true) },
        schema: { params: zIdParams, body: zFirewallToggleBody, response: { 200: zTrafficSource } },
      },
      async (request) =>
        updateTrafficSourceFields(services, accountOf(request), request.params.id, request.body, request.ip),
    );
  };
