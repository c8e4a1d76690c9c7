import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '../../components/Logo/Logo';
import { Link, NavLink } from '../../lib/navigation';
import styles from './Sandbox.module.css';
import { SANDBOX_PAGES } from './sandbox-pages';

/** The catalogue frame: a header with the page list, the page below. */
export function SandboxLayout() {
  return (
    <div className={styles.layout}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/" className={styles.brand} aria-label="Veracity home">
            <Logo />
          </Link>
          <NavLink to="/sandbox" end className={styles.catalogueLink}>
            Components
          </NavLink>
          <nav className={styles.pageNav} aria-label="Sandbox pages">
            {SANDBOX_PAGES.filter((page) => page.path !== 'shell').map((page) => (
              <NavLink
                key={page.path}
                to={`/sandbox/${page.path}`}
                className={({ isActive }) =>
                  isActive ? `${styles.pageLink} ${styles.active}` : styles.pageLink
                }
              >
                {page.title}
              </NavLink>
            ))}
            <NavLink to="/sandbox/shell" className={styles.pageLink}>
              Shell
            </NavLink>
          </nav>
        </div>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}

interface SandboxPageProps {
  title: string;
  intro: ReactNode;
  testId: string;
  children: ReactNode;
}

export function SandboxPage({ title, intro, testId, children }: SandboxPageProps) {
  return (
    <div className={styles.page} data-testid={testId}>
      <div className={styles.pageHeading}>
        <h1>{title}</h1>
        <p className={styles.intro}>{intro}</p>
      </div>
      {children}
    </div>
  );
}

interface SandboxSectionProps {
  title: string;
  description?: ReactNode;
  testId: string;
  children: ReactNode;
}

export function SandboxSection({ title, description, testId, children }: SandboxSectionProps) {
  return (
    <section className={styles.section} data-testid={testId} aria-labelledby={`${testId}-title`}>
      <header className={styles.sectionHeader}>
        <h2 id={`${testId}-title`}>{title}</h2>
        {description ? <p className={styles.sectionDescription}>{description}</p> : null}
      </header>
      <div className={styles.sectionBody}>{children}</div>
    </section>
  );
}

/** A labelled cell of a demo grid. */
export function Specimen({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.specimen}>
      <span className={styles.specimenLabel}>{label}</span>
      <div className={styles.specimenBody}>{children}</div>
    </div>
  );
}
