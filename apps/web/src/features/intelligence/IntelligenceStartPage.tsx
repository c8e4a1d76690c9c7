import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { Link, useNavigateWithSearch } from '../../lib/navigation';
import { INTEGRATION_PATH } from '../session/base-route';
import { useMe } from '../session/session.api';
import { isSensorIntegratedRemembered } from '../session/session-storage';
import styles from './IntelligenceStartPage.module.css';

export const INSTALL_SENSOR_TITLE = 'Install the sensor to start seeing traffic';

/**
 * The overview and analytics screens before their figures arrive: the page title and the empty state
 * of an account without classified traffic, which says what to do next (DESIGN.md).
 */
export function IntelligenceStartPage({ title, testId }: { title: string; testId: string }) {
  const me = useMe();
  const navigate = useNavigateWithSearch();
  const integrated = (me.data?.sensorIntegrated ?? false) || isSensorIntegratedRemembered();
  return (
    <div data-testid={testId}>
      <PageHeader title={title} eyebrow="Intelligence" />
      <Card>
        {integrated ? (
          <div className={styles.empty} data-testid="intelligence-empty">
            <h2>No classified traffic in this period yet</h2>
            <p>
              The sensor is reporting. Sessions appear here as they are classified as legitimate, suspicious
              or invalid.
            </p>
            <Link to={INTEGRATION_PATH}>See the integration status</Link>
          </div>
        ) : (
          <div className={styles.empty} data-testid="intelligence-install-sensor">
            <h2>{INSTALL_SENSOR_TITLE}</h2>
            <p>Add the Veracity sensor to your site; every visit is then audited and classified here.</p>
            <Button onClick={() => navigate(INTEGRATION_PATH)} data-testid="install-sensor-button">
              Install the sensor
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}

export function OverviewPage() {
  return <IntelligenceStartPage title="Overview" testId="overview-page" />;
}
