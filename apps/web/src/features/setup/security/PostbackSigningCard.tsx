import { canonicalPostbackQuery } from '@veracity/contracts/postback-security';
import { firewallPostbackPath } from '@veracity/contracts/postbacks';
import { Card } from '../../../components/Card/Card';
import { useMe } from '../../session/session.api';
import { sensorFolderOf } from '../firewall/CampaignLinksPane';
import { CodeBlock } from '../SensorSnippet';
import styles from './PostbackSecurity.module.css';
import shared from './Security.module.css';

/** The example's parameters: the sensor key stands in until /me answers. */
export function signingExample(serverUrl: string, sensorPath: string, sensorKey: string) {
  const params: [string, string][] = [
    ['k', sensorKey],
    ['clickid', 'CLICK_ID'],
    ['payout', '12.50'],
    ['status', 'approved'],
  ];
  const query = params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  const canonical = canonicalPostbackQuery(params);
  return {
    url: `${serverUrl}${firewallPostbackPath(sensorPath)}?${query}&sig=SIGNATURE`,
    canonical,
    command: `printf '%s' '${canonical}' \\\n  | openssl dgst -sha256 -hmac "$POSTBACK_SECRET" | sed 's/^.*= //'`,
  };
}

/** How an advertiser signs a postback: the canonical query rule of postbacks/postback-secret.ts. */
export function PostbackSigningCard() {
  const me = useMe();
  const example = signingExample(
    me.data?.serverUrl ?? '',
    sensorFolderOf(me.data?.sensorScriptUrl),
    me.data?.sensorKey ?? 'YOUR_SENSOR_KEY',
  );
  return (
    <Card title="How to sign a postback" data-testid="postback-signing-card">
      <div className={shared.form}>
        <ol className={styles.steps}>
          <li>Take every parameter of the postback except sig.</li>
          <li>Sort them by name, then by value.</li>
          <li>
            URL-encode each name and value (as <code>encodeURIComponent</code> does), write them as{' '}
            <code>name=value</code> and join them with <code>&amp;</code>.
          </li>
          <li>
            sig is the HMAC-SHA256 of that text under the secret, in lowercase hex. Add it as the{' '}
            <code>sig</code> parameter.
          </li>
        </ol>
        <CodeBlock code={example.url} testId="postback-signing-url">
          A postback with its parameters in any order.
        </CodeBlock>
        <CodeBlock code={example.canonical} testId="postback-signing-canonical">
          The text to sign: the same parameters, sorted.
        </CodeBlock>
        <CodeBlock code={example.command} wrap={false} testId="postback-signing-command">
          The signature from a shell, with the secret in <code>POSTBACK_SECRET</code>.
        </CodeBlock>
      </div>
    </Card>
  );
}
