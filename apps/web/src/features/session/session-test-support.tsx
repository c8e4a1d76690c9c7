import { render } from '@testing-library/react';
import type { Me, Relationship } from '@veracity/contracts/account';
import { visibleViews } from '@veracity/contracts/plans';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../providers';
import { routes } from '../../router';

/** Test support for the session and auth screens: a fetch stand-in answering by "METHOD /path". */

export interface MockResponse {
  status: number;
  body?: unknown;
}

type Answer = MockResponse | ((body: unknown) => MockResponse | Promise<MockResponse>);

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

export function mockApi(answers: Record<string, Answer>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init?.headers);
    calls.push({ method, path, query: url.searchParams, body, authorization: headers.get('Authorization') });
    const answer = answers[`${method} ${path}`];
    const response =
      typeof answer === 'function' ? await answer(body) : (answer ?? { status: 404, body: 'Not found' });
    return new Response(response.body === undefined ? null : JSON.stringify(response.body), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, called: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

export function ok(body: unknown, status = 200): MockResponse {
  return { status, body };
}

export function meFixture(overrides: Partial<Me> = {}): Me {
  const planType = overrides.planType === undefined ? 'pro' : overrides.planType;
  const accountFeatures = overrides.accountFeatures ?? [];
  return {
    id: 7,
    email: 'ana@acme.example',
    firstName: 'Ana',
    jobTitle: 'Head of paid media',
    emailVerified: true,
    isSupport: false,
    ghost: false,
    ghostRole: null,
    relationshipId: 42,
    companyName: 'Acme',
    planType,
    accountFeatures,
    vertical: null,
    translations: {},
    trialExpiresAt: null,
    sensorIntegrated: true,
    sensorKey: 'vs_test-sensor-key-1',
    sensorScriptUrl: 'https://app.veracity.example/c/s.js',
    serverUrl: 'https://app.veracity.example',
    numCampaigns: 0,
    numOffers: 0,
    numTrafficSources: 0,
    allowedVars: 4,
    isAdmin: true,
    isDemo: false,
    visibleViews: planType ? visibleViews(planType, accountFeatures) : [],
    ...overrides,
  };
}

export function relationshipFixture(overrides: Partial<Relationship> = {}): Relationship {
  return {
    id: 42,
    companyName: 'Acme Retail',
    active: true,
    paymentUrl: null,
    vertical: null,
    planType: 'pro',
    accountFeatures: [],
    ...overrides,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the dashboard's real routes at a path, with a probe showing the current location. */
export function renderRoutes(path: string, appRoutes: RouteObject[] = routes) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <LocationProbe />
            <Outlet />
          </>
        ),
        children: appRoutes,
      },
    ],
    { initialEntries: [path] },
  );
  const client = createQueryClient();
  render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, client };
}

/** The error line shown under a field, found through its aria-describedby; null when none shows. */
export function fieldError(testId: string): string | null {
  const field = document.querySelector(`[data-testid="${testId}"]`);
  const id = field?.getAttribute('aria-describedby');
  if (field?.getAttribute('aria-invalid') !== 'true' || !id) return null;
  return document.getElementById(id)?.textContent ?? null;
}
