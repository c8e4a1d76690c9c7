import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { S2S_CONVERSIONS_PATH, S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, meFixture, mockApi, notificationText, renderScreen } from '../account/test-api';
import { CONVERSION_EXAMPLE } from './IntegrationInstall';
import { INTEGRATION_POLL_MS, IntegrationPage, SENSOR_ACTIVE, SENSOR_NOT_DETECTED } from './IntegrationPage';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
});

/** The server's address from GET /api/me (PUBLIC_URL), which the examples show rather than the page's. */
const origin = 'https://app.veracity.example';

async function goToStep(name: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
}

describe('IntegrationPage', () => {
  it('shows a skeleton while the account loads, then the first step', async () => {
    mockApi({ 'GET /me': meFixture({ sensorIntegrated: false }) });
    renderScreen(<IntegrationPage />);
    expect(screen.getByTestId('integration-loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Choose how traffic reaches Veracity' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /JavaScript sensor/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByTestId('integration-status').textContent).toBe(SENSOR_NOT_DETECTED);
    expect(screen.getByTestId('integration-docs-link').getAttribute('href')).toMatch(/^https:/);
  });

  it("installs the sensor with the account's snippet, copied in one click", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    mockApi({ 'GET /me': meFixture({ sensorIntegrated: false }) });
    renderScreen(<IntegrationPage />);
    await screen.findByRole('radiogroup', { name: 'Integration method' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const snippet =
      '<script async src="https://app.veracity.example/c/s.js" data-key="vs_test-sensor-key-1"></script>';
    expect(screen.getByTestId('integration-snippet').textContent).toBe(snippet);
    expect(screen.getByTestId('integration-conversion-example').textContent).toBe(CONVERSION_EXAMPLE);
    expect(screen.getByTestId('integration-install-sensor').textContent).toContain('</head>');
    expect(screen.queryByTestId('integration-install-s2s')).toBeNull();
    await act(async () => screen.getByRole('button', { name: /Copy snippet/ }).click());
    expect(writeText).toHaveBeenCalledWith(snippet);
    expect(await notificationText()).toContain('Copied successfully');
  });

  it('switches the install step to server-to-server calls when that method is chosen', async () => {
    mockApi({ 'GET /me': meFixture({ sensorIntegrated: false }) });
    renderScreen(<IntegrationPage />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Server-to-server' }));
    await goToStep(/^2\. Install/);
    expect(screen.queryByTestId('integration-install-sensor')).toBeNull();
    expect(screen.queryByTestId('integration-snippet')).toBeNull();
    const hit = screen.getByTestId('integration-s2s-hit-example').textContent ?? '';
    expect(hit).toContain(`curl -X POST ${origin}${S2S_HITS_PATH}`);
    expect(hit).toContain('Authorization: Bearer vk_');
    for (const field of ['"ip"', '"userAgent"', '"url"']) expect(hit).toContain(field);
    const conversion = screen.getByTestId('integration-s2s-conversion-example').textContent ?? '';
    expect(conversion).toContain(`${origin}${S2S_CONVERSIONS_PATH}`);
    expect(conversion).toContain('"hitId"');
    expect(screen.getByTestId('integration-api-key-link').getAttribute('href')).toBe('/developers-settings');
    expect(screen.getByTestId('integration-s2s-campaigns-link').getAttribute('href')).toBe('/setup/s2s/list');
    // Back to the sensor: the snippet returns.
    await goToStep(/^1\. Choose a method/);
    await userEvent.click(screen.getByRole('radio', { name: /JavaScript sensor/ }));
    await goToStep(/^2\. Install/);
    expect(screen.getByTestId('integration-snippet')).toBeTruthy();
  });

  it('waits on the verify step, and Check again asks the server again', async () => {
    let integrated = false;
    const calls = mockApi({
      'GET /me': () => ({ status: 200, body: meFixture({ sensorIntegrated: integrated }) }),
    });
    renderScreen(<IntegrationPage />);
    await goToStep(/^3\. Verify/);
    expect(screen.getByTestId('integration-verify-waiting')).toBeTruthy();
    integrated = true;
    const before = callsTo(calls, 'GET', '/me').length;
    await userEvent.click(screen.getByTestId('integration-check-again'));
    await waitFor(() => expect(screen.getByTestId('integration-status').textContent).toBe(SENSOR_ACTIVE));
    expect(callsTo(calls, 'GET', '/me').length).toBe(before + 1);
    expect(screen.getByTestId('integration-verify-done')).toBeTruthy();
  });

  it('opens an integrated account on the success state, with the way to the overview', async () => {
    mockApi({ 'GET /me': meFixture({ sensorIntegrated: true }) });
    renderScreen(<IntegrationPage />);
    expect((await screen.findByTestId('integration-status')).textContent).toBe(SENSOR_ACTIVE);
    expect(screen.getByTestId('integration-status').dataset.state).toBe('active');
    expect(screen.getByRole('button', { name: /3\. Verify/ }).getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('button', { name: 'Go to the overview' })).toBeTruthy();
    expect(screen.queryByTestId('integration-check-again')).toBeNull();
  });

  it('polls every 5 seconds until the first visit arrives, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let integrated = false;
    const calls = mockApi({
      'GET /me': () => ({ status: 200, body: meFixture({ sensorIntegrated: integrated }) }),
    });
    renderScreen(<IntegrationPage />);
    await screen.findByTestId('integration-status');
    const first = callsTo(calls, 'GET', '/me').length;
    await act(() => vi.advanceTimersByTimeAsync(INTEGRATION_POLL_MS));
    await waitFor(() => expect(callsTo(calls, 'GET', '/me').length).toBe(first + 1));
    integrated = true;
    await act(() => vi.advanceTimersByTimeAsync(INTEGRATION_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('integration-status').textContent).toBe(SENSOR_ACTIVE));
    const settled = callsTo(calls, 'GET', '/me').length;
    await act(() => vi.advanceTimersByTimeAsync(INTEGRATION_POLL_MS * 3));
    expect(callsTo(calls, 'GET', '/me').length).toBe(settled);
  });

  it('says so when the account cannot be loaded, and tries again', async () => {
    const calls = mockApi({ 'GET /me': () => ({ status: 500, body: { message: 'boom' } }) });
    renderScreen(<IntegrationPage />);
    expect(await screen.findByTestId('load-error')).toBeTruthy();
    const before = callsTo(calls, 'GET', '/me').length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/me').length).toBeGreaterThan(before));
  });
});
