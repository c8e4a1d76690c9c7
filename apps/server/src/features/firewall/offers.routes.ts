import {
  FIREWALL_CSV_SUFFIXES,
  zFirewallToggleBody,
  zOffer,
  zOfferCreateBody,
  zOffers,
  zOfferUpdateBody,
} from '@veracity/contracts/firewall';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOffers } from '../../accounts/offers.repo.js';
import { accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import { listLabels } from '../account/labels.repo.js';
import { offersCsv } from './firewall-csv.js';
import { firewallAccess, sendCsv, wantsCsv, zIdParams } from './firewall-http.js';
import { createOffer, updateOfferFields } from './offers.service.js';

const VIEW = 'firewall_offers';

/** Offers (spec 02 §7): list (CSV with Accept text/csv), create, replace, toggle. */
export const offersRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = services;

    app.get(
      '/sensors/firewall/offers',
      { config: { access: firewallAccess(VIEW, 'offer_view') }, schema: { response: { 200: zOffers } } },
      async (request, reply) => {
        const relationshipId = accountOf(request).relationship.id;
        const offers = await listOffers(db, relationshipId);
        if (!wantsCsv(request.headers.accept)) return offers;
        const labels = offers.length > 0 ? await listLabels(db, relationshipId) : [];
        return sendCsv(reply, offers.length, () => offersCsv(offers, labels), FIREWALL_CSV_SUFFIXES.offers);
      },
    );

    app.post(
      '/sensors/firewall/offers',
      {
        config: { access: firewallAccess(VIEW, 'offer_create', true) },
        schema: { body: zOfferCreateBody, response: { 201: zOffer } },
      },
      async (request, reply) =>
        reply.code(201).send(await createOffer(services, accountOf(request), request.body, request.ip)),
    );

    app.put(
      '/sensors/firewall/offers/:id',
      {
        config: { access: firewallAccess(VIEW, 'offer_edit', true) },
        schema: { params: zIdParams, body: zOfferUpdateBody, response: { 200: zOffer } },
      },
      async (request) =>
        updateOfferFields(services, accountOf(request), request.params.id, request.body, request.ip),
    );

    app.patch(
      '/sensors/firewall/offers/:id',
      {
        // The hidden toggle needs offer_edit, the active one offer_pause: the service checks which.
        config: { access: firewallAccess(VIEW, ['offer_edit', 'offer_pause'], true) },
        schema: { params: zIdParams, body: zFirewallToggleBody, response: { 200: zOffer } },
      },
      async (request) =>
        updateOfferFields(services, accountOf(request), request.params.id, request.body, request.ip),
    );
  };
