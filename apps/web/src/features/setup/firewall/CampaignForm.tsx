import { useQueryClient } from '@tanstack/react-query';
import { GOOGLE_CAMPAIGN_TYPES, type GoogleCampaignType } from '@veracity/contracts/campaigns';
import {
  DEFAULT_SECURITY_SETTINGS,
  type FirewallCampaign,
  type FirewallCampaignCreateBody,
  type Offer,
  type TrafficSource,
  zFirewallCampaignCreateBody,
} from '@veracity/contracts/firewall';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { Dropdown, type DropdownOption } from '../../../components/Dropdown/Dropdown';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { Input } from '../../../components/Input/Input';
import { SlidePaneFooter } from '../../../components/SlidePane/SlidePaneFooter';
import { useSlidePanes } from '../../../components/SlidePane/use-slide-panes';
import { useAccountMutation } from '../../../lib/use-api-feedback';
import { meQueryKey, useMe } from '../../session/session.api';
import { useTerms } from '../../session/use-terms';
import { useHoldsPermission, useWriteAccess } from '../../session/use-write-access';
import setupStyles from '../Setup.module.css';
import { CampaignSecurityFields, type SecurityDraft } from './CampaignSecurityFields';
import styles from './Firewall.module.css';
import {
  createFirewallCampaign,
  firewallCampaignsQueryKey,
  offersQueryKey,
  trafficSourcesQueryKey,
  updateFirewallCampaign,
  useOffers,
  useTrafficSources,
} from './firewall.api';
import { FIREWALL_FORM_MESSAGES, fieldErrors, nameMessage } from './firewall-form-errors';
import { useOfferPane } from './OfferForm';
import { useTrafficSourcePane } from './TrafficSourceForm';

const NONE = 'none';

interface Draft {
  name: string;
  offerId: string;
  trafficSourceId: string;
  googleAccountId: string;
  googleCampaignId: string;
  googleCampaignType: GoogleCampaignType | typeof NONE;
  security: SecurityDraft;
}

function draftOf(campaign: FirewallCampaign | null): Draft {
  const security = campaign?.security ?? DEFAULT_SECURITY_SETTINGS;
  return {
    name: campaign?.name ?? '',
    offerId: campaign?.offerId ? String(campaign.offerId) : NONE,
    trafficSourceId: campaign?.trafficSourceId ? String(campaign.trafficSourceId) : NONE,
    googleAccountId: campaign?.googleAccountId ?? '',
    googleCampaignId: campaign?.googleCampaignId ?? '',
    googleCampaignType: campaign?.googleCampaignType ?? NONE,
    security: { ...security, safePageUrl: security.safePageUrl ?? '' },
  };
}

/** The body sent: the security settings only from a user who may change them. */
function toBody(draft: Draft, withSecurity: boolean): FirewallCampaignCreateBody {
  const id = (value: string) => (value === NONE ? null : Number(value));
  const body: FirewallCampaignCreateBody = {
    name: draft.name.trim(),
    offerId: id(draft.offerId),
    trafficSourceId: id(draft.trafficSourceId),
    googleAccountId: draft.googleAccountId.trim() || null,
    googleCampaignId: draft.googleCampaignId.trim() || null,
    googleCampaignType: draft.googleCampaignType === NONE ? null : draft.googleCampaignType,
  };
  if (withSecurity)
    body.security = { ...draft.security, safePageUrl: draft.security.safePageUrl.trim() || null };
  return body;
}

export function validateCampaign(draft: Draft) {
  return fieldErrors(zFirewallCampaignCreateBody, toBody(draft, true), (field, code) => {
    if (field === 'name') return nameMessage(code);
    if (field === 'googleAccountId') return FIREWALL_FORM_MESSAGES.googleAccountId;
    if (field === 'googleCampaignId') return FIREWALL_FORM_MESSAGES.googleCampaignId;
    if (field === 'security.safePageUrl') return FIREWALL_FORM_MESSAGES.safePageUrl;
    return FIREWALL_FORM_MESSAGES.required;
  });
}

/**
 * Picker options: "None", then the visible items; a hidden item stays listed only when it is the one
 * already chosen, so editing does not silently drop it (spec 02 §4: hidden items out of pickers).
 */
export function pickerOptions(
  items: readonly (Offer | TrafficSource)[] | undefined,
  chosen: string,
): DropdownOption<string>[] {
  const options: DropdownOption<string>[] = [{ value: NONE, label: 'None' }];
  for (const item of items ?? []) {
    if (!item.hidden || String(item.id) === chosen) {
      options.push({ value: String(item.id), label: item.hidden ? `${item.name} (hidden)` : item.name });
    }
  }
  if (chosen !== NONE && !options.some((option) => option.value === chosen)) {
    options.push({ value: chosen, label: `#${chosen}` });
  }
  return options;
}

/** A list with an item just created in it, so a picker can name it before the list is read again. */
function withItem<T extends { id: number }>(list: T[] | undefined, item: T): T[] | undefined {
  return list && !list.some((entry) => entry.id === item.id) ? [...list, item] : list;
}

const TYPE_OPTIONS: DropdownOption<GoogleCampaignType | typeof NONE>[] = [
  { value: NONE, label: 'None' },
  ...GOOGLE_CAMPAIGN_TYPES.map((type) => ({ value: type, label: type })),
];

export const CAMPAIGN_FORM_MESSAGES = { created: 'Campaign created', updated: 'Campaign updated' };

/**
 * Create or edit a firewall campaign in a slide pane: its offer and traffic source (each can be created
 * in a pane on top and is then selected), Google fields and security settings.
 */
export function CampaignForm({ campaign }: { campaign: FirewallCampaign | null }) {
  const formId = useId();
  const panes = useSlidePanes();
  const terms = useTerms();
  const me = useMe();
  const offers = useOffers(useHoldsPermission('offer_view') === true);
  const sources = useTrafficSources(useHoldsPermission('traffic_source_view') === true);
  const securityAccess = useWriteAccess('campaign_edit_security');
  const offerCreate = useWriteAccess('offer_create');
  const sourceCreate = useWriteAccess('traffic_source_create');
  const openOffer = useOfferPane();
  const openSource = useTrafficSourcePane();
  const queryClient = useQueryClient();
  const hadNone = (me.data?.numCampaigns ?? 0) === 0;
  const [draft, setDraft] = useState<Draft>(() => draftOf(campaign));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const save = useAccountMutation({
    mutationFn: (body: FirewallCampaignCreateBody) =>
      campaign ? updateFirewallCampaign(campaign.id, body) : createFirewallCampaign(body),
    // After the first campaign the user's counts change (spec 02 §4): /me is read again.
    invalidate: campaign || !hadNone ? [firewallCampaignsQueryKey] : [firewallCampaignsQueryKey, meQueryKey],
    success: campaign ? CAMPAIGN_FORM_MESSAGES.updated : CAMPAIGN_FORM_MESSAGES.created,
    onSuccess: () => panes.close(),
  });
  const errors = validateCampaign(draft);
  const touch = (field: string) => () => setTouched((current) => ({ ...current, [field]: true }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, googleAccountId: true, googleCampaignId: true, 'security.safePageUrl': true });
    if (Object.keys(errors).length === 0) save.mutate(toBody(draft, securityAccess.allowed));
  };
  const offerWord = terms.term('offer');
  const sourceWord = terms.term('trafficSource');
  return (
    <form id={formId} className={setupStyles.form} onSubmit={submit} noValidate data-testid="campaign-form">
      <Input
        label="Name"
        value={draft.name}
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        onBlur={touch('name')}
        touched={touched.name}
        error={errors.name}
        data-testid="campaign-form-name"
      />
      <div className={styles.pickerLine} data-testid="campaign-form-offer">
        <Dropdown
          label={offerWord}
          options={pickerOptions(offers.data, draft.offerId)}
          value={draft.offerId}
          onChange={(offerId) => setDraft({ ...draft, offerId })}
          width="100%"
        />
        <GuardedButton
          size="m"
          variation="white"
          access={offerCreate}
          onClick={() =>
            openOffer(null, (offer) => {
              queryClient.setQueryData<Offer[]>(offersQueryKey, (list) => withItem(list, offer));
              setDraft((current) => ({ ...current, offerId: String(offer.id) }));
            })
          }
          data-testid="campaign-form-new-offer"
        >
          New {offerWord}
        </GuardedButton>
      </div>
      <div className={styles.pickerLine} data-testid="campaign-form-source">
        <Dropdown
          label={sourceWord}
          options={pickerOptions(sources.data, draft.trafficSourceId)}
          value={draft.trafficSourceId}
          onChange={(trafficSourceId) => setDraft({ ...draft, trafficSourceId })}
          width="100%"
        />
        <GuardedButton
          size="m"
          variation="white"
          access={sourceCreate}
          onClick={() =>
            openSource(null, (source) => {
              queryClient.setQueryData<TrafficSource[]>(trafficSourcesQueryKey, (list) =>
                withItem(list, source),
              );
              setDraft((current) => ({ ...current, trafficSourceId: String(source.id) }));
            })
          }
          data-testid="campaign-form-new-source"
        >
          New {sourceWord}
        </GuardedButton>
      </div>
      <CampaignSecurityFields
        security={draft.security}
        onChange={(security) => setDraft({ ...draft, security })}
        safePageError={errors['security.safePageUrl']}
        safePageTouched={touched['security.safePageUrl']}
        onSafePageBlur={touch('security.safePageUrl')}
        lockedReason={securityAccess.allowed ? null : securityAccess.reason}
      />
      <Input
        label="Google Ads account id (optional)"
        value={draft.googleAccountId}
        placeholder="123-456-7890"
        inputMode="numeric"
        onChange={(event) => setDraft({ ...draft, googleAccountId: event.target.value })}
        onBlur={touch('googleAccountId')}
        touched={touched.googleAccountId}
        error={errors.googleAccountId}
        data-testid="campaign-form-account-id"
      />
      <Input
        label="Google Ads campaign id (optional)"
        value={draft.googleCampaignId}
        inputMode="numeric"
        onChange={(event) => setDraft({ ...draft, googleCampaignId: event.target.value })}
        onBlur={touch('googleCampaignId')}
        touched={touched.googleCampaignId}
        error={errors.googleCampaignId}
        data-testid="campaign-form-campaign-id"
      />
      <Dropdown
        label="Google campaign type"
        options={TYPE_OPTIONS}
        value={draft.googleCampaignType}
        onChange={(googleCampaignType) => setDraft({ ...draft, googleCampaignType })}
        width="100%"
      />
      <SlidePaneFooter>
        <Button variation="white" onClick={panes.close}>
          Cancel
        </Button>
        <Button type="submit" form={formId} loading={save.isPending} data-testid="campaign-form-save">
          {campaign ? 'Save changes' : `Create ${terms.term('campaign')}`}
        </Button>
      </SlidePaneFooter>
    </form>
  );
}

/** Opens the campaign form in a pane (the first of the stack when started from the list). */
export function useCampaignPane() {
  const panes = useSlidePanes();
  const terms = useTerms();
  return (campaign: FirewallCampaign | null) =>
    panes.open({
      title: `${campaign ? 'Edit' : 'New'} ${terms.term('campaign')}`,
      description: 'Joins a traffic source to an offer and decides what happens to each click.',
      content: <CampaignForm key={campaign?.id ?? 'new'} campaign={campaign} />,
      closeOnOutsideClick: false,
      width: 640,
      testId: 'campaign-pane',
    });
}
