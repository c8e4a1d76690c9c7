import { zOkResponse } from '@veracity/contracts/auth';
import {
  zBillingState,
  zCheckoutBody,
  zCheckoutFinishBody,
  zGuestCheckoutBody,
  zGuestCheckoutFinishBody,
  zGuestCheckoutFinishResponse,
  zHostedPage,
  zPortalBody,
  zPortalSession,
} from '@veracity/contracts/billing';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sameSecret } from '../../accounts/secrets.js';
import { accountOf } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import { dashboardBaseUrl } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import { billingAccountOf } from './billing.repo.js';
import {
  checkout,
  checkoutFinish,
  guestCheckout,
  guestCheckoutFinish,
  paymentPageUrl,
  portal,
} from './billing.service.js';
import type { BillingIntegration } from './billing-wiring.js';
import { billingState, handleBillingEvent } from './subscription-sync.service.js';
import { eventOfWebhook, zWebhookBody } from './webhook-event.js';

/** Whether the request carries the webhook's Basic auth (compared in constant time). */
function webhookAuthorised(request: FastifyRequest, expected: { user: string; password: string }): boolean {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim()) : null;
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const userOk = sameSecret(decoded.slice(0, colon), expected.user);
  const passwordOk = sameSecret(decoded.slice(colon + 1), expected.password);
  return userOk && passwordOk;
}

/** The /billing calls (spec 01 §7, issue 37; docs/billing.md). */
export const billingRoutes =
  (services: Services, billing: BillingIntegration): FastifyPluginAsyncZod =>
  async (app) => {
    const { deps } = billing;
    const publicAccess = { config: { access: { kind: 'public' as const } } };
    // Buying and changing the plan: the account's admins, never in a support session.
    const adminWrite = {
      config: {
        access: { kind: 'account', permission: 'account_manage_users', noGhost: true, write: true } as const,
      },
    };
    const client = (request: FastifyRequest) => {
      const userAgent = request.headers['user-agent'];
      return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
    };
    const returnUrl = (request: FastifyRequest) => dashboardBaseUrl(services.config, request);

    app.post(
      '/billing/guest-checkout',
      { ...publicAccess, schema: { body: zGuestCheckoutBody, response: { 200: zHostedPage } } },
      async (request) => {
        await services.requestLimits.signupPerIp(request);
        return guestCheckout(deps, request.body, returnUrl(request));
      },
    );

    app.post(
      '/billing/guest-checkout-finish',
      {
        ...publicAccess,
        schema: { body: zGuestCheckoutFinishBody, response: { 200: zGuestCheckoutFinishResponse } },
      },
      async (request) => {
        await services.requestLimits.publicFormPerIp(request);
        const hash = await guestCheckoutFinish(deps, request.body, client(request));
        return { loginToken: { hash } };
      },
    );

    app.get(
      '/billing/subscription',
      {
        config: { access: { kind: 'account', view: 'plans' } },
        schema: { response: { 200: zBillingState } },
      },
      async (request) => billingState(deps, accountOf(request).relationship),
    );

    app.post(
      '/billing/checkout',
      { ...adminWrite, schema: { body: zCheckoutBody, response: { 200: zHostedPage } } },
      async (request) => checkout(deps, accountOf(request), request.body, returnUrl(request)),
    );

    app.post(
      '/billing/checkout-finish',
      { ...adminWrite, schema: { body: zCheckoutFinishBody, response: { 200: zBillingState } } },
      async (request) => checkoutFinish(deps, accountOf(request), request.body.hostedPageId),
    );

    app.post(
      '/billing/portal',
      { ...adminWrite, schema: { body: zPortalBody, response: { 200: zPortalSession } } },
      async (request) => portal(deps, accountOf(request), request.body?.subscriptionId, returnUrl(request)),
    );

    // TEST MODE only: the built-in provider plays a renewal whose payment fails, so that an admin can
    // see the failed-payment path (its webhook, /account-inactive, "Reactivate access") end to end.
    const { builtin } = billing;
    if (builtin) {
      app.post(
        '/billing/test-mode/fail-renewal',
        { ...adminWrite, schema: { response: { 200: zOkResponse } } },
        async (request) => {
          const account = await billingAccountOf(services.db, accountOf(request).relationship.id);
          if (!account?.subscription_id) throw ApiError.notFound('This account has no subscription');
          await builtin.failRenewal(account.subscription_id);
          return { ok: true as const };
        },
      );
    }

    // "Reactivate access" of an inactive account opens this link (the account's stored payment URL):
    // a fresh payment page of the provider each time, since theirs expire.
    app.get(
      '/billing/pay',
      // The token rides in the query, whose `token` the request log redacts (http/log-redaction.ts).
      { ...publicAccess, schema: { querystring: z.object({ token: z.string().min(20).max(64) }) } },
      async (request, reply) => {
        await services.requestLimits.publicFormPerIp(request);
        return reply.redirect(await paymentPageUrl(deps, request.query.token, returnUrl(request)), 303);
      },
    );

    // The provider's events. Basic auth is checked before the body is read: a forged event is 401.
    app.post(
      '/billing/webhook',
      {
        ...publicAccess,
        onRequest: async (request, reply) => {
          if (!webhookAuthorised(request, billing.webhookCredentials)) {
            reply.header('www-authenticate', 'Basic realm="veracity-billing"');
            throw ApiError.unauthorized('Webhook credentials not valid');
          }
        },
        schema: { body: zWebhookBody, response: { 200: zOkResponse } },
      },
      async (request) => {
        const outcome = await handleBillingEvent(deps, eventOfWebhook(request.body));
        request.log.info(
          { eventId: request.body.id, eventType: request.body.event_type, outcome },
          'billing webhook',
        );
        return { ok: true as const };
      },
    );
  };
