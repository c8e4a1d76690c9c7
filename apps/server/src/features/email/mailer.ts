import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../storage/oltp/schema.js';
import { insertOutboxMail, markOutboxMail } from './outbox.repo.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is for (verification, reset, invitation, ...): kept with the outbox row. */
  kind: string;
  /** Extra headers for SMTP (List-Unsubscribe, ...); not kept in the outbox. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Records the mail in the outbox and, when SMTP is configured, sends it. Never throws for SMTP. */
  send(mail: Mail): Promise<void>;
  /**
   * Sends, when SMTP is configured, a mail its caller already recorded in the outbox (`id`), e.g. in
   * the transaction that also marks it as sent once (the weekly performance mail). Never throws for SMTP.
   */
  deliver(id: number, mail: Mail): Promise<void>;
}

export const MAIL_FROM = 'Veracity <no-reply@veracity.example>';
const SMTP_TIMEOUT_MS = 10_000;

/**
 * Every mail goes to the outbox table first. With SMTP_URL it is then sent through nodemailer and the
 * row marked sent (or the error kept); without it the outbox is where mail stays. The instance admin
 * reads it through GET /api/support/outbox.
 */
export function createMailer(
  db: Kysely<Database>,
  smtpUrl: string | undefined,
  log: FastifyBaseLogger,
): Mailer {
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl, {
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      })
    : undefined;
  const deliver = async (id: number, mail: Mail) => {
    if (!transport) return;
    try {
      await transport.sendMail({
        from: MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      await markOutboxMail(db, id, { sent_at: new Date().toISOString() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, outboxId: id, kind: mail.kind }, 'sending mail failed');
      await markOutboxMail(db, id, { error: message.slice(0, 500) });
    }
  };
  return {
    async send(mail) {
      await deliver(await insertOutboxMail(db, mail), mail);
    },
    deliver,
  };
}
