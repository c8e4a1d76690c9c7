import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo/Logo';
import styles from './AuthLayout.module.css';

/** The marketing lines beside the login and email-verification cards (spec 01 §2). */
export const MARKETING_LINES = [
  'While you were away',
  'Veracity has been auditing your traffic',
  'and preventing ad fraud for you',
] as const;

interface AuthLayoutProps {
  /** Login and email verification show the marketing panel; the other screens a big logo. */
  variant?: 'marketing' | 'logo';
  /** data-testid of the screen root. */
  testId: string;
  /** A wider card, for forms with more fields. */
  wide?: boolean;
  children: ReactNode;
}

export function AuthLayout({ variant = 'logo', testId, wide = false, children }: AuthLayoutProps) {
  const card = (
    <div className={[styles.card, wide ? styles.wide : ''].filter(Boolean).join(' ')}>{children}</div>
  );
  if (variant === 'marketing') {
    return (
      <main className={styles.split} data-testid={testId}>
        <section className={styles.formSide}>
          <div className={styles.smallLogo}>
            <Logo />
          </div>
          {card}
        </section>
        <aside className={styles.marketing} aria-label="About Veracity" data-testid="marketing-panel">
          <p className={styles.marketingLead}>{MARKETING_LINES[0]}</p>
          <p className={styles.marketingLine}>
            {MARKETING_LINES[1]}
            <br />
            {MARKETING_LINES[2]}
          </p>
          <ul className={styles.tiers} aria-hidden="true">
            <li data-tier="legitimate">Legitimate</li>
            <li data-tier="suspicious">Suspicious</li>
            <li data-tier="invalid">Invalid</li>
          </ul>
        </aside>
      </main>
    );
  }
  return (
    <main className={styles.centred} data-testid={testId}>
      <div className={styles.bigLogo}>
        <Logo />
      </div>
      {card}
    </main>
  );
}

/** The title and optional lead paragraph of an auth card. */
export function AuthHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className={styles.heading}>
      <h1 className={styles.title}>{title}</h1>
      {children ? <p className={styles.lead}>{children}</p> : null}
    </header>
  );
}

/** A screen-level message under a form: the API's answer, read to screen readers at once. */
export function FormMessage({
  messages,
  testId,
  tone = 'error',
}: {
  messages: readonly string[];
  testId: string;
  tone?: 'error' | 'success';
}) {
  if (messages.length === 0) return null;
  return (
    <div className={styles.message} data-tone={tone} role="alert" data-testid={testId}>
      {messages.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

export { styles as authStyles };
