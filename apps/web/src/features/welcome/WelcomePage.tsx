import type { Health } from '@veracity/contracts/health';
import { PRODUCT_VERSION } from '@veracity/contracts/storage-keys';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Logo } from '../../components/Logo/Logo';
import { Spinner } from '../../components/Spinner/Spinner';
import { describeApiError } from '../../lib/api-errors';
import { Link } from '../../lib/navigation';
import styles from './WelcomePage.module.css';
import { useHealth } from './welcome.api';

function formatUptime(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${Math.floor(seconds)} s`;
}

function StoreTable({ health }: { health: Health }) {
  return (
    <table className={styles.table} data-testid="health-stores">
      <thead>
        <tr>
          <th scope="col">Store</th>
          <th scope="col">Kind</th>
          <th scope="col">Status</th>
          <th scope="col" className={styles.number}>
            Latency
          </th>
        </tr>
      </thead>
      <tbody>
        {health.stores.map((store) => (
          <tr key={store.name} data-testid={`store-${store.name}`}>
            <td className={styles.storeName}>{store.name}</td>
            <td>
              <code>{store.kind}</code>
            </td>
            <td>
              <span className={styles.status} data-status={store.status} title={store.detail}>
                {store.status === 'up' ? 'Up' : 'Down'}
              </span>
            </td>
            <td className={styles.number}>
              {store.latencyMs === undefined ? '–' : `${store.latencyMs.toFixed(0)} ms`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ServiceStatus() {
  const health = useHealth();
  if (health.isPending) {
    return (
      <div className={styles.pending}>
        <Spinner size="s" label="" /> Checking the service…
      </div>
    );
  }
  if (health.isError) {
    const outcome = describeApiError(health.error);
    return (
      <div className={styles.failure} data-testid="health-error">
        <p>{outcome.kind === 'message' ? outcome.messages.join(' ') : 'The service did not answer.'}</p>
        <Button size="s" variation="white" onClick={() => void health.refetch()}>
          Check again
        </Button>
      </div>
    );
  }
  const { data } = health;
  return (
    <>
      <div className={styles.summary}>
        <span className={styles.overall} data-status={data.status} data-testid="health-status">
          {data.status === 'ok' ? 'All systems operational' : 'Degraded: some stores are down'}
        </span>
        <span className={styles.meta}>
          Server {data.version} · up {formatUptime(data.uptimeSeconds)}
        </span>
      </div>
      <StoreTable health={data} />
    </>
  );
}

/** The start page until accounts arrive: what Veracity is, how the service is doing, the component catalogue. */
export function WelcomePage() {
  return (
    <div className={styles.page} data-testid="welcome">
      <header className={styles.top}>
        <Logo />
        <span className={styles.version}>Dashboard {PRODUCT_VERSION}</span>
      </header>
      <main className={styles.main}>
        <section className={styles.hero}>
          <h1>Ad-traffic quality and click-fraud protection</h1>
          <p>
            Veracity audits your website traffic and classifies every session as{' '}
            <span className={styles.tier} data-tier="legitimate">
              legitimate
            </span>
            ,{' '}
            <span className={styles.tier} data-tier="suspicious">
              suspicious
            </span>{' '}
            or{' '}
            <span className={styles.tier} data-tier="invalid">
              invalid
            </span>{' '}
            across your ad channels.
          </p>
        </section>
        <div className={styles.grid}>
          <Card title="Service status" className={styles.statusCard} data-testid="service-status">
            <ServiceStatus />
          </Card>
          <Card title="Sign-in" data-testid="sign-in-status">
            <p className={styles.note}>
              Sign-in arrives with accounts: login, relationship selection and the private dashboard are the
              next milestone. Until then this page reports on the service.
            </p>
          </Card>
          <Card title="Component catalogue" data-testid="catalogue-link">
            <p className={styles.note}>
              Every design-system component, its variations and the design tokens.
            </p>
            <Link to="/sandbox" className={styles.cta}>
              Open the sandbox →
            </Link>
          </Card>
        </div>
      </main>
    </div>
  );
}
