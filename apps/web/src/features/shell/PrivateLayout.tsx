import { isSelfServicePlan } from '@veracity/contracts/plans';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/Spinner/Spinner';
import { withCurrentSearch } from '../../lib/navigation';
import { readGhost } from '../session/session-storage';
import { useGuard } from '../session/use-guard';
import { SupportChat } from '../support-chat/SupportChat';
import { AccountSwitcher } from './AccountSwitcher';
import { AppShell } from './AppShell';
import { NAVIGATION_ITEMS, navigationGroups, visibleNavigationItems } from './navigation-items';
import styles from './PrivateLayout.module.css';
import { UserMenu } from './UserMenu';

/** The full-page wait while the guard loads the user (spec 01 §4, step 2). */
export function GuardSpinner() {
  return (
    <div className={styles.waiting} data-testid="guard-loading">
      <Spinner size="l" label="Loading your account" />
    </div>
  );
}

/**
 * The layout route of private screens: runs the route guard, then renders the navigation shell with
 * the rail entries the user may open, the account switcher and the user menu.
 */
export function PrivateLayout({ availablePaths }: { availablePaths: ReadonlySet<string> }) {
  const { search } = useLocation();
  const decision = useGuard();
  if (decision.kind === 'redirect') return <Navigate to={withCurrentSearch(decision.to, search)} replace />;
  if (decision.kind === 'loading') return <GuardSpinner />;

  const { me } = decision;
  const selfService = me.planType !== null && isSelfServicePlan(me.planType);
  const items = visibleNavigationItems(NAVIGATION_ITEMS, me.visibleViews, selfService);
  const ghost = readGhost();
  return (
    <AppShell
      groups={navigationGroups(items, availablePaths)}
      homePath="/"
      accountSwitcher={<AccountSwitcher companyName={me.companyName} />}
      userMenu={
        <UserMenu
          name={me.firstName}
          email={me.email}
          ghost={me.ghost || ghost.ghost}
          ghostRole={me.ghostRole ?? ghost.role}
          support={me.isSupport}
        />
      }
    >
      <Outlet />
      <SupportChat me={me} />
    </AppShell>
  );
}
