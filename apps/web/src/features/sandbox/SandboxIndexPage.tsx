import { Link } from '../../lib/navigation';
import styles from './Sandbox.module.css';
import { SandboxPage } from './SandboxLayout';
import { SANDBOX_PAGES } from './sandbox-pages';

export function SandboxIndexPage() {
  return (
    <SandboxPage
      title="Component catalogue"
      intro="A living catalogue of Veracity's design system: every component with its variations and states, and the design tokens they are made of."
      testId="sandbox-index"
    >
      <nav className={styles.indexGrid} aria-label="Catalogue pages">
        {SANDBOX_PAGES.map((page) => (
          <Link
            key={page.path}
            to={`/sandbox/${page.path}`}
            className={styles.indexCard}
            data-testid={`sandbox-link-${page.path}`}
          >
            <h2>{page.title}</h2>
            <p>{page.summary}</p>
          </Link>
        ))}
      </nav>
    </SandboxPage>
  );
}
