import { DropdownMenu } from 'radix-ui';
import { useNavigateWithSearch } from '../../lib/navigation';
import styles from './SessionMenus.module.css';

interface UserMenuProps {
  name: string;
  email: string;
  /** A support person working as the customer (login-as). */
  ghost: boolean;
  ghostRole: string | null;
  /** The instance admin (support staff) gets the support console and the outbox in the menu. */
  support?: boolean;
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0] ?? '')
    .join('');
  return letters.slice(0, 2).toUpperCase() || '?';
}

/**
 * The user's name with a menu: user administration, the support console for support staff, and logout;
 * a badge during a support session.
 */
export function UserMenu({ name, email, ghost, ghostRole, support = false }: UserMenuProps) {
  const navigate = useNavigateWithSearch();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={styles.user} data-testid="user-menu">
        <span className={styles.avatar} aria-hidden="true">
          {initials(name)}
        </span>
        <span className={styles.userText}>
          <span className={styles.userName}>{name}</span>
          {ghost ? (
            <span className={styles.ghost} data-testid="support-session-badge" title={ghostRole ?? undefined}>
              Support session
            </span>
          ) : (
            <span className={styles.userEmail}>{email}</span>
          )}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="start" sideOffset={6}>
          <DropdownMenu.Item
            className={styles.menuItem}
            onSelect={() => navigate('/account/user')}
            data-testid="user-menu-account"
          >
            Profile &amp; users
          </DropdownMenu.Item>
          {support && !ghost ? (
            <DropdownMenu.Item
              className={styles.menuItem}
              onSelect={() => navigate('/support')}
              data-testid="user-menu-support"
            >
              Support console
            </DropdownMenu.Item>
          ) : null}
          {support && !ghost ? (
            <DropdownMenu.Item
              className={styles.menuItem}
              onSelect={() => navigate('/support/outbox')}
              data-testid="user-menu-outbox"
            >
              Outbox
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item
            className={styles.menuItem}
            onSelect={() => navigate('/logout')}
            data-testid="user-menu-logout"
          >
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
