import { type FormEvent, useState } from 'react';
import { Card } from '../../components/Card/Card';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { useAccountMutation } from '../../lib/use-api-feedback';
import { isLocked, useWriteAccess } from '../session/use-write-access';
import styles from './Account.module.css';
import {
  type IpList,
  ipListQueryKey,
  replaceTrafficIpList,
  type TrafficIpList,
  useTrafficIpList,
} from './account.api';
import { IpEntriesEditor } from './IpEntriesEditor';
import { draftsFrom, entriesFromDrafts, hasIpErrors, validateIpDrafts } from './ip-entries';

/** The two traffic lists: what they do to classification, in the product's words. */
export const TRAFFIC_IP_LISTS: Record<
  TrafficIpList,
  { title: string; description: string; empty: string; saved: string; testId: string }
> = {
  whitelist: {
    title: 'Always legitimate IPs',
    description:
      'Traffic from these addresses is always classified as legitimate, whatever its signals: your offices, partners or monitoring tools.',
    empty: 'No address is always legitimate.',
    saved: 'Always legitimate IPs saved',
    testId: 'ip-whitelist',
  },
  blacklist: {
    title: 'Always invalid IPs',
    description:
      'Traffic from these addresses is always classified as invalid and excluded where your integrations allow it.',
    empty: 'No address is always invalid.',
    saved: 'Always invalid IPs saved',
    testId: 'ip-blacklist',
  },
};

function TrafficIpListForm({ list, initial }: { list: TrafficIpList; initial: IpList }) {
  const copy = TRAFFIC_IP_LISTS[list];
  const [drafts, setDrafts] = useState(() => draftsFrom(initial.entries));
  const [attempted, setAttempted] = useState(false);
  const access = useWriteAccess('account_manage_ip_whitelist');
  const save = useAccountMutation({
    mutationFn: (entries: ReturnType<typeof entriesFromDrafts>) => replaceTrafficIpList(list, { entries }),
    invalidate: [ipListQueryKey(list)],
    success: copy.saved,
  });
  const errors = validateIpDrafts(drafts);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!access.allowed || hasIpErrors(errors)) return;
    save.mutate(entriesFromDrafts(drafts));
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid={`${copy.testId}-form`}>
      <p className={styles.help}>{copy.description}</p>
      <IpEntriesEditor
        drafts={drafts}
        errors={errors}
        onChange={setDrafts}
        showErrors={attempted}
        disabled={isLocked(access)}
        testId={copy.testId}
        emptyText={copy.empty}
      />
      <div className={styles.formFooter}>
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
