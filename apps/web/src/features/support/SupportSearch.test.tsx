import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SupportSearchForm, SupportSearchResults } from './SupportSearch';

const answer = (state: Partial<UseQueryResult<string[]>>) =>
  ({ isPending: false, isError: false, error: null, data: [], ...state }) as UseQueryResult<string[]>;

function results(query: UseQueryResult<string[]>) {
  return render(
    <SupportSearchResults query={query} emptyText="Nothing here." emptyTestId="empty">
      {(rows) => <ul data-testid="rows">{rows.join(',')}</ul>}
    </SupportSearchResults>,
  );
}

describe('SupportSearchForm', () => {
  it('searches for what was typed, trimmed, on submit', async () => {
    const onSearch = vi.fn();
    render(<SupportSearchForm label="Recipient" inputTestId="to" submitTestId="go" onSearch={onSearch} />);
    await userEvent.type(screen.getByTestId('to'), '  bo@acme.example ');
    expect(onSearch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('go'));
    expect(onSearch).toHaveBeenCalledWith('bo@acme.example');
  });
});

describe('SupportSearchResults', () => {
  it('shows the rows, the empty text, loading, and a failed search in the catalogue words', () => {
    results(answer({ data: ['a', 'b'] }));
    expect(screen.getByTestId('rows').textContent).toBe('a,b');

    results(answer({ data: [] }));
    expect(screen.getByTestId('empty').textContent).toBe('Nothing here.');

    results(answer({ isPending: true, data: undefined }));
    expect(screen.getByText('Loading...')).toBeTruthy();

    results(answer({ isError: true, error: new TypeError('fetch failed'), data: undefined }));
    expect(screen.getByText('An error occurred. Please reload the page.')).toBeTruthy();
  });
});
