import { S2S_CONVERSIONS_PATH, S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { Link } from '../../lib/navigation';
import styles from './IntegrationPage.module.css';
import { CodeBlock, SensorSnippet } from './SensorSnippet';

export type IntegrationMethod = 'sensor' | 's2s';

export const DEVELOPERS_SETTINGS_PATH = '/developers-settings';
export const S2S_CAMPAIGNS_PATH = '/setup/s2s/list';

/** A conversion reported from a page that carries the sensor (docs/integration.md). */
export const CONVERSION_EXAMPLE =
  "veracity('conversion', { name: 'purchase', value: 49.9, currency: 'EUR', id: 'order-1234' });";

/** A click forwarded by the customer's server: the visitor's own address, agent and landing URL. */
export function s2sHitExample(origin: string): string {
  return [
    `curl -X POST ${origin}${S2S_HITS_PATH} \\`,
    `  -H 'Authorization: Bearer vk_YOUR_API_KEY' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{`,
    `    "id": "click-1234",`,
    `    "ip": "203.0.113.7",`,
    `    "userAgent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) ...",`,
    `    "url": "https://shop.example/landing?gclid=Cj0...",`,
    `    "referrer": "https://www.google.com/",`,
    `    "sessionId": "visit-5678"`,
    `  }'`,
  ].join('\n');
}

/** A conversion forwarded by the customer's server, tied to the click by the click's id. */
export function s2sConversionExample(origin: string): string {
  return [
    `curl -X POST ${origin}${S2S_CONVERSIONS_PATH} \\`,
    `  -H 'Authorization: Bearer vk_YOUR_API_KEY' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{`,
    `    "hitId": "click-1234",`,
    `    "name": "purchase",`,
    `    "value": 49.9,`,
    `    "currency": "EUR",`,
    `    "id": "order-1234"`,
    `  }'`,
  ].join('\n');
}

/** Step 2 for the JavaScript sensor: the snippet, conversions, and the exclusion events. */
export function InstallSensor({ sensorKey, loading }: { sensorKey: string | null; loading: boolean }) {
  return (
    <div className={styles.stepBody} data-testid="integration-install-sensor">
      <h2 className={styles.stepTitle}>Install the sensor</h2>
      <section className={styles.block} aria-labelledby="install-snippet">
        <h3 id="install-snippet" className={styles.blockTitle}>
          1. Add the snippet
        </h3>
        <p className={styles.text}>
          Paste it just before <code>&lt;/head&gt;</code> on every landing page you buy traffic for.
        </p>
        <SensorSnippet sensorKey={sensorKey} loading={loading} testIdPrefix="integration" />
      </section>
      <section className={styles.block} aria-labelledby="install-conversions">
        <h3 id="install-conversions" className={styles.blockTitle}>
          2. Report conversions (optional)
        </h3>
        <p className={styles.text}>
          On a thank-you page, after the snippet. <code>name</code> is required; <code>id</code> counts a
          repeated conversion once.
        </p>
        <CodeBlock
          code={CONVERSION_EXAMPLE}
          copyLabel="Copy example"
          testId="integration-conversion-example"
        />
      </section>
      <section className={styles.block} aria-labelledby="install-exclusions">
        <h3 id="install-exclusions" className={styles.blockTitle}>
          3. Exclusion events: nothing to add
        </h3>
        <p className={styles.text}>
          When Veracity finds a visitor invalid, the sensor fires <code>VeracityExcludeVisitor</code> on the
          Meta, Microsoft UET, TikTok and Google tags already on the page. Build exclusion audiences from it
          in the ad platforms.
        </p>
      </section>
    </div>
  );
}

/** Step 2 for server-to-server: an API key, then the hits and conversions calls. */
export function InstallS2s({ origin }: { origin: string }) {
  return (
    <div className={styles.stepBody} data-testid="integration-install-s2s">
      <h2 className={styles.stepTitle}>Connect your server</h2>
      <section className={styles.block} aria-labelledby="s2s-key">
        <h3 id="s2s-key" className={styles.blockTitle}>
          1. Create an API key
        </h3>
        <p className={styles.text}>
          <Link to={DEVELOPERS_SETTINGS_PATH} data-testid="integration-api-key-link">
            Create an API key
          </Link>{' '}
          in Developers settings. Send it in every call as <code>Authorization: Bearer vk_...</code>; keep it
          on your server.
        </p>
      </section>
      <section className={styles.block} aria-labelledby="s2s-hits">
        <h3 id="s2s-hits" className={styles.blockTitle}>
          2. Forward each click
        </h3>
        <p className={styles.text}>
          Send the visitor's IP address, user agent and landing URL. The answer is the verdict (
          <code>riskLevel</code>, <code>score</code>, <code>threats</code>), so you can act before paying for
          the click.
        </p>
        <CodeBlock
          code={s2sHitExample(origin)}
          copyLabel="Copy example"
          wrap={false}
          testId="integration-s2s-hit-example"
        />
      </section>
      <section className={styles.block} aria-labelledby="s2s-conversions">
        <h3 id="s2s-conversions" className={styles.blockTitle}>
          3. Forward each conversion
        </h3>
        <p className={styles.text}>
          Pass the click's <code>id</code> as <code>hitId</code>, or the visitor's <code>ip</code> and{' '}
          <code>userAgent</code>.
        </p>
        <CodeBlock
          code={s2sConversionExample(origin)}
          copyLabel="Copy example"
          wrap={false}
          testId="integration-s2s-conversion-example"
        />
      </section>
      <p className={styles.text}>
        To split results by source, create{' '}
        <Link to={S2S_CAMPAIGNS_PATH} data-testid="integration-s2s-campaigns-link">
          S2S campaigns
        </Link>{' '}
        and send their id as <code>campaignId</code>.
      </p>
    </div>
  );
}
