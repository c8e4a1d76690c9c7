import type { Offer } from '@veracity/contracts/firewall';
import { Card } from '../../../components/Card/Card';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { RowActions } from '../../../components/RowActions/RowActions';
import { SlidePaneProvider } from '../../../components/SlidePane/SlidePaneProvider';
import { useTerms } from '../../session/use-terms';
import { missingPermissionText, useHoldsPermission, useWriteAccess } from '../../session/use-write-access';
import { GuardedToggle, HIDDEN_LABELS } from '../GuardedToggle';
import setupStyles from '../Setup.module.css';
import styles from './Firewall.module.css';
import { CsvDownloadButton, TodayCells } from './FirewallListParts';
import { offersQueryKey, toggleOffer, useOffers } from './firewall.api';
import { useTodayFigures } from './firewall-today.api';
import { useOfferPane } from './OfferForm';
import { useFirewallToggle } from './use-firewall-toggle';

/** A short line for an offer's targeting: "ES, FR · Phone" or "Everyone". */
export function targetingSummary(offer: Offer): string {
  const { countries, devices, os, carriers } = offer.targeting;
  const parts = [countries.join(', '), devices.join(', '), os.join(', ')].filter((part) => part !== '');
  if (carriers.length > 0) parts.push(`${carriers.length} carrier${carriers.length === 1 ? '' : 's'}`);
  return parts.length === 0 ? 'Everyone' : parts.join(' · ');
}

/** /setup/firewall/offers/list: where delivered clicks go (spec 02 §2, §4, §7). */
export function OffersPage() {
  return (
    <SlidePaneProvider>
      <OffersList />
    </SlidePaneProvider>
  );
}

function OffersList() {
  const terms = useTerms();
  const canRead = useHoldsPermission('offer_view');
  const offers = useOffers(canRead === true);
  const today = useTodayFigures('offer');
  const createAccess = useWriteAccess('offer_create');
  const editAccess = useWriteAccess('offer_edit');
  const pauseAccess = useWriteAccess('offer_pause');
  const toggle = useFirewallToggle<Offer>(offersQueryKey, toggleOffer);
  const openForm = useOfferPane();
  const plural = terms.plural('offer');

  const createButton = (size: 's' | 'm') => (
    <GuardedButton
      size={size}
      access={createAccess}
      onClick={() => openForm(null)}
      data-testid="offer-create"
    >
      New {terms.term('offer')}
    </GuardedButton>
  );

  return (
    <div className={setupStyles.page} data-testid="offer-page">
      <PageHeader
        title={plural}
        eyebrow="Setup · Firewall"
        actions={
          <div className={setupStyles.headerActions}>
            <CsvDownloadButton
              list="offers"
              canRead={canRead}
              permission="offer_view"
              testId="offer-download"
            />
            {createButton('s')}
          </div>
        }
      />
      <p className={setupStyles.intro}>
        The landing pages your firewall campaigns deliver legitimate {terms.plural('click').toLowerCase()} to.{' '}
        {terms.plural('click')} outside an offer's targeting are paused; hidden offers stay out of pickers.
      </p>
      <Card title={plural} flush data-testid="offer-card">
        {canRead === false ? (
          <EmptyState title={`You cannot see ${plural.toLowerCase()}`} testId="offer-no-permission">
            {missingPermissionText('offer_view')}
          </EmptyState>
        ) : canRead === undefined || offers.isPending ? (
          <SkeletonRows rows={4} testId="offer-loading" />
        ) : offers.isError ? (
          <LoadError error={offers.error} onRetry={() => void offers.refetch()} />
        ) : offers.data.length === 0 ? (
          <EmptyState
            title={`No ${plural.toLowerCase()} yet`}
            action={createButton('m')}
            testId="offer-empty"
          >
            Add the landing page delivered clicks should reach, then choose it in a campaign.
          </EmptyState>
        ) : (
          <div className={setupStyles.tableWrap}>
            <table className={setupStyles.table} data-testid="offer-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className={`${styles.numeric} ${styles.wrapHeader} ${setupStyles.wide}`}>
                    {terms.plural('click')} today
                  </th>
                  <th scope="col" className={`${styles.numeric} ${styles.wrapHeader} ${setupStyles.wide}`}>
                    Invalid today
                  </th>
                  <th scope="col" className={setupStyles.wide}>
                    Landing URL
                  </th>
                  <th scope="col" className={setupStyles.wide}>
                    Targeting
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Hidden</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {offers.data.map((offer) => (
                  <tr
                    key={offer.id}
                    data-testid={`offer-row-${offer.id}`}
                    data-hidden={offer.hidden || undefined}
                  >
                    <td className={styles.wrapCell}>
                      <span className={setupStyles.name}>{offer.name}</span>
                      <span className={setupStyles.narrowLine}>
                        #{offer.id} · {targetingSummary(offer)}
                      </span>
                    </td>
                    <TodayCells figures={today.data?.get(offer.id)} loaded={today.isSuccess} />
                    <td className={setupStyles.wide}>
                      <span className={styles.url} title={offer.landingUrl}>
                        {offer.landingUrl}
                      </span>
                    </td>
                    <td className={`${setupStyles.wide} ${setupStyles.muted}`}>{targetingSummary(offer)}</td>
                    <td>
                      <GuardedToggle
                        access={pauseAccess}
                        checked={offer.active}
                        onChange={() => toggle.mutate({ item: offer, field: 'active' })}
                        aria-label={`${offer.name}: active`}
                        testId={`offer-active-${offer.id}`}
                      />
                    </td>
                    <td>
                      <GuardedToggle
                        access={editAccess}
                        checked={offer.hidden}
                        onChange={() => toggle.mutate({ item: offer, field: 'hidden' })}
                        aria-label={`${offer.name}: hidden`}
                        labels={HIDDEN_LABELS}
                        testId={`offer-hidden-${offer.id}`}
                      />
                    </td>
                    <td className={setupStyles.actionsCell}>
                      <RowActions
                        access={editAccess}
                        name="offer"
                        id={offer.id}
                        subject={offer.name}
                        onEdit={() => openForm(offer)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
