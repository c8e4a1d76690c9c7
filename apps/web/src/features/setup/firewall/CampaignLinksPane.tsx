import { DEFAULT_SENSOR_PATH } from '@veracity/contracts/collect';
import { type FirewallCampaign, firewallClickLink } from '@veracity/contracts/firewall';
import { LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { useSlidePanes } from '../../../components/SlidePane/use-slide-panes';
import { useMe } from '../../session/session.api';
import { useTerms } from '../../session/use-terms';
import { CodeBlock } from '../SensorSnippet';
import styles from './Firewall.module.css';
import { useCampaignTag } from './firewall.api';

/** The server's sensor folder, read from the script URL /me gives (`<server><folder>/s.js`). */
export function sensorFolderOf(sensorScriptUrl: string | undefined): string {
  if (!sensorScriptUrl) return DEFAULT_SENSOR_PATH;
  try {
    return new URL(sensorScriptUrl).pathname.replace(/\/s\.js$/, '');
  } catch {
    return DEFAULT_SENSOR_PATH;
  }
}

/**
 * A campaign's two ways in (docs/integrations/firewall.md): the click link a traffic source sends its
 * clicks to, and the JS tag (GET /sensors/firewall/{id}/tag) for pages that cannot redirect; each with
 * a copy button.
 */
export function CampaignLinks({ campaign }: { campaign: FirewallCampaign }) {
  const me = useMe();
  const terms = useTerms();
  const tag = useCampaignTag(campaign.id);
  const link = me.data?.sensorKey
    ? firewallClickLink({
        serverUrl: me.data.serverUrl,
        sensorPath: sensorFolderOf(me.data.sensorScriptUrl),
        sensorKey: me.data.sensorKey,
        campaignId: campaign.id,
      })
    : null;
  return (
    <div className={styles.copyBlock} data-testid="campaign-links">
      <section className={styles.copyBlock}>
        <h3>Click link</h3>
        {link ? (
          <CodeBlock code={link} copyLabel="Copy link" primary testId="campaign-click-link">
            Give it to the {terms.term('trafficSource').toLowerCase()} as the destination. Replace{' '}
            <code>{'{clickid}'}</code> and <code>{'{sub}'}</code> with its own click id and sub-publisher
            macros; add <code>var1</code>…<code>var20</code> as you need.
          </CodeBlock>
        ) : (
          <SkeletonRows rows={1} />
        )}
      </section>
      <section className={styles.copyBlock}>
        <h3>JS tag</h3>
        {tag.isPending ? (
          <SkeletonRows rows={3} testId="campaign-tag-loading" />
        ) : tag.isError ? (
          <LoadError error={tag.error} onRetry={() => void tag.refetch()} />
        ) : (
          <CodeBlock code={tag.data} copyLabel="Copy tag" testId="campaign-tag">
            For pages that cannot redirect: paste it at the top of the page's head.
          </CodeBlock>
        )}
      </section>
    </div>
  );
}

/** Opens a campaign's click link and JS tag in a pane. */
export function useCampaignLinksPane() {
  const panes = useSlidePanes();
  return (campaign: FirewallCampaign) =>
    panes.open({
      title: campaign.name,
      description: 'Click link and JS tag',
      content: <CampaignLinks campaign={campaign} />,
      width: 640,
      testId: 'campaign-links-pane',
    });
}
