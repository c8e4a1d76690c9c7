import {
  zExclusionEntry,
  zExclusionListQuery,
  zExclusionLogLine,
  zExclusionLogQuery,
  zGlobalIntelligenceEntry,
  zGoogleAdsAccountsBody,
  zGoogleAdsConnectAnswer,
  zGoogleAdsConnectBody,
  zGoogleAdsSettingsPatch,
  zGoogleAdsState,
  zGoogleAdsSyncAnswer,
  zGoogleAdsTrackingTemplateBody,
  zNeverExcludeCreateBody,
  zNeverExcludeEntry,
} from '@veracity/contracts/google-ads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, accountOf } from '../../http/access.js';
import { dashboardBaseUrl } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { actorOf } from '../account/audit.js';
import { syncNow } from './exclusion-sync.service.js';
import { exclusionEntries, exclusionLog } from './exclusions.service.js';
import { globalIntelligence } from './global-intelligence.service.js';
import {
  decideTrackingTemplate,
  googleAdsState,
  selectAccounts,
  unlink,
  updateSettings,
} from './google-ads.service.js';
import {
  CALLBACK_PATH,
  finishConnect,
  refreshHierarchy,
  startConnect,
} from './google-ads-linking.service.js';
import { addNeverExclude, neverExcludeEntries, removeNeverExclude } from './never-exclude.service.js';

/**
 * The Google Ads integration's dashboard API (issue 33; spec 02 §2, §3). Reading needs the google_ppc
 * view (plans and flags, spec 01 §6); every change also needs account_manage_integrations and is
 * refused to the demo (418). The OAuth callback carries no session: its single-use state identifies
 * the account and the person.
 */
const read: Access = { kind: 'account', view: 'google_ppc' };
const manage: Access = {
  kind: 'account',
  view: 'google_ppc',
  permission: 'account_manage_integrations',
  write: true,
};

const zCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});
const zIdParams = z.object({ id: z.coerce.number().int().positive() });

export const googleAdsRoutes =
  (services: Services, events: EventStore): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/integrations/google-ads';
    const state = (relationshipId: number) => googleAdsState(services, relationshipId);
    const redirectUri = (request: Parameters<typeof dashboardBaseUrl>[1]) =>
      `${dashboardBaseUrl(services.config, request)}${CALLBACK_PATH}`;

    app.get(
      base,
      { config: { access: read }, schema: { response: { 200: zGoogleAdsState } } },
      async (request) => state(accountOf(request).relationship.id),
    );

    app.post(
      `${base}/connect`,
      {
        config: { access: manage },
        schema: { body: zGoogleAdsConnectBody, response: { 200: zGoogleAdsConnectAnswer } },
      },
      async (request) => ({
        url: await startConnect(services, actorOf(request), request.body.returnPath, redirectUri(request)),
      }),
    );

    app.get(
      `${base}/oauth/callback`,
      { config: { access: { kind: 'public' } }, schema: { querystring: zCallbackQuery } },
      async (request, reply) => {
        const target = await finishConnect(
          services,
          request.log,
          request.query,
          redirectUri(request),
          request.ip,
        );
        return reply.redirect(target, 302);
      },
    );

    app.post(
      `${base}/refresh`,
      { config: { access: manage }, schema: { response: { 200: zGoogleAdsState } } },
      async (request) => {
        await refreshHierarchy(services, request.log, actorOf(request));
        return state(accountOf(request).relationship.id);
      },
    );

    app.put(
      `${base}/accounts`,
      {
        config: { access: manage },
        schema: { body: zGoogleAdsAccountsBody, response: { 200: zGoogleAdsState } },
      },
      async (request) => {
        await selectAccounts(services, actorOf(request), request.body.customerIds);
        return state(accountOf(request).relationship.id);
      },
    );

    app.patch(
      `${base}/settings`,
      {
        config: { access: manage },
        schema: { body: zGoogleAdsSettingsPatch, response: { 200: zGoogleAdsState } },
      },
      async (request) => {
        await updateSettings(services, actorOf(request), request.body);
        return state(accountOf(request).relationship.id);
      },
    );

    app.post(
      `${base}/tracking-template`,
      {
        config: { access: manage },
        schema: { body: zGoogleAdsTrackingTemplateBody, response: { 200: zGoogleAdsState } },
      },
      async (request) => {
        await decideTrackingTemplate(services, actorOf(request), request.body.apply);
        return state(accountOf(request).relationship.id);
      },
    );

    app.post(
      `${base}/sync`,
      { config: { access: manage }, schema: { response: { 200: zGoogleAdsSyncAnswer } } },
      async (request) => {
        const outcome = await syncNow({ services, events, log: request.log }, actorOf(request));
        const { mode, added, removed, failed, held } = outcome;
        return {
          ...(await state(accountOf(request).relationship.id)),
          sync: { mode, added, removed, failed, held },
        };
      },
    );

    app.delete(
      base,
      { config: { access: manage }, schema: { response: { 200: zGoogleAdsState } } },
      async (request) => {
        await unlink(services, actorOf(request));
        return state(accountOf(request).relationship.id);
      },
    );

    app.get(
      `${base}/never-exclude`,
      { config: { access: read }, schema: { response: { 200: z.array(zNeverExcludeEntry) } } },
      async (request) => neverExcludeEntries(services, accountOf(request).relationship.id),
    );

    app.post(
      `${base}/never-exclude`,
      {
        config: { access: manage },
        schema: { body: zNeverExcludeCreateBody, response: { 201: zNeverExcludeEntry } },
      },
      async (request, reply) =>
        reply.code(201).send(await addNeverExclude(services, actorOf(request), request.body)),
    );

    app.delete(
      `${base}/never-exclude/:id`,
      { config: { access: manage }, schema: { params: zIdParams } },
      async (request, reply) => {
        await removeNeverExclude(services, actorOf(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.get(
      `${base}/exclusions`,
      {
        config: { access: read },
        schema: { querystring: zExclusionListQuery, response: { 200: z.array(zExclusionEntry) } },
      },
      async (request) => exclusionEntries(services, accountOf(request).relationship.id, request.query),
    );

    app.get(
      `${base}/exclusion-log`,
      {
        config: { access: read },
        schema: { querystring: zExclusionLogQuery, response: { 200: z.array(zExclusionLogLine) } },
      },
      async (request) => exclusionLog(services, accountOf(request).relationship.id, request.query.limit),
    );

    app.get(
      `${base}/global-intelligence`,
      {
        config: { access: { kind: 'account', view: 'gads_global_intelligence' } },
        schema: { response: { 200: z.array(zGlobalIntelligenceEntry) } },
      },
      async (request) => globalIntelligence(services, events, accountOf(request).relationship.id),
    );
  };
