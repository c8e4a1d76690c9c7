import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Label } from '@veracity/contracts/account';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GONE_MESSAGE } from '../../lib/use-api-feedback';
import { LabelsPage } from './LabelsPage';
import { callsTo, expectBlocked, mockApi, notificationText, renderScreen } from './test-api';

afterEach(() => vi.unstubAllGlobals());

const labels: Label[] = [
  { id: 1, name: 'Spain', color: '#0072b2', createdAt: '2025-02-01T09:00:00Z' },
  { id: 2, name: 'Retargeting', color: '#009e73', createdAt: '2025-02-03T09:00:00Z' },
];

describe('LabelsPage', () => {
  it('lists the labels', async () => {
    mockApi({ 'GET /account/labels': labels });
    renderScreen(<LabelsPage />);
    expect((await screen.findByTestId('label-row-1')).textContent).toContain('Spain');
    expect(screen.getByTestId('label-row-2').textContent).toContain('Retargeting');
  });

  it('says what to do when there is no label yet', async () => {
    mockApi({ 'GET /account/labels': [] });
    renderScreen(<LabelsPage />);
    expect((await screen.findByTestId('labels-empty')).textContent).toContain('No labels yet');
  });

  it('creates a label after checking its name, and reloads the list', async () => {
    const calls = mockApi({
      'GET /account/labels': labels,
      'POST /account/labels': () => ({
        status: 201,
        body: { id: 3, name: 'Brand', color: '#5b6375', createdAt: '2025-03-01T00:00:00Z' },
      }),
    });
    renderScreen(<LabelsPage />);
    await screen.findByTestId('label-row-1');
    await userEvent.click(screen.getAllByTestId('labels-create')[0] as HTMLElement);
    await userEvent.click(await screen.findByTestId('label-save'));
    expect(screen.getByText('Required')).toBeTruthy();
    await userEvent.type(screen.getByTestId('label-name'), 'spain');
    expect(screen.getByText('A label with this name already exists')).toBeTruthy();
    await userEvent.clear(screen.getByTestId('label-name'));
    await userEvent.type(screen.getByTestId('label-name'), 'Brand');
    await userEvent.click(screen.getByTestId('label-save'));
    expect(await notificationText()).toContain('Label created');
    expect(callsTo(calls, 'POST', '/account/labels')[0]?.body).toEqual({ name: 'Brand', color: '#5b6375' });
    await waitFor(() => expect(callsTo(calls, 'GET', '/account/labels')).toHaveLength(2));
  });

  it('renames a label with PUT', async () => {
    const calls = mockApi({
      'GET /account/labels': labels,
      'PUT /account/labels/1': () => ({ status: 200, body: { ...labels[0], name: 'Spain & Portugal' } }),
    });
    renderScreen(<LabelsPage />);
    await userEvent.click(await screen.findByTestId('label-edit-1'));
    const name = await screen.findByTestId('label-name');
    expect((name as HTMLInputElement).value).toBe('Spain');
    await userEvent.type(name, ' & Portugal');
    await userEvent.click(screen.getByTestId('label-save'));
    expect(await notificationText()).toContain('Label updated');
    expect(callsTo(calls, 'PUT', '/account/labels/1')[0]?.body).toEqual({
      name: 'Spain & Portugal',
      color: '#0072b2',
    });
  });

  it('deletes a label after a confirmation', async () => {
    const calls = mockApi({
      'GET /account/labels': labels,
      'DELETE /account/labels/2': () => ({ status: 204 }),
    });
    renderScreen(<LabelsPage />);
    await userEvent.click(await screen.findByTestId('label-delete-2'));
    expect(callsTo(calls, 'DELETE', '/account/labels/2')).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('label-delete-confirm'));
    expect(await notificationText()).toContain('Label deleted');
    expect(callsTo(calls, 'DELETE', '/account/labels/2')).toHaveLength(1);
  });

  it('names the missing right on the unavailable controls', async () => {
    mockApi({ 'GET /account/labels': labels, 'GET /me/permissions': ['account_manage_users'] });
    renderScreen(<LabelsPage />);
    const reason = 'You need the “Manage labels” permission (account_manage_labels) to do this.';
    await screen.findByTestId('label-row-1');
    await waitFor(() =>
      expect(screen.getByTestId('label-delete-1').getAttribute('data-disabled-reason')).toBe(reason),
    );
    await expectBlocked('labels-create', reason);
    await userEvent.click(screen.getByTestId('label-delete-1'));
    expect(screen.queryByTestId('label-delete-confirm')).toBeNull();
  });

  it('says when the label was already removed and reloads the list', async () => {
    const calls = mockApi({
      'GET /account/labels': labels,
      'DELETE /account/labels/2': () => ({ status: 404, body: 'No such label' }),
    });
    renderScreen(<LabelsPage />);
    await userEvent.click(await screen.findByTestId('label-delete-2'));
    await userEvent.click(await screen.findByTestId('label-delete-confirm'));
    expect(await notificationText()).toContain(GONE_MESSAGE);
    await waitFor(() => expect(callsTo(calls, 'GET', '/account/labels')).toHaveLength(2));
  });

  it('shows the demo text when the server refuses a change with 418', async () => {
    mockApi({
      'GET /account/labels': labels,
      'DELETE /account/labels/2': () => ({ status: 418, body: 'DEMO_ACCOUNT' }),
    });
    renderScreen(<LabelsPage />);
    await userEvent.click(await screen.findByTestId('label-delete-2'));
    await userEvent.click(await screen.findByTestId('label-delete-confirm'));
    expect(await notificationText()).toContain('This action is disabled for the demo account');
  });
});
