import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GlobalIntelligenceEntry } from '@veracity/contracts/google-ads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_PERMISSIONS } from '../account/test-api';
import { meFixture, mockApi, ok, renderRoutes } from '../session/session-test-support';
import { linkedStateFixture, signIn } from './google-ads-test-support';

const PAGE = '/integrations/google-ads/global-intelligence';
const ENTRIES: GlobalIntelligenceEntry[] = [
  {
    cidr: '45.83.0.0/24',
    type: 'GLOBAL_REGULAR',
    accounts: 12,
    lastSeenAt: '2026-11-26T10:00:00Z',
    excluded: true,
  },
  {
    cidr: '185.220.101.7',
    type: 'COUNTRY_GOOGLE',
    accounts: 5,
    lastSeenAt: '2026-11-25T10:00:00Z',
    excluded: false,
  },
];

beforeEach(() => {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

describe('Google Ads global intelligence', () => {
  it('lists the addresses with their type, accounts, last seen and whether they are excluded', async () => {
    mockApi({
      'GET /me': ok(meFixture({ planType: 'pro' })),
      'GET /me/permissions': ok(ACCOUNT_PERMISSIONS),
      'GET /integrations/google-ads': ok(linkedStateFixture()),
      'GET /integrations/google-ads/global-intelligence': ok(ENTRIES),
    });
    renderRoutes(PAGE);
    const rows = await screen.findAllByTestId('global-intelligence-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^45\.83\.0\.0\/24Global12.*Yes$/),
      expect.stringMatching(/^185\.220\.101\.7Country \(Google\)5.*No$/),
    ]);
  });

  it('opts in with the toggle', async () => {
    const api = mockApi({
      'GET /me': ok(meFixture({ planType: 'pro' })),
      'GET /me/permissions': ok(ACCOUNT_PERMISSIONS),
      'GET /integrations/google-ads': ok(linkedStateFixture()),
      'GET /integrations/google-ads/global-intelligence': ok([]),
      'PATCH /integrations/google-ads/settings': (body) =>
        ok(linkedStateFixture({ settings: { ...linkedStateFixture().settings, ...(body as object) } })),
    });
    renderRoutes(PAGE);
    expect(await screen.findByTestId('global-intelligence-empty')).toBeTruthy();
    await userEvent.click(await screen.findByRole('switch', { name: 'Use global intelligence' }));
    await waitFor(() =>
      expect(api.called('PATCH /integrations/google-ads/settings')[0]?.body).toEqual({
        globalIntelligence: true,
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('global-intelligence-toggle').getAttribute('data-checked')).toBe('true'),
    );
  });
});
