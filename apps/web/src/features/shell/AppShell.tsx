import { Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Icon } from '../../components/Icon/Icon';
import { Logo } from '../../components/Logo/Logo';
import { Link } from '../../lib/navigation';
import styles from './AppShell.module.css';
import { NavigationRail } from './NavigationRail';
import type { NavigationGroup } from './navigation-items';

interface AppShellProps {
  groups: readonly NavigationGroup[];
  /** Where the logo leads. */
  homePath?: string;
  accountSwitcher?: ReactNode;
  userMenu?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of private screens: a left rail (logo, account switcher, sections, user menu) that
 * becomes a top bar with a menu button below 780 px; content in a 1280 px column.
 */
export function AppShell({ groups, homePath = '/', accountSwitcher, userMenu, children }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className={styles.shell} data-testid="app-shell">
      <aside className={styles.rail} aria-label="Main">
        <Link to={homePath} className={styles.logoLink} aria-label="Veracity home">
          <Logo />
        </Link>
        {accountSwitcher ? <div className={styles.slot}>{accountSwitcher}</div> : null}
        <NavigationRail groups={groups} />
        {userMenu ? <div className={styles.userSlot}>{userMenu}</div> : null}
      </aside>

      <header className={styles.topBar}>
        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Trigger className={styles.menuButton} aria-label="Open navigation">
            <Icon name="menu" />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className={styles.drawerOverlay} />
            <Dialog.Content className={styles.drawer} aria-describedby={undefined}>
              <div className={styles.drawerHeader}>
                <Dialog.Title asChild>
                  <span>
                    <Logo />
                  </span>
                </Dialog.Title>
                <Dialog.Close className={styles.menuButton} aria-label="Close navigation">
                  <Icon name="close" />
                </Dialog.Close>
              </div>
              {accountSwitcher ? <div className={styles.slot}>{accountSwitcher}</div> : null}
              <NavigationRail groups={groups} onNavigate={() => setMenuOpen(false)} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <Link to={homePath} className={styles.logoLink} aria-label="Veracity home">
          <Logo />
        </Link>
        {userMenu ? <div className={styles.topBarUser}>{userMenu}</div> : null}
      </header>

      <main className={styles.main}>
        <div className={styles.content}>{children}</div>
      </main>
    </div>
  );
}
