import { PageHeader } from '../../components/PageHeader/PageHeader';
import { hasPermission, useMe, usePermissions } from '../session/session.api';
import styles from './Account.module.css';
import { PasswordCard } from './PasswordCard';
import { ProfileCard } from './ProfileCard';
import { SessionsCard } from './SessionsCard';
import { UsersCard } from './UsersCard';

export const SUPPORT_SESSION_TEXT =
  'This is a support session: the password and the users of the account can only be changed by its own members.';

/**
 * /account/user: the person's own profile, password and sessions, and for admins (account_manage_users) the
 * administration of the account's users.
 */
export function UserPage() {
  const me = useMe();
  const permissions = usePermissions();
  const isAdmin = me.data?.isAdmin === true || hasPermission(permissions.data, 'account_manage_users');
  // The server refuses password and user changes in support (ghost) sessions.
  const ghost = me.data?.ghost === true;
  return (
    <div className={styles.page} data-testid="account-user-page">
      <PageHeader title="Profile & users" eyebrow="Account" />
      <ProfileCard />
      {ghost ? (
        <p className={styles.notice} data-testid="user-support-session">
          {SUPPORT_SESSION_TEXT}
        </p>
      ) : (
        <>
          <PasswordCard />
          {me.data ? <SessionsCard email={me.data.email} /> : null}
        </>
      )}
      {isAdmin && me.data && !ghost ? <UsersCard selfEmail={me.data.email} /> : null}
    </div>
  );
}
