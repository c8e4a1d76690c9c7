import type {
  AdChannel,
  AdChannelAudience,
  AdChannelProblem,
  MetaIntegrationStatus,
} from '@veracity/contracts/ad-channels';
import { CopyButton } from '../../components/CopyButton/CopyButton';
import styles from './AdChannels.module.css';
import { audienceStatusText } from './ad-channels-copy';

/** Veracity's exclusion audience: its name, retention and whether the platform serves it yet. */
export function AudienceStatus({ channel, audience }: { channel: AdChannel; audience: AdChannelAudience }) {
  const filled = audience.size === null ? 0 : Math.min(1, audience.size / audience.minimum);
  return (
    <div className={styles.audience} data-testid="ad-channel-audience" data-status={audience.status}>
      <div className={styles.audienceHead}>
        <span className={styles.audienceName}>{audience.name}</span>
        <span className={styles.muted}>
          {audience.retentionDays} days retention · id {audience.id}
        </span>
      </div>
      {/* The sentence under it says the same in words. */}
      <div className={styles.meter} aria-hidden="true">
        <span
          className={styles.meterFill}
          data-ready={audience.status === 'ready'}
          style={{ width: `${filled * 100}%` }}
        />
      </div>
      <p className={styles.help} data-testid="ad-channel-audience-status">
        {audienceStatusText(channel, audience)}
      </p>
    </div>
  );
}

/** What stops the channel now, in the platform's words, with where to fix it. */
export function ProblemBanner({ problem }: { problem: AdChannelProblem }) {
  return (
    <div className={styles.problem} role="alert" data-testid="ad-channel-problem" data-code={problem.code}>
      <p>{problem.message}</p>
      {problem.link ? (
        <a href={problem.link} target="_blank" rel="noreferrer noopener" className={styles.link}>
          {problem.code === 'terms' ? 'Accept the terms' : 'Open the platform'}
        </a>
      ) : null}
    </div>
  );
}

/** Facebook integration status (spec 02 §3): the app, the link, the accounts, the URL parameters. */
export function MetaStatus({ status }: { status: MetaIntegrationStatus }) {
  return (
    <dl className={styles.statusList} data-testid="meta-status">
      <div>
        <dt>Meta app</dt>
        <dd>{status.appId ?? 'None configured'}</dd>
      </div>
      <div>
        <dt>Account linked</dt>
        <dd data-testid="meta-status-link">{status.linkAccount ? 'Yes' : 'No'}</dd>
      </div>
      <div>
        <dt>Ad sets imported</dt>
        <dd data-testid="meta-status-import">{status.importAccounts ? 'Yes' : 'No'}</dd>
      </div>
      {status.trackingTemplate ? (
        <div className={styles.wideItem}>
          <dt>URL parameters for your ads</dt>
          <dd className={styles.codeLine}>
            <code className={styles.code}>{status.trackingTemplate}</code>
            <CopyButton text={status.trackingTemplate} size="s" variation="white" />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
