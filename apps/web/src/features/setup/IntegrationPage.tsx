import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Icon } from '../../components/Icon/Icon';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { RadioGroup } from '../../components/RadioGroup/RadioGroup';
import { Spinner } from '../../components/Spinner/Spinner';
import { Stepper } from '../../components/Stepper/Stepper';
import { useNavigateWithSearch } from '../../lib/navigation';
import { INTEGRATION_DOCS_URL, SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../lib/product-links';
import { OVERVIEW_PATH } from '../session/base-route';
import { useMe } from '../session/session.api';
import { isSensorIntegratedRemembered } from '../session/session-storage';
import { InstallS2s, InstallSensor, type IntegrationMethod } from './IntegrationInstall';
import styles from './IntegrationPage.module.css';
import { SensorStatus } from './SensorSnippet';

export const SENSOR_ACTIVE = 'Sensor active';
export const SENSOR_NOT_DETECTED = 'Sensor not detected yet';
/** How often the page asks whether the first visit arrived. */
export const INTEGRATION_POLL_MS = 5_000;

const METHODS = [
  {
    value: 'sensor',
    label: 'JavaScript sensor (recommended)',
    description: 'A tag on the pages you control. Detects bots in the browser and fires exclusion events.',
  },
  {
    value: 's2s',
    label: 'Server-to-server',
    description: 'Your server forwards each click and conversion; the verdict comes back in the same call.',
  },
] as const;

const VERIFY_STEP = 2;

/**
 * /setup/integration: walks a new account through choosing a method, installing it, and seeing the
 * first visit arrive. While the sensor is not detected the page asks GET /api/me every 5 seconds.
 */
export function IntegrationPage() {
  const me = useMe(true, (data) => (data?.sensorIntegrated ? false : INTEGRATION_POLL_MS));
  const integrated = (me.data?.sensorIntegrated ?? false) || isSensorIntegratedRemembered();
  const [method, setMethod] = useState<IntegrationMethod>('sensor');
  // Until a step is chosen, an integrated account opens on the verify step's success state.
  const [chosenStep, setStep] = useState<number | null>(null);
  const step = chosenStep ?? (integrated ? VERIFY_STEP : 0);

  return (
    <div className={styles.page} data-testid="integration-page">
      <PageHeader
        title="Integration"
        eyebrow="Setup"
        actions={
          me.data ? (
            <div aria-live="polite">
              <SensorStatus
                state={integrated ? 'active' : 'waiting'}
                on={integrated}
                testId="integration-status"
              >
                {integrated ? SENSOR_ACTIVE : SENSOR_NOT_DETECTED}
              </SensorStatus>
            </div>
          ) : null
        }
      />
      <p className={styles.intro}>
        Three steps to start auditing your ad traffic: choose how it reaches Veracity, install it, then check
        that visits arrive.
      </p>
      {!me.data ? (
        <Card>
          {me.isError ? (
            <LoadError error={me.error} onRetry={() => void me.refetch()} />
          ) : (
            <SkeletonRows rows={4} testId="integration-loading" />
          )}
        </Card>
      ) : (
        <Stepper
          label="Integration steps"
          step={step}
          onStepChange={setStep}
          steps={[
            {
              title: 'Choose a method',
              panels: (
                <div className={styles.stepBody}>
                  <h2 className={styles.stepTitle}>Choose how traffic reaches Veracity</h2>
                  <RadioGroup
                    label="Integration method"
                    options={METHODS}
                    value={method}
                    onChange={(value) => setMethod(value as IntegrationMethod)}
                    name="integration-method"
                  />
                  <p className={styles.text}>
                    You can use both later: S2S for clicks, the sensor on your pages.
                  </p>
                </div>
              ),
            },
            {
              title: 'Install',
              panels:
                method === 'sensor' ? (
                  <InstallSensor sensorKey={me.data.sensorKey ?? null} loading={false} />
                ) : (
                  <InstallS2s origin={me.data.serverUrl} />
                ),
            },
            {
              title: 'Verify',
              panels: (
                <Verify
                  integrated={integrated}
                  method={method}
                  checking={me.isFetching}
                  onCheck={() => void me.refetch()}
                />
              ),
            },
          ]}
        />
      )}
      <ul className={styles.links}>
        <li>
          <a href={INTEGRATION_DOCS_URL} target="_blank" rel="noreferrer" data-testid="integration-docs-link">
            Integration guide
          </a>
        </li>
        <li>
          Need help? Write to <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>
        </li>
      </ul>
    </div>
  );
}

/** Step 3: waiting for the first visit (polled), or the success state with the way to the overview. */
function Verify({
  integrated,
  method,
  checking,
  onCheck,
}: {
  integrated: boolean;
  method: IntegrationMethod;
  checking: boolean;
  onCheck: () => void;
}) {
  const navigate = useNavigateWithSearch();
  if (integrated)
    return (
      <div className={styles.stepBody} data-testid="integration-verify-done">
        <h2 className={styles.stepTitle}>
          <span className={styles.doneMark} aria-hidden="true">
            <Icon name="check" size={14} />
          </span>
          You're all set
        </h2>
        <p className={styles.text}>
          Veracity is receiving your traffic and auditing every visit. Results appear on the overview and in
          analytics.
        </p>
        <div>
          <Button onClick={() => navigate(OVERVIEW_PATH)} data-testid="integration-go-overview">
            Go to the overview
          </Button>
        </div>
      </div>
    );
  return (
    <div className={styles.stepBody} data-testid="integration-verify-waiting">
      <h2 className={styles.stepTitle}>Check that visits arrive</h2>
      <p className={styles.text}>
        {method === 'sensor'
          ? 'Open one of your landing pages in a browser.'
          : 'Send a test click with the example from step 2.'}{' '}
        The status changes as soon as the first visit arrives.
      </p>
      <div className={styles.waiting}>
        <Spinner size="s" label="" />
        <span>Checking every 5 seconds…</span>
        <Button
          variation="secondary"
          size="s"
          loading={checking}
          onClick={onCheck}
          data-testid="integration-check-again"
        >
          Check again
        </Button>
      </div>
    </div>
  );
}
