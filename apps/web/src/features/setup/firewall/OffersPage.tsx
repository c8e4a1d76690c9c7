import type { Offer } from '@veracity/contracts/firewall';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { SlidePaneProvider } from '../../../components/SlidePane/SlidePaneProvider';
import { useTerms } from '../../session/use-terms';
import { useHoldsPermission, useWriteAccess } from '../../session/use-write-access';
import { ControlHeaders, RowControls } from '../RowControls';
import setupStyles from '../Setup.module.css';
import { SetupListPage } from '../SetupListPage';
import styles from './Firewall.module.css';
import { CsvDownloadButton, TodayCells, TodayHeaders } from './FirewallListParts';
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
    <SetupListPage
      testId="offer"
      title={plural}
      eyebrow="Setup · Firewall"
      actions={
        <>
          <CsvDownloadButton
            list="offers"
            canRead={canRead}
            permission="offer_view"
            testId="offer-download"
          />
          {createButton('s')}
        </>
      }
      intro={
        <>
          The landing pages your firewall campaigns deliver legitimate {terms.plural('click').toLowerCase()}{' '}
          to. {terms.plural('click')} outside an offer's targeting are paused; hidden offers stay out of
          pickers.
        </>
      }
      cardTitle={plural}
      canRead={canRead}
      permission="offer_view"
      noun={plural.toLowerCase()}
      list={offers}
      empty={{
        title: `No ${plural.toLowerCase()} yet`,
        action: createButton('m'),
        text: 'Add the landing page delivered clicks should reach, then choose it in a campaign.',
      }}
    >
      {(rows) => (
        <table className={setupStyles.table} data-testid="offer-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <TodayHeaders />
              <th scope="col" className={setupStyles.wide}>
                Landing URL
              </th>
              <th scope="col" className={setupStyles.wide}>
                Targeting
              </th>
              <ControlHeaders />
            </tr>
          </thead>
          <tbody>
            {rows.map((offer) => (
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
                <RowControls
                  item={offer}
                  testId="offer"
                  activeAccess={pauseAccess}
                  editAccess={editAccess}
                  onToggle={(field) => toggle.mutate({ item: offer, field })}
                  onEdit={() => openForm(offer)}
                />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SetupListPage>
  );
}
