import type { SupportRelationship } from '@veracity/contracts/account';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { useNotify } from '../../components/Notifications/use-notify';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { ScrollRegion } from '../../components/Table/ScrollRegion';
import { describeApiError } from '../../lib/api-errors';
import { useMe } from '../session/session.api';
import styles from './SupportPage.module.css';
import { SupportSearchForm, SupportSearchResults } from './SupportSearch';
import { createLoginAsLink, useSupportRelationships } from './support.api';

/** The role a support session acts with; every session is written to the audit log. */
const SUPPORT_ROLE = 'Support';

/** Leaves for the login-as link (kept apart so tests can replace it). */
export const supportNavigation = { assign: (url: string) => window.location.assign(url) };

/**
 * /support: support staff find a customer account and open it in a support session (spec 01 §2,
 * login-as). The dashboard keeps one session per browser (the token lives in localStorage), so the
 * support session replaces this one: logging out of it returns to the login.
 */
export function SupportPage() {
  const me = useMe();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [opening, setOpening] = useState<number | null>(null);
  const relationships = useSupportRelationships(search);

  if (me.data && !me.data.isSupport) {
    return (
      <div className={styles.page} data-testid="support-page">
        <PageHeader title="Support" eyebrow="Account" />
        <p className={styles.intro}>This console is for support staff.</p>
      </div>
    );
  }

  const open = async (relationship: SupportRelationship) => {
    setOpening(relationship.id);
    try {
      const link = await createLoginAsLink(relationship.id, SUPPORT_ROLE);
      supportNavigation.assign(link.url);
    } catch (error) {
      const outcome = describeApiError(error);
      if (outcome.kind === 'message') notify.error(outcome.messages.join(' '));
      setOpening(null);
    }
  };

  return (
    <div className={styles.page} data-testid="support-page">
      <PageHeader title="Support" eyebrow="Account" />
      <p className={styles.intro}>
        Open a customer account in a support session to see what they see. It replaces your own session until
        you log out; password and user changes are not possible there, and every session is recorded in the
        account's audit log. The mail the server wrote is in the{' '}
        <Link to="/support/outbox" data-testid="support-outbox-link">
          outbox
        </Link>
        .
      </p>
      <Card flush>
        <SupportSearchForm
          label="Company name or account id"
          inputTestId="support-search"
          submitTestId="support-search-submit"
          onSearch={setSearch}
        />
        <SupportSearchResults
          query={relationships}
          emptyText={`No account matches “${search}”.`}
          emptyTestId="support-empty"
        >
          {(rows) => (
            <ScrollRegion className={styles.tableWrap} label="Accounts found">
              <table className={styles.table} data-testid="support-table">
                <thead>
                  <tr>
                    <th scope="col">Account</th>
                    <th scope="col">Plan</th>
                    <th scope="col" className={styles.number}>
                      Members
                    </th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((relationship) => (
                    <tr key={relationship.id} data-testid={`support-row-${relationship.id}`}>
                      <td>
                        {relationship.companyName} <span className={styles.muted}>#{relationship.id}</span>
                      </td>
                      <td>{relationship.planType}</td>
                      <td className={styles.number}>{relationship.members}</td>
                      <td>{relationship.active ? 'Active' : 'Inactive'}</td>
                      <td>
                        <Button
                          size="xs"
                          variation="secondary"
                          loading={opening === relationship.id}
                          onClick={() => void open(relationship)}
                          data-testid={`support-open-${relationship.id}`}
                        >
                          Open as support
                        </Button>
                      </td>
                    </tr>
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
