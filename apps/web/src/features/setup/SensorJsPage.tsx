import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { CopyButton } from '../../components/CopyButton/CopyButton';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { SkeletonRows } from '../../components/PageStates/PageStates';
import { INTEGRATION_DOCS_URL } from '../../lib/product-links';
import { useMe } from '../session/session.api';
import styles from './Setup.module.css';

export const SENSOR_RECEIVING = 'Receiving visits';
export const SENSOR_WAITING = 'Waiting for the first visit';

/** The tag a page carries: the script from the dashboard's own host with the account's public key. */
export function sensorSnippet(origin: string, sensorKey: string): string {
  return `<script async src="${origin}/c/s.js" data-key="${sensorKey}"></script>`;
}

/** /setup/sensor-js: the account's sensor snippet to copy, and whether its visits arrive. */
export function SensorJsPage() {
  const me = useMe();
  const sensorKey = me.data?.sensorKey ?? null;
  const integrated = me.data?.sensorIntegrated ?? false;
  const snippet = sensorKey ? sensorSnippet(window.location.origin, sensorKey) : null;
  return (
    <div className={styles.page} data-testid="sensor-js-page">
      <PageHeader title="Sensor script" eyebrow="Setup" />
      <p className={styles.intro}>
        Add this tag to every page of your site, inside <code>&lt;head&gt;</code>. It loads without blocking
        the page and sends each visit to Veracity for analysis.
      </p>
      <Card title="Your snippet" data-testid="sensor-js-snippet-card">
        {me.isPending ? (
          <SkeletonRows rows={2} testId="sensor-js-loading" />
        ) : snippet ? (
          <>
            <pre className={styles.snippet} data-testid="sensor-js-snippet">
              <code>{snippet}</code>
            </pre>
            <div className={styles.snippetActions}>
              <span className={styles.muted}>
                The key in <code>data-key</code> is public: it only identifies your account's pages.
              </span>
              <CopyButton text={snippet} label="Copy snippet" variation="primary" size="m" />
            </div>
          </>
        ) : (
          <p className={styles.muted} data-testid="sensor-js-no-account">
            Select an account to see its snippet.
          </p>
        )}
      </Card>
      <Card
        title="Visits"
        actions={
          <Button
            variation="secondary"
            size="s"
            loading={me.isFetching}
            onClick={() => void me.refetch()}
            data-testid="sensor-js-check-again"
          >
            Check again
          </Button>
        }
      >
        <p
          className={styles.status}
          data-state={integrated ? 'receiving' : 'waiting'}
          data-testid="sensor-js-status"
        >
          <span className={styles.dot} aria-hidden="true" />
          {integrated ? SENSOR_RECEIVING : SENSOR_WAITING}
        </p>
        <p className={styles.text}>
          {integrated
            ? 'Visits to your pages are arriving and being analysed. See them on the overview and in analytics.'
            : 'Once the snippet is on your pages, open one of them in a browser, then check again.'}{' '}
          <a href={INTEGRATION_DOCS_URL} target="_blank" rel="noreferrer">
            Integration guide
          </a>
        </p>
      </Card>
    </div>
  );
}
