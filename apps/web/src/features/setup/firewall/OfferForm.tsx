import {
  EMPTY_TARGETING,
  type Offer,
  type OfferCreateBody,
  type OfferTargeting,
  zOfferCreateBody,
} from '@veracity/contracts/firewall';
import { LANDING_MACROS } from '@veracity/contracts/firewall-macros';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { Input } from '../../../components/Input/Input';
import { SlidePaneFooter } from '../../../components/SlidePane/SlidePaneFooter';
import { useSlidePanes } from '../../../components/SlidePane/use-slide-panes';
import { useAccountMutation } from '../../../lib/use-api-feedback';
import { meQueryKey, useMe } from '../../session/session.api';
import { useTerms } from '../../session/use-terms';
import { useWriteAccess } from '../../session/use-write-access';
import setupStyles from '../Setup.module.css';
import { createOffer, offersQueryKey, updateOffer } from './firewall.api';
import { FIREWALL_FORM_MESSAGES, fieldErrors, macroHint, nameMessage } from './firewall-form-errors';
import { OfferTargetingFields } from './OfferTargetingFields';

interface Draft {
  name: string;
  landingUrl: string;
  targeting: OfferTargeting;
}

/** The body sent: targeting only from a user who may set it (offer_edit_targeting). */
function toBody(draft: Draft, withTargeting: boolean): OfferCreateBody {
  const body: OfferCreateBody = { name: draft.name.trim(), landingUrl: draft.landingUrl.trim() };
  if (withTargeting) {
    // Carriers (MVAS accounts) are not edited here: left out, the stored list stays as it is.
    const { countries, devices, os } = draft.targeting;
    body.targeting = { countries, devices, os: os.filter((name) => name !== 'Other') };
  }
  return body;
}

export function validateOffer(draft: Draft) {
  return fieldErrors(zOfferCreateBody, toBody(draft, true), (field, code) => {
    if (field === 'name') return nameMessage(code);
    if (field === 'landingUrl')
      return code === 'too_small' ? FIREWALL_FORM_MESSAGES.required : FIREWALL_FORM_MESSAGES.landingUrl;
    return FIREWALL_FORM_MESSAGES.required;
  });
}

export const OFFER_MESSAGES = { created: 'Offer created', updated: 'Offer updated' };

/**
 * Create or edit an offer in a slide pane: name, landing URL with macros and targeting. `onSaved` gets
 * the stored offer (the campaign form selects it).
 */
export function OfferForm({ offer, onSaved }: { offer: Offer | null; onSaved?: (offer: Offer) => void }) {
  const formId = useId();
  const panes = useSlidePanes();
  const terms = useTerms();
  const me = useMe();
  const targetingAccess = useWriteAccess('offer_edit_targeting');
  const hadNone = (me.data?.numOffers ?? 0) === 0;
  const [draft, setDraft] = useState<Draft>({
    name: offer?.name ?? '',
    landingUrl: offer?.landingUrl ?? '',
    targeting: offer?.targeting ?? EMPTY_TARGETING,
  });
  const [touched, setTouched] = useState<Partial<Record<'name' | 'landingUrl', boolean>>>({});
  const save = useAccountMutation({
    mutationFn: (body: OfferCreateBody) => (offer ? updateOffer(offer.id, body) : createOffer(body)),
    // After the first offer the user's counts change (spec 02 §4): /me is read again.
    invalidate: offer || !hadNone ? [offersQueryKey] : [offersQueryKey, meQueryKey],
    success: offer ? OFFER_MESSAGES.updated : OFFER_MESSAGES.created,
    onSuccess: (saved) => {
      onSaved?.(saved);
      panes.close();
    },
  });
  const errors = validateOffer(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, landingUrl: true });
    if (Object.keys(errors).length === 0) save.mutate(toBody(draft, targetingAccess.allowed));
  };
  return (
    <form id={formId} className={setupStyles.form} onSubmit={submit} noValidate data-testid="offer-form">
      <Input
        label="Name"
        value={draft.name}
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        onBlur={() => setTouched({ ...touched, name: true })}
        touched={touched.name}
        error={errors.name}
        data-testid="offer-form-name"
      />
      <Input
        label="Landing URL"
        value={draft.landingUrl}
        placeholder="https://offers.example/landing?click={clickid}"
        inputMode="url"
        onChange={(event) => setDraft({ ...draft, landingUrl: event.target.value })}
        onBlur={() => setTouched({ ...touched, landingUrl: true })}
        touched={touched.landingUrl}
        error={errors.landingUrl}
        hint={`Delivered ${terms.plural('click').toLowerCase()} go here. Macros: ${macroHint(LANDING_MACROS)}`}
        data-testid="offer-form-landing-url"
      />
      <OfferTargetingFields
        targeting={draft.targeting}
        onChange={(targeting) => setDraft({ ...draft, targeting })}
        lockedReason={targetingAccess.allowed ? null : targetingAccess.reason}
      />
      <SlidePaneFooter>
        <Button variation="white" onClick={panes.close}>
          Cancel
        </Button>
        <Button type="submit" form={formId} loading={save.isPending} data-testid="offer-form-save">
          {offer ? 'Save changes' : `Create ${terms.term('offer')}`}
        </Button>
      </SlidePaneFooter>
    </form>
  );
}

/** Opens the offer form in a new pane on top of the stack. */
export function useOfferPane() {
  const panes = useSlidePanes();
  const terms = useTerms();
  return (offer: Offer | null, onSaved?: (offer: Offer) => void) =>
    panes.open({
      title: `${offer ? 'Edit' : 'New'} ${terms.term('offer')}`,
      description: 'Where delivered clicks go, and who they are for.',
      content: <OfferForm key={offer?.id ?? 'new'} offer={offer} onSaved={onSaved} />,
      closeOnOutsideClick: false,
      width: 640,
      testId: 'offer-pane',
    });
}
