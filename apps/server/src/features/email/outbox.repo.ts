import type { OutboxMessage } from '@veracity/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';
import type { Mail } from './mailer.js';

/** Records a mail in the outbox; returns its id. */
export async function insertOutboxMail(db: Kysely<Database>, mail: Mail): Promise<number> {
  const row = await db
    .insertInto('email_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      kind: mail.kind,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Notes how sending went: the time it was sent, or the error SMTP gave. */
export async function markOutboxMail(
  db: Kysely<Database>,
  id: number,
  outcome: { sent_at: string } | { error: string },
): Promise<void> {
  await db.updateTable('email_outbox').set(outcome).where('id', '=', id).execute();
}

export async function listOutbox(db: Kysely<Database>, to?: string, limit = 100): Promise<OutboxMessage[]> {
  let query = db.selectFrom('email_outbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (to) query = query.where('to_address', '=', to.trim().toLowerCase());
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    kind: row.kind,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  }));
}
