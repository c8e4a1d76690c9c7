import { PageHeader } from '../../components/PageHeader/PageHeader';
import { hasPermission, useMe, usePermissions } from '../session/session.api';
import styles from './Account.module.css';
import { PasswordCard } from './PasswordCard';
import { ProfileCard } from './ProfileCard';
import { UsersCard } from './UsersCard';

/**
 * /account/user: the person's own profile and password, and for admins (account_manage_users) the
 * administration of the account's users.
 */
export function UserPage() {
  const me = useMe();
  const permissions = usePermissions();
  const isAdmin = me.data?.isAdmin === true || hasPermission(permissions.data, 'account_manage_users');
  return (
    <div className={styles.page} data-testid="account-user-page">
      <PageHeader title="Profile & users" eyebrow="Account" />
      <ProfileCard />
      <PasswordCard />
      {isAdmin && me.data ? <UsersCard selfEmail={me.data.email} /> : null}
    </div>
  );
}
