import {
  type TrafficSource,
  type TrafficSourceCreateBody,
  zTrafficSourceCreateBody,
} from '@veracity/contracts/firewall';
import { POSTBACK_MACROS } from '@veracity/contracts/firewall-macros';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { Input } from '../../../components/Input/Input';
import { SlidePaneFooter } from '../../../components/SlidePane/SlidePaneFooter';
import { useSlidePanes } from '../../../components/SlidePane/use-slide-panes';
import { useAccountMutation } from '../../../lib/use-api-feedback';
import { meQueryKey, useMe } from '../../session/session.api';
import { useTerms } from '../../session/use-terms';
import setupStyles from '../Setup.module.css';
import { TextareaField } from './FirewallListParts';
import { createTrafficSource, trafficSourcesQueryKey, updateTrafficSource } from './firewall.api';
import { FIREWALL_FORM_MESSAGES, fieldErrors, linesOf, macroHint, nameMessage } from './firewall-form-errors';

interface Draft {
  name: string;
  postbackUrl: string;
  addresses: string;
}

function toBody(draft: Draft): TrafficSourceCreateBody {
  return {
    name: draft.name.trim(),
    postbackUrl: draft.postbackUrl.trim() || null,
    allowedPostbackAddresses: linesOf(draft.addresses),
  };
}

export function validateTrafficSource(draft: Draft) {
  return fieldErrors(zTrafficSourceCreateBody, toBody(draft), (field, code) => {
    if (field === 'name') return nameMessage(code);
    if (field === 'postbackUrl') return FIREWALL_FORM_MESSAGES.postbackUrl;
    return FIREWALL_FORM_MESSAGES.postbackAddress;
  });
}

/** Which lines of the addresses field the server would refuse, to name them in the error. */
function refusedAddresses(text: string): string[] {
  return linesOf(text).filter(
    (line) => !zTrafficSourceCreateBody.shape.allowedPostbackAddresses.safeParse([line]).success,
  );
}

export const TRAFFIC_SOURCE_MESSAGES = {
  created: 'Traffic source created',
  updated: 'Traffic source updated',
};

/**
 * Create or edit a traffic source, in a slide pane (spec 02 §4): name, postback URL with macros and the
 * addresses its postbacks may come from. `onSaved` gets the stored source (the campaign form selects it).
 */
export function TrafficSourceForm({
  source,
  onSaved,
}: {
  source: TrafficSource | null;
  onSaved?: (source: TrafficSource) => void;
}) {
  const formId = useId();
  const panes = useSlidePanes();
  const terms = useTerms();
  const me = useMe();
  const hadNone = (me.data?.numTrafficSources ?? 0) === 0;
  const [draft, setDraft] = useState<Draft>({
    name: source?.name ?? '',
    postbackUrl: source?.postbackUrl ?? '',
    addresses: source?.allowedPostbackAddresses.join('\n') ?? '',
  });
  const [touched, setTouched] = useState<Partial<Record<keyof Draft, boolean>>>({});
  const save = useAccountMutation({
    mutationFn: (body: TrafficSourceCreateBody) =>
      source ? updateTrafficSource(source.id, body) : createTrafficSource(body),
    // After the first traffic source the user's counts change (spec 02 §4): /me is read again.
    invalidate: source || !hadNone ? [trafficSourcesQueryKey] : [trafficSourcesQueryKey, meQueryKey],
    success: source ? TRAFFIC_SOURCE_MESSAGES.updated : TRAFFIC_SOURCE_MESSAGES.created,
    onSuccess: (saved) => {
      onSaved?.(saved);
      panes.close();
    },
  });
  const errors = validateTrafficSource(draft);
  const refused = refusedAddresses(draft.addresses);
  const addressError = errors.allowedPostbackAddresses
    ? `${errors.allowedPostbackAddresses}: ${refused.join(', ')}`
    : undefined;
  const set = (field: keyof Draft) => (value: string) => setDraft({ ...draft, [field]: value });
  const touch = (field: keyof Draft) => () => setTouched({ ...touched, [field]: true });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, postbackUrl: true, addresses: true });
    if (Object.keys(errors).length === 0) save.mutate(toBody(draft));
  };
  const word = terms.term('trafficSource');
  return (
    <form id={formId} className={setupStyles.form} onSubmit={submit} noValidate data-testid="ts-form">
      <Input
        label="Name"
        value={draft.name}
        onChange={(event) => set('name')(event.target.value)}
        onBlur={touch('name')}
        touched={touched.name}
        error={errors.name}
        data-testid="ts-form-name"
      />
      <Input
        label="Postback URL (optional)"
        value={draft.postbackUrl}
        placeholder="https://tracker.example/pb?cid={external_id}&sum={payout}"
        inputMode="url"
        onChange={(event) => set('postbackUrl')(event.target.value)}
        onBlur={touch('postbackUrl')}
        touched={touched.postbackUrl}
        error={errors.postbackUrl}
        hint={`Legitimate conversions are reported here. Macros: ${macroHint(POSTBACK_MACROS)}`}
        data-testid="ts-form-postback-url"
      />
      <TextareaField
        label="Allowed postback addresses (optional)"
        value={draft.addresses}
        onChange={set('addresses')}
        onBlur={touch('addresses')}
        touched={touched.addresses}
        error={addressError}
        hint="One a line: IP addresses, ranges (198.51.100.0/24), domains or URLs."
        testId="ts-form-addresses"
      />
      <SlidePaneFooter>
        <Button variation="white" onClick={panes.close}>
          Cancel
        </Button>
        <Button type="submit" form={formId} loading={save.isPending} data-testid="ts-form-save">
          {source ? 'Save changes' : `Create ${word}`}
        </Button>
      </SlidePaneFooter>
    </form>
  );
}

/** Opens the traffic source form in a new pane on top of the stack. */
export function useTrafficSourcePane() {
  const panes = useSlidePanes();
  const terms = useTerms();
  return (source: TrafficSource | null, onSaved?: (source: TrafficSource) => void) =>
    panes.open({
      title: `${source ? 'Edit' : 'New'} ${terms.term('trafficSource')}`,
      description: 'Where clicks come from, and where their legitimate conversions are reported.',
      content: <TrafficSourceForm key={source?.id ?? 'new'} source={source} onSaved={onSaved} />,
      closeOnOutsideClick: false,
      testId: 'ts-pane',
    });
}
