import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportRelationship } from '@veracity/contracts/account';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, meFixture, mockApi, renderScreen } from '../account/test-api';
import { SupportPage, supportNavigation } from './SupportPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const initech: SupportRelationship = {
  id: 12,
  companyName: 'Initech',
  active: true,
  paymentUrl: null,
  vertical: null,
  planType: 'pro',
  accountFeatures: [],
  members: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('SupportPage', () => {
  it('finds accounts and opens one in a support session', async () => {
    const calls = mockApi({
      'GET /me': meFixture({ isSupport: true }),
      'GET /support/relationships': [initech],
      'POST /support/login-as': {
        url: 'http://localhost/auth/login-as?t=abc&r=12&g=Support&h=enabled_and_default_landing',
        token: 'abc',
        relationshipId: 12,
        ghostRole: 'Support',
        homeMode: 'enabled_and_default_landing',
      },
    });
    const assign = vi.spyOn(supportNavigation, 'assign').mockImplementation(() => undefined);
    renderScreen(<SupportPage />);
    expect((await screen.findByTestId('support-row-12')).textContent).toContain('Initech');

    await userEvent.type(screen.getByTestId('support-search'), 'init');
    await userEvent.click(screen.getByTestId('support-search-submit'));
    await waitFor(() => expect(calls.some((call) => call.path === '/support/relationships')).toBe(true));

    await userEvent.click(screen.getByTestId('support-open-12'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringContaining('/auth/login-as?t=abc')));
    expect(callsTo(calls, 'POST', '/support/login-as')[0]?.body).toEqual({
      relationshipId: 12,
      role: 'Support',
    });
  });

  it('tells other people the console is for support staff', async () => {
    mockApi({
      'GET /me': meFixture({ isSupport: false }),
      'GET /support/relationships': () => ({ status: 403 }),
    });
    renderScreen(<SupportPage />);
    expect((await screen.findByText('This console is for support staff.')).textContent).toBeTruthy();
  });
});
