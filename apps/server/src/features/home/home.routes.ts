import { zChannels, zHomeQuery, zKeyFigures, zSavings, zTrends, zWatchlist } from '@veracity/contracts/home';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, accountOf } from '../../http/access.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { HomeFigures } from './home.service.js';

/** The home dashboard is readable by every account with the home view, the demo account included. */
const READ: Access = { kind: 'account', view: 'home' };

/**
 * The home dashboard's widgets (spec 02 §2): key figures, invalid traffic by channel, trends,
 * watchlist and savings, each its own call so that each section loads on its own.
 */
export const homeRoutes =
  (events: EventStore): FastifyPluginAsyncZod =>
  async (app) => {
    // Loads in progress by account and range: the five widget calls a page makes at once share one
    // (each needs the same channel breakdowns of both periods).
    const inFlight = new Map<string, Promise<HomeFigures>>();
    const figures = (request: Parameters<typeof accountOf>[0], query: { from: string; to: string }) => {
      const { relationship } = accountOf(request);
      const key = JSON.stringify([
        relationship.id,
        relationship.timezone,
        relationship.defaultCpc,
        query.from,
        query.to,
      ]);
      let load = inFlight.get(key);
      if (!load) {
        load = HomeFigures.load(events, relationship, query).finally(() => inFlight.delete(key));
        inFlight.set(key, load);
      }
      return load;
    };

    app.get(
      '/home/key-figures',
      { config: { access: READ }, schema: { querystring: zHomeQuery, response: { 200: zKeyFigures } } },
      async (request) => (await figures(request, request.query)).keyFigures(),
    );
    app.get(
      '/home/channels',
      { config: { access: READ }, schema: { querystring: zHomeQuery, response: { 200: zChannels } } },
      async (request) => ({ channels: (await figures(request, request.query)).channels() }),
    );
    app.get(
      '/home/trends',
      { config: { access: READ }, schema: { querystring: zHomeQuery, response: { 200: zTrends } } },
      async (request) => (await figures(request, request.query)).trends(),
    );
    app.get(
      '/home/watchlist',
      { config: { access: READ }, schema: { querystring: zHomeQuery, response: { 200: zWatchlist } } },
      async (request) => (await figures(request, request.query)).watchlist(),
    );
    app.get(
      '/home/savings',
      { config: { access: READ }, schema: { querystring: zHomeQuery, response: { 200: zSavings } } },
      async (request) => (await figures(request, request.query)).savings(),
    );
  };
