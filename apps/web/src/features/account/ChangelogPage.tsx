import { useMutation } from '@tanstack/react-query';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import {
  CHANGELOG_CATEGORIES,
  CHANGELOG_CATEGORY_NAMES,
  type ChangelogCategory,
  type ChangelogEntry,
  type ChangelogField,
} from '@veracity/contracts/changelog';
import { NO_CONTENT_MESSAGE } from '@veracity/contracts/csv';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { Input } from '../../components/Input/Input';
import { useNotify } from '../../components/Notifications/use-notify';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { ScrollRegion } from '../../components/Table/ScrollRegion';
import { useShowApiError } from '../../lib/use-api-feedback';
import { useHoldsPermission } from '../session/use-write-access';
import styles from './Account.module.css';
import changelogStyles from './Changelog.module.css';
import {
  type ChangelogFilters,
  downloadChangelogCsv,
  parseChangelogFilters,
  serializeChangelogFilters,
  useChangelog,
} from './changelog.api';
import { formatDateTime } from './format';

const ALL = 'all';

export const CHANGELOG_PERMISSION_TEXT =
  'You need the “Account changelog” permission (account_changelog) to read the changelog.';

function valueText(value: ChangelogField['to']): string {
  if (value === null || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** The fields an entry records: old -> new for a change, the value otherwise. Rendered as text. */
function Fields({ entry }: { entry: ChangelogEntry }) {
  if (entry.fields.length === 0) return null;
  return (
    <details className={changelogStyles.fields}>
      <summary>Details</summary>
      <dl>
        {entry.fields.map((field) => (
          <div key={field.field} className={changelogStyles.field}>
            <dt>{field.field}</dt>
            <dd>
              {field.changed ? (
                <>
                  <span className={changelogStyles.old}>{valueText(field.from)}</span>
                  <span aria-hidden="true"> → </span>
                  <span className="visually-hidden"> changed to </span>
                  <span>{valueText(field.to)}</span>
                </>
              ) : (
                valueText(field.to)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

const COLUMNS: ColumnDef<ChangelogEntry>[] = [
  {
    id: 'when',
    header: 'When',
    cell: ({ row }) => (
      <time dateTime={row.original.at} className={styles.nowrap}>
        {formatDateTime(row.original.at)}
      </time>
    ),
  },
  {
    id: 'who',
    header: 'Who',
    cell: ({ row }) => (
      <>
        <span className={styles.primaryText}>{row.original.actor.name}</span>
        {row.original.actor.email ? (
          <span className={styles.secondaryLine}>{row.original.actor.email}</span>
        ) : null}
      </>
    ),
  },
  {
    id: 'what',
    header: 'What',
    cell: ({ row }) => (
      <>
        <span className={changelogStyles.sentence}>{row.original.sentence}</span>
        <span className={styles.secondaryLine}>{CHANGELOG_CATEGORY_NAMES[row.original.category]}</span>
        <Fields entry={row.original} />
      </>
    ),
  },
  {
    id: 'ip',
    header: 'IP address',
    cell: ({ row }) => <span className={styles.nowrap}>{row.original.ip ?? '–'}</span>,
  },
];

function ChangelogTable({ entries }: { entries: ChangelogEntry[] }) {
  const table = useReactTable({
    data: entries,
    columns: COLUMNS,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (entry) => String(entry.id),
  });
  return (
    <ScrollRegion label="Changelog" className={styles.tableWrap}>
      <table className={`${styles.table} ${changelogStyles.table}`} data-testid="changelog-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid={`changelog-row-${row.id}`}>
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  data-column={cell.column.id}
                  data-label={String(cell.column.columnDef.header)}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * /account/changelog: who changed what in the account, and when (spec 01 §6, account_changelog).
 * Filters (dates of the account's time zone, person, category) live in the address; the list pages
 * with "Load more"; the CSV holds the filtered changelog.
 */
export function ChangelogPage() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => parseChangelogFilters(search), [search]);
  const allowed = useHoldsPermission('account_changelog');
  const reversed = filters.from !== undefined && filters.to !== undefined && filters.to < filters.from;
  const changelog = useChangelog(filters, allowed === true && !reversed);
  const notify = useNotify();
  const showError = useShowApiError();
  const exportCsv = useMutation({
    mutationFn: () => downloadChangelogCsv(filters),
    onSuccess: (saved) => {
      if (!saved) notify.info(NO_CONTENT_MESSAGE);
    },
    onError: showError,
  });

  const apply = (next: ChangelogFilters) => setSearch(serializeChangelogFilters(next), { replace: true });
  const without = (key: keyof ChangelogFilters): ChangelogFilters => {
    const next = { ...filters };
    delete next[key];
    return next;
  };
  const setDate = (key: 'from' | 'to', value: string) =>
    apply(value === '' ? without(key) : { ...without(key), [key]: value });

  const entries = changelog.data?.pages.flatMap((page) => page.entries) ?? [];
  const people = changelog.data?.pages[0]?.people ?? [];
  const filtered = Object.keys(filters).length > 0;

  return (
    <div className={styles.page} data-testid="account-changelog-page">
      <PageHeader title="Changelog" eyebrow="Account" />
      <p className={styles.intro}>
        Every change made to this account: who made it, when, what changed and from which address.
      </p>
      {allowed === false ? (
        <Card>
          <EmptyState title="No access to the changelog" testId="changelog-forbidden">
            {CHANGELOG_PERMISSION_TEXT}
          </EmptyState>
        </Card>
      ) : (
        <Card
          title="Changes"
          flush
          actions={
            <Button
              size="s"
              variation="secondary"
              loading={exportCsv.isPending}
              disabled={allowed !== true}
              onClick={() => exportCsv.mutate()}
              data-testid="changelog-export"
            >
              Export CSV
            </Button>
          }
        >
          <div className={changelogStyles.filters} data-testid="changelog-filters">
            <Input
              type="date"
              label="From"
              width="m"
              value={filters.from ?? ''}
              max={filters.to}
              onChange={(event) => setDate('from', event.target.value)}
              data-testid="changelog-from"
            />
            <Input
              type="date"
              label="To"
              width="m"
              value={filters.to ?? ''}
              min={filters.from}
              touched={reversed}
              error={reversed ? 'The end date is before the start date' : undefined}
              onChange={(event) => setDate('to', event.target.value)}
              data-testid="changelog-to"
            />
            <Dropdown
              label="Person"
              width={200}
              value={filters.actor === undefined ? ALL : String(filters.actor)}
              options={[
                { value: ALL, label: 'Everyone' },
                ...people.map((person) => ({
                  value: String(person.userId),
                  label: person.name || person.email,
                })),
              ]}
              onChange={(value) =>
                apply(value === ALL ? without('actor') : { ...filters, actor: Number(value) })
              }
            />
            <Dropdown<ChangelogCategory | typeof ALL>
              label="Category"
              width={180}
              value={filters.category ?? ALL}
              options={[
                { value: ALL, label: 'All changes' },
                ...CHANGELOG_CATEGORIES.map((category) => ({
                  value: category,
                  label: CHANGELOG_CATEGORY_NAMES[category],
                })),
              ]}
              onChange={(value) =>
                apply(value === ALL ? without('category') : { ...filters, category: value })
              }
            />
            {filtered ? (
              <Button size="s" variation="white" onClick={() => apply({})} data-testid="changelog-clear">
                Clear filters
              </Button>
            ) : null}
          </div>
          {reversed ? (
            <EmptyState title="Choose an end date on or after the start date" testId="changelog-reversed" />
          ) : allowed === undefined || changelog.isPending ? (
            <SkeletonRows rows={5} testId="changelog-loading" />
          ) : changelog.isError ? (
            <LoadError error={changelog.error} onRetry={() => void changelog.refetch()} />
          ) : entries.length === 0 ? (
            <EmptyState
              title={filtered ? 'No change matches these filters' : 'No changes yet'}
              testId="changelog-empty"
              action={
                filtered ? (
                  <Button size="s" variation="white" onClick={() => apply({})}>
                    Clear filters
                  </Button>
                ) : undefined
              }
            >
              {filtered
                ? 'Try a wider date range, another person or another category.'
                : 'Changes to users, labels, IP lists, settings, campaigns, alerts and integrations appear here.'}
            </EmptyState>
          ) : (
            <>
              <ChangelogTable entries={entries} />
              {changelog.hasNextPage ? (
                <div className={changelogStyles.more}>
                  <Button
                    size="s"
                    variation="white"
                    loading={changelog.isFetchingNextPage}
                    onClick={() => void changelog.fetchNextPage()}
                    data-testid="changelog-more"
                  >
                    Load more
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </Card>
      )}
    </div>
  );
}
