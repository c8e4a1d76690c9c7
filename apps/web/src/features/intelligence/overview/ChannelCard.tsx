import type { ChannelFigures } from '@veracity/contracts/home';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { ChannelLogo } from '../../../components/ChannelLogo/ChannelLogo';
import { Icon } from '../../../components/Icon/Icon';
import { Tooltip } from '../../../components/Tooltip/Tooltip';
import { formatNumber, formatPercent, formatSignedPercent } from '../../../lib/format';
import { Link, useNavigateWithSearch } from '../../../lib/navigation';
import { trafficTypeName } from '../../../lib/traffic-types';
import styles from './ChannelCard.module.css';
import { CHANNEL_PAGE_PLAN_TOOLTIP, type ChannelCardGates, CREATE_ALERT_PLAN_TOOLTIP } from './channel-gates';
import {
  CHANNEL_PAGES,
  type ChannelAlertDraft,
  channelAlertDraft,
  channelAnalyticsHref,
} from './channel-links';

interface ChannelCardProps {
  figures: ChannelFigures;
  range: { from: string; to: string };
  gates: ChannelCardGates;
  onCreateAlert: (draft: ChannelAlertDraft) => void;
}

/** More invalid visits than before is worse: red up, green down (DESIGN.md: colour by meaning). */
function evolutionTone(evolution: number | null): 'worse' | 'better' | 'flat' {
  if (evolution === null || evolution === 0) return 'flat';
  return evolution > 0 ? 'worse' : 'better';
}

/**
 * A channel's card in the carousel (spec 02 §2). Front: logo, invalid visits, total invalid traffic
 * and evolution. The options button flips it to its back: Go to Analytics, Create Alert and, for
 * google, facebook, microsoft and tiktok, See Channel Page. The hidden face is inert, so the keyboard
 * only reaches the face on show; Escape turns the card back.
 */
export function ChannelCard({ figures, range, gates, onCreateAlert }: ChannelCardProps) {
  const { type } = figures;
  const name = trafficTypeName(type);
  const [flipped, setFlipped] = useState(false);
  const optionsRef = useRef<HTMLButtonElement>(null);
  const firstActionRef = useRef<HTMLAnchorElement>(null);
  const moved = useRef(false);
  const navigate = useNavigateWithSearch();

  useEffect(() => {
    if (!moved.current) return;
    if (flipped) firstActionRef.current?.focus();
    else optionsRef.current?.focus();
  }, [flipped]);

  const flip = (next: boolean) => {
    moved.current = true;
    setFlipped(next);
  };
  const onBackKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      flip(false);
    }
  };
  const tone = evolutionTone(figures.evolution);
  const page = CHANNEL_PAGES[type];
  const optionsAvailable = gates.options === 'enabled';

  const optionsButton = (
    <button
      ref={optionsRef}
      type="button"
      className={styles.iconButton}
      aria-label={`Options for ${name}`}
      aria-expanded={flipped}
      aria-disabled={optionsAvailable ? undefined : true}
      data-testid="channel-card-options"
      onClick={() => {
        if (optionsAvailable) flip(true);
      }}
    >
      <Icon name="more" />
    </button>
  );

  return (
    <article
      className={styles.card}
      data-flipped={flipped}
      data-testid={`channel-card-${type}`}
      aria-label={name}
    >
      <div className={styles.inner}>
        <div className={styles.front} inert={flipped} aria-hidden={flipped || undefined}>
          <header className={styles.header}>
            <ChannelLogo type={type} size={28} decorative />
            <h3 className={styles.name} title={name}>
              {name}
            </h3>
            {gates.options === 'hidden' ? null : (
              <Tooltip content={CREATE_ALERT_PLAN_TOOLTIP} enabled={gates.options === 'plan'}>
                {optionsButton}
              </Tooltip>
            )}
          </header>
          <dl className={styles.figures}>
            <div className={styles.figure}>
              <dt>Invalid visits</dt>
              <dd className={styles.value} data-testid="channel-invalid-visits">
                {formatNumber(figures.invalidVisits)}
              </dd>
            </div>
            <div className={styles.row}>
              <dt>Total invalid traffic</dt>
              <dd data-testid="channel-invalid-percent">{formatPercent(figures.percentInvalidTraffic)}</dd>
            </div>
            <div className={styles.row}>
              <dt>Evolution</dt>
              <dd className={styles[tone]} data-testid="channel-evolution">
                {tone === 'worse' ? '▲ ' : tone === 'better' ? '▼ ' : ''}
                {formatSignedPercent(figures.evolution)}
              </dd>
            </div>
          </dl>
        </div>

        <div
          className={styles.back}
          inert={!flipped}
          aria-hidden={!flipped || undefined}
          onKeyDown={onBackKeyDown}
          data-testid="channel-card-back"
        >
          <header className={styles.header}>
            <ChannelLogo type={type} size={28} decorative />
            <h3 className={styles.name} title={name}>
              {name}
            </h3>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={`Back to ${name} figures`}
              onClick={() => flip(false)}
            >
              <Icon name="close" />
            </button>
          </header>
          <div className={styles.actions}>
            <Link ref={firstActionRef} className={styles.action} to={channelAnalyticsHref(type, range)}>
              Go to Analytics
            </Link>
            {gates.createAlert === 'hidden' ? null : (
              <Tooltip content={CREATE_ALERT_PLAN_TOOLTIP} enabled={gates.createAlert === 'plan'}>
                <Button
                  size="s"
                  variation="secondary"
                  className={styles.actionButton}
                  aria-disabled={gates.createAlert === 'plan' ? true : undefined}
                  onClick={() => onCreateAlert(channelAlertDraft(type))}
                >
                  Create Alert
                </Button>
              </Tooltip>
            )}
            {page && gates.channelPage !== 'hidden' ? (
              <Tooltip content={CHANNEL_PAGE_PLAN_TOOLTIP} enabled={gates.channelPage === 'plan'}>
                <Button
                  size="s"
                  variation="secondary"
                  className={styles.actionButton}
                  aria-disabled={gates.channelPage === 'plan' ? true : undefined}
                  onClick={() => navigate(page.path)}
                >
                  See Channel Page
                </Button>
              </Tooltip>
            ) : null}
          </div>
        </div>
      </div>
    </article>
  );
}
