import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HubspotState } from '@veracity/contracts/hubspot';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_PERMISSIONS } from '../account/test-api';
import { meFixture, mockApi, ok, renderRoutes } from '../session/session-test-support';

function stateFixture(overrides: Partial<HubspotState> = {}): HubspotState {
  return {
    configured: true,
    connection: 'connected',
    portal: { id: '4400123', domain: 'acme.hubspot.example' },
    propertiesReady: true,
    pending: 2,
    contacts: [
      {
        contactId: '1001',
        url: 'https://app.hubspot.com/contacts/4400123/record/0-1/1001',
        verdict: 'invalid',
        reasons: ['network:datacenter'],
        conversionName: '<b>lead</b>',
        matchedBy: 'email',
        convertedAt: '2026-03-01T10:00:00.000Z',
        flaggedAt: '2026-03-01T10:05:00.000Z',
      },
    ],
    problem: null,
    ...overrides,
  };
}

function answers(state: HubspotState, permissions = ACCOUNT_PERMISSIONS) {
  return {
    'GET /me': ok(meFixture()),
    'GET /me/permissions': ok(permissions),
    'GET /integrations/hubspot': ok(state),
    'DELETE /integrations/hubspot': ok(stateFixture({ connection: 'none', portal: null, contacts: [] })),
  };
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.activeRelationshipId, '42');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the HubSpot page', () => {
  it('shows the portal and the flagged contacts of Last 30 days, tracked text as text', async () => {
    const api = mockApi(answers(stateFixture()));
    renderRoutes('/integrations/hubspot');
    const contacts = await screen.findByTestId('hubspot-contacts');
    const query = api.called('GET /integrations/hubspot')[0]?.query ?? new URLSearchParams();
    const days =
      (Date.parse(String(query.get('to'))) - Date.parse(String(query.get('from')))) / 86_400_000 + 1;
    expect(days).toBe(30);
    expect(screen.getByTestId('hubspot-portal').textContent).toContain('acme.hubspot.example (4400123)');
    expect(screen.getByTestId('hubspot-pending').textContent).toBe('2');
    const row = within(contacts).getByTestId('hubspot-contact');
    expect(row.textContent).toContain('<b>lead</b>');
    expect(row.querySelector('b')).toBeNull();
    expect(row.textContent).toContain('Invalid');
    expect(within(row).getByRole('link', { name: 'Contact 1001' }).getAttribute('href')).toBe(
      'https://app.hubspot.com/contacts/4400123/record/0-1/1001',
    );
  });

  it('offers to connect', async () => {
    mockApi(answers(stateFixture({ connection: 'none', portal: null, contacts: [], pending: 0 })));
    renderRoutes('/integrations/hubspot');
    expect(await screen.findByTestId('hubspot-connect')).toBeTruthy();
    expect(screen.queryByTestId('hubspot-contacts')).toBeNull();
  });

  it('says when the server has no HubSpot app', async () => {
    mockApi(answers(stateFixture({ configured: false, connection: 'none', portal: null, contacts: [] })));
    renderRoutes('/integrations/hubspot');
    expect(await screen.findByTestId('hubspot-not-configured')).toBeTruthy();
    expect(screen.queryByTestId('hubspot-connect')).toBeNull();
  });

  it('disconnects after a confirmation', async () => {
    const api = mockApi(answers(stateFixture()));
    renderRoutes('/integrations/hubspot');
    await userEvent.click(await screen.findByTestId('hubspot-disconnect'));
    await userEvent.click(await screen.findByTestId('hubspot-disconnect-confirm'));
    await waitFor(() => expect(api.called('DELETE /integrations/hubspot')).toHaveLength(1));
    expect(await screen.findByTestId('hubspot-connect')).toBeTruthy();
  });

  it('shows an empty period as such', async () => {
    mockApi(answers(stateFixture({ contacts: [] })));
    renderRoutes('/integrations/hubspot');
    expect(await screen.findByTestId('hubspot-no-contacts')).toBeTruthy();
  });
});
