import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { Link } from '../../lib/navigation';
import { INTEGRATION_DOCS_URL } from '../../lib/product-links';
import { CollapsibleWizard } from '../ad-wizards/CollapsibleWizard';
import { JS_STEPS } from '../ad-wizards/js-wizard';
import { canView, useMe } from '../session/session.api';
import { RecentHitsCard } from './RecentHitsCard';
import { useRecentHits } from './recent-hits.api';
import { SensorSnippet, SensorStatus } from './SensorSnippet';
import styles from './Setup.module.css';
import { useSensorSettings } from './security/sensor-settings.api';

export const SENSOR_RECEIVING = 'Receiving visits';
export const SENSOR_WAITING = 'Waiting for the first visit';

/** /setup/sensor-js: the account's sensor snippet to copy, whether its visits arrive, and the latest ones. */
export function SensorJsPage() {
  const me = useMe();
  const integrated = me.data?.sensorIntegrated ?? false;
  const accountSelected = Boolean(me.data?.sensorKey);
  const hits = useRecentHits(accountSelected);
  // The snippet follows the account's JavaScript settings, for a plan that has them.
  const withSettings = accountSelected && canView(me.data, 'js_settings');
  const sensorSettings = useSensorSettings(withSettings);
  return (
    <div className={styles.page} data-testid="sensor-js-page">
      <PageHeader title="Sensor script" eyebrow="Setup" />
      <p className={styles.intro}>
        Add this tag to every page of your site, inside <code>&lt;head&gt;</code>. It loads without blocking
        the page and sends each visit to Veracity for analysis.
      </p>
      <CollapsibleWizard
        feature="js"
        title="Install the sensor"
        summary="Four steps from the snippet to exclusions on your ad platforms."
        steps={JS_STEPS}
      />
      <Card title="Your snippet" data-testid="sensor-js-snippet-card">
        <SensorSnippet
          sensorKey={me.data?.sensorKey ?? null}
          loading={me.isPending || (withSettings && sensorSettings.isPending)}
          testIdPrefix="sensor-js"
          snippet={sensorSettings.data?.snippet}
        />
        {withSettings ? (
          <p className={styles.text}>
            Single-page app tracking, cookie-less mode and a first-party path change this snippet:{' '}
            <Link to="/setup/security/javascript-settings">JavaScript settings</Link>.
          </p>
        ) : null}
      </Card>
      <Card
        title="Visits"
        actions={
          <Button
            variation="secondary"
            size="s"
            loading={me.isFetching}
            onClick={() => void Promise.all([me.refetch(), accountSelected ? hits.refetch() : null])}
            data-testid="sensor-js-check-again"
          >
            Check again
          </Button>
        }
      >
        <SensorStatus state={integrated ? 'receiving' : 'waiting'} on={integrated} testId="sensor-js-status">
          {integrated ? SENSOR_RECEIVING : SENSOR_WAITING}
        </SensorStatus>
        <p className={styles.text}>
          {integrated
            ? 'Visits to your pages are arriving and being analysed. See them on the overview and in analytics.'
            : 'Once the snippet is on your pages, open one of them in a browser, then check again.'}{' '}
          <a href={INTEGRATION_DOCS_URL} target="_blank" rel="noreferrer">
            Integration guide
          </a>
        </p>
      </Card>
      <RecentHitsCard hits={hits} accountSelected={accountSelected} accountLoading={me.isPending} />
    </div>
  );
}
