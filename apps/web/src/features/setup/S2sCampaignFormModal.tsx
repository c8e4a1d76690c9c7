import {
  CAMPAIGN_NAME_MAX,
  type Campaign,
  type CampaignCreateBody,
  GOOGLE_ACCOUNT_ID_PATTERN,
  GOOGLE_CAMPAIGN_ID_PATTERN,
  GOOGLE_CAMPAIGN_TYPES,
  type GoogleCampaignType,
} from '@veracity/contracts/campaigns';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Dropdown, type DropdownOption } from '../../components/Dropdown/Dropdown';
import { Input } from '../../components/Input/Input';
import { Modal } from '../../components/Modal/Modal';
import { useAccountMutation } from '../../lib/use-api-feedback';
import { meQueryKey, useMe } from '../session/session.api';
import styles from './Setup.module.css';
import { createS2sCampaign, s2sCampaignsQueryKey, updateS2sCampaign } from './s2s-campaigns.api';

export const CAMPAIGN_MESSAGES = {
  required: 'Required field',
  nameTooLong: `Use at most ${CAMPAIGN_NAME_MAX} characters`,
  accountId: 'Use a Google Ads account id of 10 or 11 digits, e.g. 123-456-7890',
  campaignId: 'Use only numeric values',
  created: 'Campaign created',
  updated: 'Campaign updated',
} as const;

export interface CampaignDraft {
  name: string;
  googleAccountId: string;
  googleCampaignId: string;
  googleCampaignType: GoogleCampaignType | 'none';
}

type DraftErrors = Partial<Record<keyof CampaignDraft, string>>;

/** The form's checks, the same rules the server applies (packages/contracts/src/campaigns.ts). */
export function validateCampaign(draft: CampaignDraft): DraftErrors {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = CAMPAIGN_MESSAGES.required;
  else if (name.length > CAMPAIGN_NAME_MAX) errors.name = CAMPAIGN_MESSAGES.nameTooLong;
  const accountId = draft.googleAccountId.trim();
  if (accountId !== '' && !GOOGLE_ACCOUNT_ID_PATTERN.test(accountId))
    errors.googleAccountId = CAMPAIGN_MESSAGES.accountId;
  const campaignId = draft.googleCampaignId.trim();
  if (campaignId !== '' && !GOOGLE_CAMPAIGN_ID_PATTERN.test(campaignId))
    errors.googleCampaignId = CAMPAIGN_MESSAGES.campaignId;
  return errors;
}

function toBody(draft: CampaignDraft): CampaignCreateBody {
  return {
    name: draft.name.trim(),
    googleAccountId: draft.googleAccountId.trim() || null,
    googleCampaignId: draft.googleCampaignId.trim() || null,
    googleCampaignType: draft.googleCampaignType === 'none' ? null : draft.googleCampaignType,
  };
}

const TYPE_OPTIONS: DropdownOption<GoogleCampaignType | 'none'>[] = [
  { value: 'none', label: 'None' },
  ...GOOGLE_CAMPAIGN_TYPES.map((type) => ({ value: type, label: type })),
];

function CampaignForm({ campaign, onDone }: { campaign: Campaign | null; onDone: () => void }) {
  const me = useMe();
  const hadNone = (me.data?.numCampaigns ?? 0) === 0;
  const [draft, setDraft] = useState<CampaignDraft>({
    name: campaign?.name ?? '',
    googleAccountId: campaign?.googleAccountId ?? '',
    googleCampaignId: campaign?.googleCampaignId ?? '',
    googleCampaignType: campaign?.googleCampaignType ?? 'none',
  });
  const [touched, setTouched] = useState<Partial<Record<keyof CampaignDraft, boolean>>>({});
  const save = useAccountMutation({
    mutationFn: (body: CampaignCreateBody) =>
      campaign ? updateS2sCampaign(campaign.id, body) : createS2sCampaign(body),
    // After the first campaign the user's counts change (spec 02 §4): /me is read again.
    invalidate: campaign || !hadNone ? [s2sCampaignsQueryKey] : [s2sCampaignsQueryKey, meQueryKey],
    success: campaign ? CAMPAIGN_MESSAGES.updated : CAMPAIGN_MESSAGES.created,
    onSuccess: onDone,
  });
  const errors = validateCampaign(draft);
  const set = (field: keyof CampaignDraft) => (value: string) => setDraft({ ...draft, [field]: value });
  const touch = (field: keyof CampaignDraft) => () => setTouched({ ...touched, [field]: true });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, googleAccountId: true, googleCampaignId: true });
    if (Object.keys(errors).length === 0) save.mutate(toBody(draft));
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="s2s-form">
      <Input
        label="Name"
        value={draft.name}
        maxLength={CAMPAIGN_NAME_MAX + 20}
        onChange={(event) => set('name')(event.target.value)}
        onBlur={touch('name')}
        touched={touched.name}
        error={errors.name}
        data-testid="s2s-form-name"
      />
      <Input
        label="Google Ads account id (optional)"
        value={draft.googleAccountId}
        placeholder="123-456-7890"
        inputMode="numeric"
        onChange={(event) => set('googleAccountId')(event.target.value)}
        onBlur={touch('googleAccountId')}
        touched={touched.googleAccountId}
        error={errors.googleAccountId}
        data-testid="s2s-form-account-id"
      />
      <Input
        label="Google Ads campaign id (optional)"
        value={draft.googleCampaignId}
        inputMode="numeric"
        onChange={(event) => set('googleCampaignId')(event.target.value)}
        onBlur={touch('googleCampaignId')}
        touched={touched.googleCampaignId}
        error={errors.googleCampaignId}
        data-testid="s2s-form-campaign-id"
      />
      <Dropdown
        label="Google campaign type"
        options={TYPE_OPTIONS}
        value={draft.googleCampaignType}
        onChange={(value) => setDraft({ ...draft, googleCampaignType: value })}
        width="100%"
      />
      <div className={styles.modalActions}>
        <Button variation="white" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending} data-testid="s2s-form-save">
          {campaign ? 'Save campaign' : 'Create campaign'}
        </Button>
      </div>
    </form>
  );
}

interface S2sCampaignFormModalProps {
  /** null: closed; 'new': create; a campaign: edit it. */
  editing: Campaign | 'new' | null;
  onClose: () => void;
}

export function S2sCampaignFormModal({ editing, onClose }: S2sCampaignFormModalProps) {
  const campaign = editing === 'new' ? null : editing;
  return (
    <Modal
      open={editing !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={campaign ? 'Edit S2S campaign' : 'New S2S campaign'}
      description="Your server reports this campaign's visits and conversions to Veracity."
      width={480}
    >
      {editing !== null ? (
        <CampaignForm key={campaign?.id ?? 'new'} campaign={campaign} onDone={onClose} />
      ) : null}
    </Modal>
  );
}
