import {
  zAccountTokenResponse,
  zChangePasswordBody,
  zForgotPasswordBody,
  zLoginBody,
  zOkResponse,
  zPlanSignupBody,
  zPreregisterBody,
  zResetPasswordBody,
  zTokenResponse,
  zTrialSignupBody,
  zTrialSignupResponse,
  zValidateSignupResponse,
  zVerifyEmailBody,
} from '@veracity/contracts/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../http/access.js';
import { connectionOrigin } from '../../http/public-url.js';
import type { Services } from '../../services.js';
import {
  accountToken,
  approveLoginIp,
  type ClientInfo,
  changePassword,
  forgotPassword,
  login,
  logout,
  logoutEverywhere,
  preregister,
  resetPassword,
  trialSignup,
  validateSignup,
  verifyEmail,
} from './auth.service.js';

export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    connection: connectionOrigin(request) ?? null,
  };
}

/** Sign-in, sign-up, passwords, email verification and account selection (spec 01 §7). */
export const authRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const publicAccess = { config: { access: { kind: 'public' as const } } };

    app.post(
      '/auth/login',
      { ...publicAccess, schema: { body: zLoginBody, response: { 200: zTokenResponse } } },
      async (request) => ({
        hash: await login(services, request.body, clientOf(request)),
      }),
    );

    app.post(
      '/auth/logout',
      // Logging out changes nothing the demo shares: open to the demo user too.
      { config: { access: { kind: 'user', allowUnverified: true, write: false } } },
      async (request, reply) => {
        await logout(services, userOf(request));
        return reply.code(204).send();
      },
    );

    // Every session of the person, this one included: "Log out everywhere" in the profile. Not in a
    // support session, whose sessions are the support person's own.
    app.post(
      '/auth/logout-everywhere',
      { config: { access: { kind: 'user', allowUnverified: true, noGhost: true } } },
      async (request, reply) => {
        await logoutEverywhere(services, userOf(request));
        return reply.code(204).send();
      },
    );

    app.post(
      '/auth/trial-signup',
      { ...publicAccess, schema: { body: zTrialSignupBody, response: { 201: zTrialSignupResponse } } },
      async (request, reply) => {
        await services.requestLimits.signupPerIp(request);
        const hash = await trialSignup(services, request.body, clientOf(request));
        return reply.code(201).send({ loginToken: { hash } });
      },
    );

    app.post(
      '/auth/validate-signup',
      { ...publicAccess, schema: { body: zPlanSignupBody, response: { 200: zValidateSignupResponse } } },
      async (request) => {
        await services.requestLimits.signupPerIp(request);
        await validateSignup(services, request.body);
        return { valid: true as const };
      },
    );

    app.post(
      '/auth/preregister',
      { ...publicAccess, schema: { body: zPreregisterBody, response: { 200: zOkResponse } } },
      async (request) => {
        await services.requestLimits.publicFormPerIp(request);
        await preregister(services, request.body);
        return { ok: true as const };
      },
    );

    app.post(
      '/auth/password/forgot',
      { ...publicAccess, schema: { body: zForgotPasswordBody, response: { 200: zOkResponse } } },
      async (request) => {
        await services.requestLimits.forgotPerIp(request);
        await services.requestLimits.forgotPerAccountAddress(request);
        await forgotPassword(services, request.body.email, clientOf(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/auth/password/reset',
      { ...publicAccess, schema: { body: zResetPasswordBody, response: { 200: zTokenResponse } } },
      async (request) => {
        await services.requestLimits.publicFormPerIp(request);
        return { hash: await resetPassword(services, request.body, clientOf(request)) };
      },
    );

    app.post(
      '/auth/password/change',
      {
        config: { access: { kind: 'user', noGhost: true } },
        schema: { body: zChangePasswordBody, response: { 200: zTokenResponse } },
      },
      async (request) => ({
        hash: await changePassword(services, userOf(request), request.body, clientOf(request)),
      }),
    );

    app.post(
      '/auth/email/verify',
      { ...publicAccess, schema: { body: zVerifyEmailBody, response: { 200: zTokenResponse } } },
      async (request) => {
        await services.requestLimits.publicFormPerIp(request);
        return {
          hash: await verifyEmail(services, request.body.email, request.body.hash, clientOf(request)),
        };
      },
    );

    app.get(
      '/auth/account/:id',
      {
        config: { access: { kind: 'user' } },
        schema: {
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: zAccountTokenResponse },
        },
      },
      async (request) => accountToken(services, userOf(request), request.params.id, clientOf(request)),
    );

    // The one-click link of the unrecognised-IP email: a GET, because mail clients open links.
    app.get(
      '/auth/login-ip/approve',
      { ...publicAccess, schema: { querystring: z.object({ token: z.string().min(1).max(200) }) } },
      async (request, reply) => {
        await services.requestLimits.publicFormPerIp(request);
        const approved = await approveLoginIp(services, request.query.token);
        return reply.redirect(`/auth/login?ipApproved=${approved ? 'true' : 'false'}`, 303);
      },
    );
  };
