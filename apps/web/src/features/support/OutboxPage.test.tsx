import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutboxMessage } from '@veracity/contracts/account';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, meFixture, mockApi, renderScreen } from '../account/test-api';
import { OUTBOX_ADMIN_ONLY, OutboxPage } from './OutboxPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const reset: OutboxMessage = {
  id: 2,
  to: 'ana@acme.example',
  subject: 'Reset your Veracity password',
  text: 'Choose a new password: http://localhost/auth/reset-password?email=ana%40acme.example&hash=abc',
  html: '<p>reset</p>',
  kind: 'password_reset',
  createdAt: '2026-03-02T10:00:00.000Z',
  sentAt: null,
};
const invitation: OutboxMessage = {
  ...reset,
  id: 1,
  to: 'bo@acme.example',
  subject: 'You are invited',
  kind: 'invitation',
  sentAt: '2026-03-01T10:00:01.000Z',
};

describe('OutboxPage', () => {
  it('lists the mail for the instance admin, opens one, and filters by recipient', async () => {
    const calls = mockApi({
      'GET /me': meFixture({ isSupport: true }),
      'GET /support/outbox': [reset, invitation],
    });
    renderScreen(<OutboxPage />);
    const row = await screen.findByTestId('outbox-row-2');
    expect(row.textContent).toContain('ana@acme.example');
    expect(row.textContent).toContain('Reset your Veracity password');
    expect(row.textContent).toContain('Kept in the outbox');
    expect(screen.getByTestId('outbox-row-1').textContent).toContain('Sent');

    await userEvent.click(within(row).getByRole('button', { name: 'Show' }));
    expect((await screen.findByTestId('outbox-text-2')).textContent).toContain('/auth/reset-password?');

    await userEvent.type(screen.getByTestId('outbox-to'), 'bo@acme.example');
    await userEvent.click(screen.getByTestId('outbox-search'));
    await waitFor(() => expect(callsTo(calls, 'GET', '/support/outbox').length).toBeGreaterThanOrEqual(2));
  });

  it('shows nothing and asks for nothing for anyone but the instance admin', async () => {
    const calls = mockApi({ 'GET /me': meFixture({ isSupport: false }) });
    renderScreen(<OutboxPage />);
    expect((await screen.findByText(OUTBOX_ADMIN_ONLY)).textContent).toBeTruthy();
    expect(callsTo(calls, 'GET', '/support/outbox')).toHaveLength(0);
  });

  it('shows nothing in a support session', async () => {
    const calls = mockApi({ 'GET /me': meFixture({ isSupport: true, ghost: true, ghostRole: 'Support' }) });
    renderScreen(<OutboxPage />);
    expect((await screen.findByText(OUTBOX_ADMIN_ONLY)).textContent).toBeTruthy();
    expect(callsTo(calls, 'GET', '/support/outbox')).toHaveLength(0);
  });
});
