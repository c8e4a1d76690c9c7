import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { DateRangePicker } from '../../../components/DateRangePicker/DateRangePicker';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { useNavigateWithSearch } from '../../../lib/navigation';
import { INTEGRATION_PATH } from '../../session/base-route';
import { useMe } from '../../session/session.api';
import { isSensorIntegratedRemembered } from '../../session/session-storage';
import { useAccountToday } from '../../session/use-account-today';
import { useSectionRange } from '../use-section-range';
import { ChannelCardsSection, InvalidByChannelSection } from './ChannelSections';
import type { ChannelAlertDraft } from './channel-links';
import { KeyFiguresSection } from './KeyFiguresSection';
import styles from './OverviewPage.module.css';
import { SavingsSection } from './SavingsSection';
import { TrendsSection, WatchlistSection } from './TrendsAndWatchlist';

/** The alert form loads when a card's Create Alert opens it, not with the overview. */
const AlertFormModal = lazy(async () => ({ default: (await import('../alerts/AlertForm')).AlertFormModal }));

export const INSTALL_SENSOR_TITLE = 'Install the sensor to start seeing traffic';

/** Wide enough for the longest range name, "Last 6 days & Today". */

/**
 * The home dashboard, /intelligence/overview (spec 02 §2): key figures, the channel cards, invalid
 * traffic by channel, savings, trends and the watchlist, for the intelligence section's date range
 * (spec 02 §4). Each section loads on its own. A channel card's Create Alert opens the home alert form.
 */
export function OverviewPage() {
  const me = useMe();
  const navigate = useNavigateWithSearch();
  const { today } = useAccountToday();
  const [range, setRange] = useSectionRange('intelligence', today);
  const period = range ? { from: range.from, to: range.to } : undefined;
  const integrated = (me.data?.sensorIntegrated ?? true) || isSensorIntegratedRemembered();
  // Create Alert on a channel card opens the home alert form here, with the channel's draft.
  const [alertDraft, setAlertDraft] = useState<ChannelAlertDraft | null>(null);

  return (
    <div className={styles.page} data-testid="overview-page">
      <PageHeader
        title="Overview"
        eyebrow="Intelligence"
        dateRange={
          today && range ? <DateRangePicker value={range} onChange={setRange} today={today} /> : null
        }
      />
      {integrated ? null : (
        <div className={styles.banner} data-testid="intelligence-install-sensor">
          <div>
            <p className={styles.bannerTitle}>{INSTALL_SENSOR_TITLE}</p>
            <p className={styles.caption}>
              Add the Veracity sensor to your site; every visit is then audited and classified here.
            </p>
          </div>
          <Button size="s" onClick={() => navigate(INTEGRATION_PATH)} data-testid="install-sensor-button">
            Install the sensor
          </Button>
        </div>
      )}
      <KeyFiguresSection range={period} />
      <ChannelCardsSection range={period} me={me.data} onCreateAlert={setAlertDraft} />
      <div className={styles.pair}>
        <InvalidByChannelSection range={period} />
        <SavingsSection range={period} />
      </div>
      <div className={styles.pair}>
        <TrendsSection range={period} />
        <WatchlistSection range={period} />
      </div>
      {alertDraft ? (
        <Suspense fallback={null}>
          <AlertFormModal
            target={{ kind: 'new', draft: alertDraft, fixedDimensions: true }}
            onClose={() => setAlertDraft(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
