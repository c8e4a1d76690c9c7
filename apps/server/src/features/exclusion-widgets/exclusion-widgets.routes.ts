import {
  EXCLUSION_WIDGET_CHANNELS,
  type ExclusionWidgetChannel,
  zExclusionWidget,
  zExclusionWidgetBody,
} from '@veracity/contracts/google-ads';
import type { ViewId } from '@veracity/contracts/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/access.js';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { exclusionWidget } from './exclusion-widgets.service.js';

/** The view of each channel's page, which its widget needs (spec 02 §6: plan and feature flags). */
const CHANNEL_VIEW: Record<ExclusionWidgetChannel, ViewId> = {
  'search-display': 'search_display',
  shopping: 'shopping',
  pmax: 'pmax',
  facebook: 'facebook_ads',
  microsoft: 'microsoft_main',
  tiktok: 'tiktok_ads',
};

/**
 * POST /api/widget/{channel}/exclusions: a channel page's exclusion widget. Sent as POST like the other
 * widget calls, it changes nothing (`write: false`, the demo account included).
 */
export const exclusionWidgetsRoutes =
  (services: Services, events: EventStore): FastifyPluginAsyncZod =>
  async (app) => {
    for (const channel of EXCLUSION_WIDGET_CHANNELS) {
      app.post(
        `/widget/${channel}/exclusions`,
        {
          config: { access: { kind: 'account', view: CHANNEL_VIEW[channel], write: false } },
          schema: { body: zExclusionWidgetBody, response: { 200: zExclusionWidget } },
        },
        async (request) =>
          exclusionWidget(events, services.db, accountOf(request).relationship, channel, request.body),
      );
    }
  };
