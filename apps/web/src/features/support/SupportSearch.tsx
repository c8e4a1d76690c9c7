import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Input } from '../../components/Input/Input';
import { describeApiError } from '../../lib/api-errors';
import styles from './SupportPage.module.css';

/** The search box of the support pages: what is typed is searched for, trimmed, on submit. */
export function SupportSearchForm({
  label,
  type,
  inputTestId,
  submitTestId,
  onSearch,
}: {
  label: string;
  type?: 'email';
  inputTestId: string;
  submitTestId: string;
  onSearch: (search: string) => void;
}) {
  const [draft, setDraft] = useState('');
  return (
    <form
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <Input
        label={label}
        {...(type ? { type } : {})}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        data-testid={inputTestId}
      />
      <Button type="submit" variation="secondary" data-testid={submitTestId}>
        Search
      </Button>
    </form>
  );
}

/** A search's answer on the support pages: loading, its error, the text when nothing matched, or the rows. */
export function SupportSearchResults<T>({
  query,
  emptyText,
  emptyTestId,
  children,
}: {
  query: UseQueryResult<T[]>;
  emptyText: ReactNode;
  emptyTestId: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <p className={styles.muted}>Loading...</p>;
  if (query.isError) return <p className={styles.muted}>{describeOutcome(query.error)}</p>;
  if (query.data.length === 0) {
    return (
      <p className={styles.muted} data-testid={emptyTestId}>
        {emptyText}
      </p>
    );
  }
  return children(query.data);
}

function describeOutcome(error: unknown): string {
  const outcome = describeApiError(error);
  return outcome.kind === 'message'
    ? outcome.messages.join(' ')
    : 'An error occurred. Please reload the page.';
}
