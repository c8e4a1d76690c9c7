import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, login, uniqueEmail } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * The outbox holds every mail the server wrote, reset and invitation links included: only the
 * instance admin (the support user created at the first start) may read it, in every mode.
 */
describe('the outbox', () => {
  const modes: [string, Record<string, string>][] = [
    ['NODE_ENV unset', { NODE_ENV: '' }],
    ['development', { NODE_ENV: 'development' }],
    [
      'production',
      {
        NODE_ENV: 'production',
        SECRET_KEY: 'x'.repeat(40),
        // Production bills through Chargebee (never called here): the built-in test mode is refused.
        CHARGEBEE_SITE: 'acme-test',
        CHARGEBEE_API_KEY: 'test_key',
        CHARGEBEE_WEBHOOK_USER: 'hooks',
        CHARGEBEE_WEBHOOK_PASSWORD: 'p'.repeat(20),
      },
    ],
  ];
  for (const [mode, env] of modes) {
    describe(mode, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await startTestApp(env);
      });
      afterAll(async () => {
        await t.close();
      });

      it('shows no mail to anyone but the instance admin', async () => {
        const customer = await createTenant(t);
        await call(t, 'POST', '/auth/password/forgot', { body: { email: customer.email } });
        const paths = ['/dev/outbox', `/dev/outbox?to=${customer.email}`, '/support/outbox'];
        for (const path of paths) {
          const anonymous = await call(t, 'GET', path);
          expect([401, 404], `anonymous ${path}: ${anonymous.body}`).toContain(anonymous.statusCode);
          expect(anonymous.body).not.toContain('reset-password');
        }
        const member = await call(t, 'GET', '/support/outbox', { token: await login(t, customer.email) });
        expect(member.statusCode).toBe(403);

        const admin = t.instanceAdmin;
        const adminToken = await login(t, admin.email, admin.password);
        const mails = await call(t, 'GET', `/support/outbox?to=${encodeURIComponent(customer.email)}`, {
          token: adminToken,
        });
        expect(mails.statusCode).toBe(200);
        const [mail] = mails.json() as { subject: string; text: string; to: string }[];
        expect(mail?.to).toBe(customer.email);
        expect(mail?.text).toContain('/auth/reset-password?');
        const nobody = await call(t, 'GET', `/support/outbox?to=${uniqueEmail('nobody')}`, {
          token: adminToken,
        });
        expect(nobody.json()).toEqual([]);
      });
    });
  }
});
