import { Link } from '../../lib/navigation';
import { FORCE_SELECTION_PARAM, ROLE_PATH } from '../session/guard';
import styles from './SessionMenus.module.css';

/** The current company; the link reopens the relationship selector (spec 01 §2, forceSelection). */
export function AccountSwitcher({ companyName }: { companyName: string | null }) {
  return (
    <Link
      to={`${ROLE_PATH}?${FORCE_SELECTION_PARAM}=true`}
      className={styles.switcher}
      data-testid="account-switcher"
      title="Switch account"
    >
      <span className={styles.switcherLabel}>Account</span>
      <span className={styles.company}>{(companyName ?? '').toUpperCase()}</span>
      <span className={styles.switchHint}>Switch</span>
    </Link>
  );
}
