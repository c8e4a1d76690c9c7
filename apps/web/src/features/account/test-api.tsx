import { act, render, screen, waitFor } from '@testing-library/react';
import type { Me } from '@veracity/contracts/account';
import type { PermissionKey } from '@veracity/contracts/plans';
import { VIEW_IDS } from '@veracity/contracts/views';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../providers';
import { meFixture as sessionMeFixture } from '../session/session-test-support';

/** Test support for the account screens: a fetch stand-in answering by "METHOD /path", and a render. */

export interface MockResponse {
  status: number;
  body?: unknown;
}

type Answer = unknown | ((body: unknown) => MockResponse);

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export const ACCOUNT_PERMISSIONS: PermissionKey[] = [
  'account_manage_users',
  'account_manage_labels',
  'account_manage_settings',
  'account_manage_ip_whitelist',
  'account_manage_integrations',
];

/** Account screens are tested with every view open; the guard's tests derive views from the plan. */
export function meFixture(overrides: Partial<Me> = {}): Me {
  return sessionMeFixture({ visibleViews: [...VIEW_IDS], ...overrides });
}

function isResponder(answer: Answer): answer is (body: unknown) => MockResponse {
  return typeof answer === 'function';
}

/**
 * Stubs fetch: each "METHOD /path" (path without /api) answers with a JSON body (200) or a function
 * of the request body returning { status, body }. Unknown calls answer 404. Returns the calls made.
 */
export function mockApi(answers: Record<string, Answer>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const table: Record<string, Answer> = {
    'GET /me': meFixture(),
    'GET /me/permissions': ACCOUNT_PERMISSIONS,
    ...answers,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const key = `${method} ${path}`;
      const answer = key in table ? table[key] : undefined;
      const response: MockResponse =
        answer === undefined
          ? { status: 404, body: 'Not found' }
          : isResponder(answer)
            ? answer(body)
            : { status: 200, body: answer };
      if (response.status === 204 || response.body === undefined)
        return new Response(null, { status: response.status });
      return new Response(JSON.stringify(response.body), {
        status: response.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function callsTo(calls: readonly RecordedCall[], method: string, path: string): RecordedCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
}

export function renderScreen(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/account'] });
  return render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

export async function notificationText(): Promise<string> {
  return (await screen.findByTestId('notification')).textContent ?? '';
}

/** The control (by data-testid) is unavailable and its tooltip, shown on focus, says why. */
export async function expectBlocked(testId: string, reason: string): Promise<void> {
  await waitFor(() => expect(screen.getByTestId(testId).getAttribute('data-disabled-reason')).toBe(reason));
  const control = screen.getByTestId(testId);
  expect(control.getAttribute('aria-disabled')).toBe('true');
  act(() => control.focus());
  expect((await screen.findByRole('tooltip')).textContent).toContain(reason);
}
