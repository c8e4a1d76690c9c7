import { PageHeader } from '../../components/PageHeader/PageHeader';
import styles from './Account.module.css';
import { LoginAccessCard } from './LoginAccessCard';

/**
 * /account/access-login-settings: who may sign in from where. The traffic IP lists live on
 * /setup/security/ip-settings.
 */
export function AccessPage() {
  return (
    <div className={styles.page} data-testid="account-access-page">
      <PageHeader title="Access & login" eyebrow="Account" />
      <LoginAccessCard />
    </div>
  );
}
