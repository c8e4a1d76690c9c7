import type { OutboxMessage } from '@veracity/contracts/account';
import { Fragment, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { ScrollRegion } from '../../components/Table/ScrollRegion';
import { formatDateTime } from '../account/format';
import { useMe } from '../session/session.api';
import styles from './SupportPage.module.css';
import { SupportSearchForm, SupportSearchResults } from './SupportSearch';
import { useOutbox } from './support.api';

export const OUTBOX_ADMIN_ONLY = 'The outbox is for the instance admin.';

/** What became of a mail: sent through SMTP, or kept here (no SMTP_URL, or sending failed). */
function status(message: OutboxMessage): string {
  return message.sentAt ? `Sent ${formatDateTime(message.sentAt)}` : 'Kept in the outbox';
}

/**
 * /support/outbox: every mail the server wrote, newest first (the latest 100), for the instance admin
 * (the support user of the first start) only. Without SMTP_URL mail stays here; its reset, verification
 * and invitation links open accounts, so no one else may read it (the server refuses them too).
 */
export function OutboxPage() {
  const me = useMe();
  const allowed = me.data?.isSupport === true && !me.data.ghost;
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const outbox = useOutbox(to, allowed);

  if (me.data && !allowed) {
    return (
      <div className={styles.page} data-testid="outbox-page">
        <PageHeader title="Outbox" eyebrow="Support" />
        <p className={styles.intro}>{OUTBOX_ADMIN_ONLY}</p>
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid="outbox-page">
      <PageHeader title="Outbox" eyebrow="Support" />
      <p className={styles.intro}>
        Every mail Veracity wrote, newest first (the latest 100). Without SMTP_URL, mail stays here: pass a
        link on only to the person it was written for. Only you, the instance admin, can see this page.
      </p>
      <Card flush>
        <SupportSearchForm
          label="Recipient"
          type="email"
          inputTestId="outbox-to"
          submitTestId="outbox-search"
          onSearch={(search) => {
            setTo(search);
            setOpen(null);
          }}
        />
        <SupportSearchResults
          query={outbox}
          emptyText={to ? `No mail to “${to}”.` : 'No mail yet.'}
          emptyTestId="outbox-empty"
        >
          {(messages) => (
            <ScrollRegion className={styles.tableWrap} label="Mail in the outbox">
              <table className={styles.table} data-testid="outbox-table">
                <thead>
                  <tr>
                    <th scope="col">Written</th>
                    <th scope="col">To</th>
                    <th scope="col">Subject</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {messages.map((message) => (
                    <Fragment key={message.id}>
                      <tr data-testid={`outbox-row-${message.id}`}>
                        <td>{formatDateTime(message.createdAt)}</td>
                        <td>{message.to}</td>
                        <td>{message.subject}</td>
                        <td>{message.kind}</td>
                        <td>{status(message)}</td>
                        <td>
                          <Button
                            size="xs"
                            variation="secondary"
                            aria-expanded={open === message.id}
                            onClick={() => setOpen(open === message.id ? null : message.id)}
                          >
                            {open === message.id ? 'Hide' : 'Show'}
                          </Button>
                        </td>
                      </tr>
                      {open === message.id ? (
                        <tr>
                          <td colSpan={6}>
                            <pre className={styles.mailText} data-testid={`outbox-text-${message.id}`}>
                              {message.text}
                            </pre>
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </SupportSearchResults>
      </Card>
    </div>
  );
}
