import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { INTEGRATION_DOCS_URL, SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../lib/product-links';
import { useMe } from '../session/session.api';
import { isSensorIntegratedRemembered } from '../session/session-storage';
import styles from './IntegrationPage.module.css';

export const SENSOR_ACTIVE = 'Sensor active';
export const SENSOR_NOT_DETECTED = 'Sensor not detected yet';

/** /setup/integration: whether the account's sensor has reported in, and where to read how to add it. */
export function IntegrationPage() {
  const me = useMe();
  const integrated = (me.data?.sensorIntegrated ?? false) || isSensorIntegratedRemembered();
  return (
    <div data-testid="integration-page">
      <PageHeader
        title="Integration"
        eyebrow="Setup"
        actions={
          <Button
            variation="secondary"
            size="s"
            loading={me.isFetching}
            onClick={() => void me.refetch()}
            data-testid="integration-check-again"
          >
            Check again
          </Button>
        }
      />
      <Card title="Sensor status">
        <p
          className={styles.status}
          data-state={integrated ? 'active' : 'waiting'}
          data-testid="integration-status"
        >
          <span className={styles.dot} aria-hidden="true" />
          {integrated ? SENSOR_ACTIVE : SENSOR_NOT_DETECTED}
        </p>
        <p className={styles.text}>
          {integrated
            ? 'Visits to your site are being audited. Results appear on the overview and in analytics.'
            : 'The status changes as soon as the sensor sends its first visit from your site.'}
        </p>
        <ul className={styles.links}>
          <li>
            <a
              href={INTEGRATION_DOCS_URL}
              target="_blank"
              rel="noreferrer"
              data-testid="integration-docs-link"
            >
              Integration guide
            </a>
          </li>
          <li>
            Need help? Write to <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>
          </li>
        </ul>
      </Card>
    </div>
  );
}
