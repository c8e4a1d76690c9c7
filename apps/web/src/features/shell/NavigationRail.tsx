import { NavLink } from '../../lib/navigation';
import styles from './AppShell.module.css';
import type { NavigationGroup } from './navigation-items';

interface NavigationRailProps {
  groups: readonly NavigationGroup[];
  onNavigate?: () => void;
}

export function NavigationRail({ groups, onNavigate }: NavigationRailProps) {
  return (
    <nav className={styles.navigation} aria-label="Sections">
      {groups.map((group) => (
        <div
          key={group.section}
          className={styles.group}
          data-testid={`nav-section-${group.section.toLowerCase()}`}
        >
          <h2 className={styles.groupTitle}>{group.section}</h2>
          <ul className={styles.items}>
            {group.items.map((item) => (
              <li key={item.path}>
                <NavLink
                  to={item.path}
                  className={({ isActive }) => (isActive ? `${styles.item} ${styles.active}` : styles.item)}
                  data-view={item.view}
                  onClick={onNavigate}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
