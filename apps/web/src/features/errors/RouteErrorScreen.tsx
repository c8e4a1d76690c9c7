import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/Button/Button';
import { Logo } from '../../components/Logo/Logo';
import { Link } from '../../lib/navigation';
import styles from './RouteErrorScreen.module.css';
import { RELOAD_LABEL, ROUTE_ERROR_MESSAGE } from './route-error-message';

export { ROUTE_ERROR_MESSAGE };

/** The error screen of every route (spec 01 §2); route responses also show status and status text. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const response = isRouteErrorResponse(error) ? error : null;
  return (
    <div className={styles.screen} data-testid="route-error">
      <div className={styles.card} role="alert">
        <Logo />
        {response ? (
          <p className={styles.status} data-testid="route-error-status">
            <span className={styles.code}>{response.status}</span> {response.statusText}
          </p>
        ) : null}
        <p className={styles.message}>{ROUTE_ERROR_MESSAGE}</p>
        <div className={styles.actions}>
          <Button variation="secondary" onClick={() => window.location.reload()}>
            {RELOAD_LABEL}
          </Button>
          <Link to="/" className={styles.link}>
            Go to the start page
          </Link>
        </div>
      </div>
    </div>
  );
}
