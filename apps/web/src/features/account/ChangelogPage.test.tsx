import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChangelogEntry, ChangelogPage as Page } from '@veracity/contracts/changelog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANGELOG_PERMISSION_TEXT, ChangelogPage } from './ChangelogPage';
import { ACCOUNT_PERMISSIONS, callsTo, mockApi, notificationText, renderScreen } from './test-api';

afterEach(() => vi.unstubAllGlobals());

const PERMISSIONS = [...ACCOUNT_PERMISSIONS, 'account_changelog'];

function entry(id: number, sentence: string, overrides: Partial<ChangelogEntry> = {}): ChangelogEntry {
  return {
    id,
    at: '2026-11-20T10:15:00.000Z',
    actor: { kind: 'member', userId: 7, name: 'Ana', email: 'ana@acme.example' },
    action: 'settings.updated',
    category: 'settings',
    sentence,
    fields: [],
    ip: '192.0.2.10',
    ...overrides,
  };
}

const PEOPLE = [{ userId: 7, name: 'Ana', email: 'ana@acme.example' }];

function page(entries: ChangelogEntry[], nextCursor: string | null = null): Page {
  return { entries, nextCursor, people: PEOPLE };
}

/** The query strings the screen sent to GET /api/account/changelog. */
function changelogQueries(): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/account/changelog')
    .map((url) => url.searchParams);
}

describe('ChangelogPage', () => {
  it('lists who changed what and when, with the old and new values, as text', async () => {
    mockApi({
      'GET /me/permissions': PERMISSIONS,
      'GET /account/changelog': page([
        entry(2, 'Changed time zone from Europe/Madrid to UTC', {
          fields: [{ field: 'account.timezone', changed: true, from: 'Europe/Madrid', to: 'UTC' }],
        }),
        entry(1, 'Created the label “<img src=x onerror=alert(1)>”', {
          action: 'label.created',
          category: 'labels',
          actor: { kind: 'support', userId: null, name: 'Veracity support', email: null },
          ip: null,
        }),
      ]),
    });
    renderScreen(<ChangelogPage />);
    const first = await screen.findByTestId('changelog-row-2');
    expect(first.textContent).toContain('Changed time zone from Europe/Madrid to UTC');
    expect(first.textContent).toContain('ana@acme.example');
    expect(first.textContent).toContain('192.0.2.10');
    expect(first.textContent).toContain('Settings');
    const details = within(first).getByText('account.timezone').closest('div') as HTMLElement;
    expect(details.textContent).toContain('Europe/Madrid');
    expect(details.textContent).toContain('UTC');
    const second = screen.getByTestId('changelog-row-1');
    expect(second.textContent).toContain('Veracity support');
    expect(second.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(second.querySelector('img')).toBeNull();
  });

  it('loads older changes with the cursor on "Load more"', async () => {
    let served = 0;
    mockApi({
      'GET /me/permissions': PERMISSIONS,
      'GET /account/changelog': () => {
        served += 1;
        return {
          status: 200,
          body: served === 1 ? page([entry(3, 'Newest change')], 'older') : page([entry(1, 'Oldest change')]),
        };
      },
    });
    renderScreen(<ChangelogPage />);
    await screen.findByTestId('changelog-row-3');
    await userEvent.click(screen.getByTestId('changelog-more'));
    expect((await screen.findByTestId('changelog-row-1')).textContent).toContain('Oldest change');
    expect(screen.getByTestId('changelog-row-3')).toBeTruthy();
    expect(changelogQueries().map((query) => query.get('cursor'))).toEqual([null, 'older']);
    expect(screen.queryByTestId('changelog-more')).toBeNull();
  });

  it('asks the server again with the date filter, and offers to clear it when nothing matches', async () => {
    mockApi({
      'GET /me/permissions': PERMISSIONS,
      'GET /account/changelog': page([]),
    });
    renderScreen(<ChangelogPage />);
    expect((await screen.findByTestId('changelog-empty')).textContent).toContain('No changes yet');
    fireEvent.change(screen.getByTestId('changelog-from'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(changelogQueries().at(-1)?.get('from')).toBe('2026-11-01'));
    expect((await screen.findByTestId('changelog-empty')).textContent).toContain(
      'No change matches these filters',
    );
    await userEvent.click(screen.getByTestId('changelog-clear'));
    expect((await screen.findByTestId('changelog-empty')).textContent).toContain('No changes yet');
    expect((screen.getByTestId('changelog-from') as HTMLInputElement).value).toBe('');
  });

  it('asks nothing for a range that runs backwards', async () => {
    mockApi({ 'GET /me/permissions': PERMISSIONS, 'GET /account/changelog': page([entry(1, 'A change')]) });
    renderScreen(<ChangelogPage />);
    await screen.findByTestId('changelog-row-1');
    fireEvent.change(screen.getByTestId('changelog-from'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByTestId('changelog-to'), { target: { value: '2026-11-01' } });
    expect(await screen.findByTestId('changelog-reversed')).toBeTruthy();
    expect(changelogQueries().some((query) => query.get('to') === '2026-11-01')).toBe(false);
  });

  it('filters by category from the menu', async () => {
    mockApi({ 'GET /me/permissions': PERMISSIONS, 'GET /account/changelog': page([entry(1, 'A change')]) });
    renderScreen(<ChangelogPage />);
    await screen.findByTestId('changelog-row-1');
    await userEvent.click(screen.getByRole('button', { name: /Category/ }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Labels' }));
    await waitFor(() => expect(changelogQueries().at(-1)?.get('category')).toBe('labels'));
  });

  it('shows an error with a retry', async () => {
    mockApi({
      'GET /me/permissions': PERMISSIONS,
      'GET /account/changelog': () => ({ status: 500, body: 'boom' }),
    });
    renderScreen(<ChangelogPage />);
    expect(await screen.findByTestId('load-error')).toBeTruthy();
  });

  it('says which permission is missing and asks the server for nothing', async () => {
    const calls = mockApi({ 'GET /account/changelog': page([entry(1, 'Hidden')]) });
    renderScreen(<ChangelogPage />);
    expect((await screen.findByTestId('changelog-forbidden')).textContent).toContain(
      CHANGELOG_PERMISSION_TEXT,
    );
    expect(callsTo(calls, 'GET', '/account/changelog')).toHaveLength(0);
  });

  it('exports the filtered changelog, and says "No content" when nothing matches', async () => {
    const calls = mockApi({
      'GET /me/permissions': PERMISSIONS,
      'GET /account/changelog': page([entry(1, 'A change')]),
      'GET /account/changelog/csv': () => ({ status: 204 }),
    });
    renderScreen(<ChangelogPage />);
    await screen.findByTestId('changelog-row-1');
    await userEvent.click(screen.getByTestId('changelog-export'));
    expect(await notificationText()).toContain('No content');
    expect(callsTo(calls, 'GET', '/account/changelog/csv')).toHaveLength(1);
  });
});
