import { PageHeader } from '../../components/PageHeader/PageHeader';
import styles from './Account.module.css';
import { LoginAccessCard } from './LoginAccessCard';
import { TrafficIpListCard } from './TrafficIpListCard';

/**
 * /account/access-login-settings: who may sign in from where, and the two traffic IP lists (which
 * /setup/security/ip-settings will host as well).
 */
export function AccessPage() {
  return (
    <div className={styles.page} data-testid="account-access-page">
      <PageHeader title="Access & login" eyebrow="Account" />
      <LoginAccessCard />
      <TrafficIpListCard list="whitelist" />
      <TrafficIpListCard list="blacklist" />
    </div>
  );
}
