import { type PastedLineError, parseIpPaste } from '@veracity/contracts/ip-settings';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { Card } from '../../../components/Card/Card';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { useAccountMutation } from '../../../lib/use-api-feedback';
import { IpEntriesEditor } from '../../account/IpEntriesEditor';
import {
  draftsFrom,
  entriesFromDrafts,
  hasIpErrors,
  type IpEntryDraft,
  newDraft,
  validateIpDrafts,
} from '../../account/ip-entries';
import { isLocked, useWriteAccess } from '../../session/use-write-access';
import { IpPasteBox } from './IpPasteBox';
import styles from './IpSettings.module.css';
import {
  type IpList,
  ipExclusionListsQueryKey,
  ipListQueryKey,
  replaceTrafficIpList,
  type TrafficIpList,
  useTrafficIpList,
} from './ip-settings.api';
import shared from './Security.module.css';

/** The two traffic lists: what they do to classification, in the product's words. */
export const TRAFFIC_IP_LISTS: Record<
  TrafficIpList,
  { title: string; description: string; empty: string; saved: string; testId: string }
> = {
  whitelist: {
    title: 'Always legitimate IPs',
    description:
      'Traffic from these addresses is always classified as legitimate, whatever its signals: your offices, partners or monitoring tools. It wins over the invalid list, and Veracity never excludes these addresses on your ad platforms.',
    empty: 'No address is always legitimate.',
    saved: 'Always legitimate IPs saved',
    testId: 'ip-whitelist',
  },
  blacklist: {
    title: 'Always invalid IPs',
    description:
      "Traffic from these addresses is always classified as invalid (reason: IP on the account's deny list) and excluded where your integrations allow it.",
    empty: 'No address is always invalid.',
    saved: 'Always invalid IPs saved',
    testId: 'ip-blacklist',
  },
};

/** The drafts with the pasted addresses added at the end; an address already listed is not added twice. */
function withPasted(drafts: readonly IpEntryDraft[], values: readonly string[]): IpEntryDraft[] {
  const present = new Set(drafts.map((draft) => draft.value.trim().toLowerCase()));
  const added = values.filter((value) => !present.has(value.toLowerCase())).map((value) => newDraft(value));
  return [...drafts, ...added];
}

function TrafficIpListForm({ list, initial }: { list: TrafficIpList; initial: IpList }) {
  const copy = TRAFFIC_IP_LISTS[list];
  const [drafts, setDrafts] = useState(() => draftsFrom(initial.entries));
  const [attempted, setAttempted] = useState(false);
  const [pasteText, setPasteText] = useState('');
  const [pasteErrors, setPasteErrors] = useState<readonly PastedLineError[]>([]);
  const access = useWriteAccess('account_manage_ip_whitelist');
  const save = useAccountMutation({
    mutationFn: (entries: ReturnType<typeof entriesFromDrafts>) => replaceTrafficIpList(list, { entries }),
    invalidate: [ipListQueryKey(list), ipExclusionListsQueryKey],
    success: copy.saved,
  });
  const errors = validateIpDrafts(drafts);

  /** Reads the paste into rows; with any bad line, nothing is added and the lines say why. */
  const takePaste = (): IpEntryDraft[] | null => {
    const parsed = parseIpPaste(pasteText);
    if (parsed.errors.length > 0) {
      setPasteErrors(parsed.errors);
      return null;
    }
    const merged = withPasted(
      drafts,
      parsed.entries.map((entry) => entry.value),
    );
    setDrafts(merged);
    setPasteText('');
    setPasteErrors([]);
    return merged;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!access.allowed) return;
    const merged = pasteText.trim() === '' ? drafts : takePaste();
    if (merged === null || hasIpErrors(validateIpDrafts(merged))) return;
    save.mutate(entriesFromDrafts(merged));
  };

  const locked = isLocked(access);
  return (
    <form className={shared.form} onSubmit={submit} noValidate data-testid={`${copy.testId}-form`}>
      <p className={shared.help}>{copy.description}</p>
      <IpEntriesEditor
        drafts={drafts}
        errors={errors}
        onChange={setDrafts}
        showErrors={attempted}
        disabled={locked}
        testId={copy.testId}
        emptyText={copy.empty}
      />
      <IpPasteBox
        text={pasteText}
        onChange={(text) => {
          setPasteText(text);
          setPasteErrors([]);
        }}
        errors={pasteErrors}
        disabled={locked}
        testId={copy.testId}
      />
      <div className={styles.formFooter}>
        <Button
          variation="secondary"
          disabled={locked || pasteText.trim() === ''}
          onClick={() => void takePaste()}
          data-testid={`${copy.testId}-paste-add`}
        >
          Add pasted addresses
        </Button>
        <GuardedButton
          type="submit"
          access={access}
          loading={save.isPending}
          data-testid={`${copy.testId}-save`}
        >
          Save list
        </GuardedButton>
      </div>
    </form>
  );
}

/** One traffic IP list (GET/POST /me/ip-whitelist or /me/ip-blacklist; POST replaces the list). */
export function TrafficIpListCard({ list }: { list: TrafficIpList }) {
  const query = useTrafficIpList(list);
  const copy = TRAFFIC_IP_LISTS[list];
  return (
    <Card title={copy.title} data-testid={`${copy.testId}-card`}>
      {query.isPending ? (
        <SkeletonRows rows={2} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <TrafficIpListForm key={query.dataUpdatedAt} list={list} initial={query.data} />
      )}
    </Card>
  );
}
