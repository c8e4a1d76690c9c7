import { Outlet } from 'react-router';
import { AppShell } from './AppShell';
import { NAVIGATION_ITEMS, navigationGroups } from './navigation-items';

/**
 * The layout route of private screens. The route guard, account switcher and user menu arrive with
 * the accounts issue; the rail already lists whichever private routes exist.
 */
export function PrivateLayout({ availablePaths }: { availablePaths: ReadonlySet<string> }) {
  return (
    <AppShell groups={navigationGroups(NAVIGATION_ITEMS, availablePaths)} homePath="/">
      <Outlet />
    </AppShell>
  );
}
