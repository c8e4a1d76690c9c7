import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALERT_MESSAGES, type Alert } from '@veracity/contracts/alerts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, notificationText, renderScreen } from '../../account/test-api';
import { fieldError } from '../../session/session-test-support';
import { channelAlertDraft } from '../overview/channel-links';
import { AlertFormModal, type AlertFormTarget } from './AlertForm';

afterEach(() => vi.unstubAllGlobals());

const trafficTypes = {
  options: [
    { id: 'google', name: 'Google' },
    { id: 'facebook', name: 'Meta (Facebook and Instagram)' },
    { id: 'tiktok', name: 'TikTok' },
  ],
  truncated: false,
};

const saved: Alert = {
  id: 9,
  name: 'Google invalid traffic',
  type: 'click',
  dimensions: ['trafficType'],
  values: { trafficType: ['google'] },
  threshold: 3,
  minEvents: 500,
  frequency: 'daily',
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
  lastEvaluatedAt: null,
};

function open(target: AlertFormTarget, onClose = vi.fn()) {
  renderScreen(<AlertFormModal target={target} onClose={onClose} />);
  return onClose;
}

async function choose(trigger: HTMLElement, option: string) {
  await userEvent.click(trigger);
  await userEvent.click(await screen.findByRole('menuitemradio', { name: option }));
}

async function typeInto(testId: string, text: string) {
  const input = screen.getByTestId(testId);
  await userEvent.clear(input);
  if (text !== '') await userEvent.type(input, text);
}

describe('the alert form: validation (spec 02 §5)', () => {
  it('says "Required field" under the empty fields and sends nothing', async () => {
    const calls = mockApi({ 'GET /analytics/filter-options': trafficTypes });
    open({ kind: 'new' });
    await userEvent.click(await screen.findByTestId('alert-save'));
    expect(fieldError('alert-name')).toBe(ALERT_MESSAGES.required);
    expect(fieldError('alert-threshold')).toBe(ALERT_MESSAGES.required);
    expect(fieldError('alert-min-events')).toBe(ALERT_MESSAGES.required);
    expect(callsTo(calls, 'POST', '/alerts')).toHaveLength(0);
  });

  it('gives the threshold and minimum events messages as the user types', async () => {
    mockApi({ 'GET /analytics/filter-options': trafficTypes });
    open({ kind: 'new' });
    await screen.findByTestId('alert-form');
    for (const wrong of ['0', '100.01', '1.234', 'abc', '-1']) {
      await typeInto('alert-threshold', wrong);
      await userEvent.tab();
      expect(fieldError('alert-threshold'), wrong).toBe('Use only numeric values between 0.01-100');
    }
    for (const right of ['0.01', '3', '99.99', '100']) {
      await typeInto('alert-threshold', right);
      expect(fieldError('alert-threshold'), right).toBeNull();
    }
    for (const wrong of ['1.5', 'abc', '0', '-3']) {
      await typeInto('alert-min-events', wrong);
      await userEvent.tab();
      expect(fieldError('alert-min-events'), wrong).toBe('Use only numeric values');
    }
    await typeInto('alert-min-events', '2147483648');
    expect(fieldError('alert-min-events')).toBe('Maximum number of events exceeded');
    await typeInto('alert-min-events', '2147483647');
    expect(fieldError('alert-min-events')).toBeNull();
  });

  it('offers the spec’s frequencies, Daily (24h) by default, and type Click by default', async () => {
    mockApi({ 'GET /analytics/filter-options': trafficTypes });
    open({ kind: 'new' });
    const frequency = await screen.findByRole('button', { name: /^Frequency/ });
    expect(frequency.textContent).toContain('Daily (24h)');
    expect(screen.getByRole('button', { name: /^Alert Type/ }).textContent).toContain('Click');
    await userEvent.click(frequency);
    const labels = screen.getAllByRole('menuitemradio').map((item) => item.textContent?.replace('✓', ''));
    expect(labels).toEqual(['Hourly', '8 hours', '12 hours', 'Daily (24h)', 'Inactive']);
  });
});

describe('the alert form: dimensions and values (spec 02 §4)', () => {
  it('takes one value per dimension and never offers a dimension already used', async () => {
    const calls = mockApi({
      'GET /analytics/filter-options': trafficTypes,
      'POST /alerts': () => ({ status: 201, body: { ...saved, id: 10 } }),
    });
    const onClose = open({ kind: 'new' });
    await userEvent.type(await screen.findByTestId('alert-name'), 'Paid traffic');
    await userEvent.click(screen.getByTestId('alert-add-dimension'));
    await choose(screen.getByRole('button', { name: /Dimension 1/ }), 'Traffic Type');
    await userEvent.click(screen.getByTestId('alert-add-dimension'));
    await userEvent.click(screen.getByRole('button', { name: /Dimension 2/ }));
    const offered = screen.getAllByRole('menuitemradio').map((item) => item.textContent?.replace('✓', ''));
    expect(offered).toContain('Country');
    expect(offered).not.toContain('Traffic Type');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Country' }));

    // A line without its value is not saved.
    await typeInto('alert-threshold', '5');
    await typeInto('alert-min-events', '100');
    await userEvent.click(screen.getByTestId('alert-save'));
    const lines = screen.getAllByRole('listitem');
    expect(within(lines[0] as HTMLElement).getByText('Required field')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/alerts')).toHaveLength(0);

    // Removing the second line frees its dimension; the first takes one value from its list.
    await userEvent.click(screen.getByRole('button', { name: 'Remove dimension 2' }));
    await waitFor(() => expect(screen.getByTestId('alert-value-0').textContent).toContain('Select...'));
    await choose(
      within(screen.getByTestId('alert-value-0')).getByRole('button'),
      'Meta (Facebook and Instagram)',
    );
    await userEvent.click(screen.getByTestId('alert-save'));
    expect(await notificationText()).toContain('Alert created successfully');
    expect(callsTo(calls, 'POST', '/alerts')[0]?.body).toEqual({
      name: 'Paid traffic',
      type: 'click',
      dimensions: ['trafficType'],
      values: { trafficType: ['facebook'] },
      threshold: 5,
      minEvents: 100,
      frequency: 'daily',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('home form: opens with the channel draft, its dimensions fixed', async () => {
    const calls = mockApi({
      'GET /analytics/filter-options': trafficTypes,
      'POST /alerts': () => ({ status: 201, body: saved }),
    });
    open({ kind: 'new', draft: channelAlertDraft('google'), fixedDimensions: true });
    expect(((await screen.findByTestId('alert-name')) as HTMLInputElement).value).toBe(
      'Google invalid traffic',
    );
    expect((screen.getByTestId('alert-threshold') as HTMLInputElement).value).toBe('3');
    expect((screen.getByTestId('alert-min-events') as HTMLInputElement).value).toBe('500');
    const dimension = screen.getByRole('button', { name: /Dimension 1/ });
    expect(dimension.textContent).toContain('Traffic Type');
    expect((dimension as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('alert-add-dimension')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove dimension/ })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('alert-value-0').textContent).toContain('Google'));

    await choose(screen.getByRole('button', { name: /^Frequency/ }), 'Hourly');
    await typeInto('alert-min-events', '5');
    await userEvent.click(screen.getByTestId('alert-save'));
    expect(await notificationText()).toContain('Alert created successfully');
    expect(callsTo(calls, 'POST', '/alerts')[0]?.body).toEqual({
      name: 'Google invalid traffic',
      type: 'click',
      dimensions: ['trafficType'],
      values: { trafficType: ['google'] },
      threshold: 3,
      minEvents: 5,
      frequency: '1',
    });
  });

  it('edits an alert with PUT and says so', async () => {
    const calls = mockApi({
      'GET /analytics/filter-options': trafficTypes,
      'PUT /alerts/9': () => ({ status: 200, body: { ...saved, threshold: 4.5 } }),
    });
    open({ kind: 'edit', alert: saved });
    await typeInto('alert-threshold', '4.5');
    await userEvent.click(screen.getByTestId('alert-save'));
    expect(await notificationText()).toContain('Alert updated successfully');
    expect(callsTo(calls, 'PUT', '/alerts/9')[0]?.body).toMatchObject({ threshold: 4.5, minEvents: 500 });
  });

  it('is read-only without the right to manage alerts', async () => {
    const calls = mockApi({
      'GET /analytics/filter-options': trafficTypes,
      'GET /me/permissions': ['account_manage_users'],
    });
    open({ kind: 'new', draft: channelAlertDraft('google'), fixedDimensions: true });
    await waitFor(() =>
      expect(screen.getByTestId('alert-save').getAttribute('data-disabled-reason')).toBe(
        'You need the “Manage account settings” permission (account_manage_settings) to do this.',
      ),
    );
    expect(screen.getByTestId('alert-save').getAttribute('aria-disabled')).toBe('true');
    expect((screen.getByTestId('alert-name') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByTestId('alert-save'));
    expect(callsTo(calls, 'POST', '/alerts')).toHaveLength(0);
  });
});
