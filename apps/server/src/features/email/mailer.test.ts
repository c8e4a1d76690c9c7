import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, instanceAdminToken, uniqueEmail } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
function startSmtp(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ server, port, received });
    });
  });
}

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('sends the verification mail with text and HTML parts and marks it sent', async () => {
    const email = uniqueEmail('smtp');
    const signup = await call(t, 'POST', '/auth/trial-signup', {
      body: {
        email,
        firstName: '<b>Eve</b>',
        companyName: 'Mail & Co',
        jobTitle: 'Ops',
        password: 'a-long-password',
        terms: true,
      },
    });
    expect(signup.statusCode).toBe(201);
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail?.from).toBe('no-reply@veracity.example');
    expect(mail?.data).toContain('Subject: Verify your email for Veracity');
    expect(mail?.data).toContain('text/plain');
    expect(mail?.data).toContain('text/html');
    // The name is user input: escaped in the HTML part.
    expect(mail?.data).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    const [outbox] = (
      await call(t, 'GET', `/support/outbox?to=${email}`, { token: await instanceAdminToken(t) })
    ).json() as { sentAt: string | null }[];
    expect(outbox?.sentAt).not.toBeNull();
  });

  it("sends a mail's extra headers (the performance mail's one-click unsubscribe)", async () => {
    const email = uniqueEmail('headers');
    const url = `${t.config.publicUrl}/api/performance/unsubscribe/one-click?email=x&token=y`;
    await t.app.alertDeps.mailer.send({
      to: email,
      subject: 'Your week on Veracity',
      text: 'Figures',
      html: '<p>Figures</p>',
      kind: 'performance',
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    // Long headers come folded over lines: unfolded as a mail client reads them.
    const data = smtp.received.find((m) => m.to.includes(email))?.data.replace(/\r\n[ \t]+/g, ' ');
    expect(data).toContain(`List-Unsubscribe: <${url}>`);
    expect(data).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('keeps the mail in the outbox with the error when the SMTP server is gone, without failing the request', async () => {
    const broken = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const email = uniqueEmail('nosmtp');
      const forgot = await call(broken, 'POST', '/auth/password/forgot', { body: { email } });
      expect(forgot.statusCode).toBe(200);
      const signup = await call(broken, 'POST', '/auth/trial-signup', {
        body: {
          email,
          firstName: 'N',
          companyName: 'N',
          jobTitle: 'N',
          password: 'a-long-password',
          terms: true,
        },
      });
      expect(signup.statusCode).toBe(201);
      const rows = await broken.stores.accounts.db
        .selectFrom('email_outbox')
        .selectAll()
        .where('to_address', '=', email)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.sent_at).toBeNull();
      expect(rows[0]?.error).toBeTruthy();
    } finally {
      await broken.close();
    }
  });
});
