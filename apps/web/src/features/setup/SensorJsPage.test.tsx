import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, meFixture, mockApi, notificationText, renderScreen } from '../account/test-api';
import { SENSOR_RECEIVING, SENSOR_WAITING, SensorJsPage } from './SensorJsPage';
import { sensorSnippet } from './SensorSnippet';

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
});

const snippet = `<script async src="${window.location.origin}/c/s.js" data-key="vs_test-sensor-key-1"></script>`;

describe('SensorJsPage', () => {
  it("shows the account's snippet and copies it", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    mockApi({});
    renderScreen(<SensorJsPage />);
    expect((await screen.findByTestId('sensor-js-snippet')).textContent).toBe(snippet);
    await act(async () => screen.getByRole('button', { name: /Copy snippet/ }).click());
    expect(writeText).toHaveBeenCalledWith(snippet);
    expect(await notificationText()).toContain('Copied successfully');
  });

  it('builds the tag from the origin and the public key', () => {
    expect(sensorSnippet('https://app.veracity.example', 'vs_abc')).toBe(
      '<script async src="https://app.veracity.example/c/s.js" data-key="vs_abc"></script>',
    );
  });

  it('waits for the first visit, and checks again on request', async () => {
    let integrated = false;
    const calls = mockApi({
      'GET /me': () => ({ status: 200, body: meFixture({ sensorIntegrated: integrated }) }),
    });
    renderScreen(<SensorJsPage />);
    expect((await screen.findByTestId('sensor-js-status')).textContent).toBe(SENSOR_WAITING);
    integrated = true;
    const before = callsTo(calls, 'GET', '/me').length;
    await userEvent.click(screen.getByTestId('sensor-js-check-again'));
    await waitFor(() => expect(screen.getByTestId('sensor-js-status').textContent).toBe(SENSOR_RECEIVING));
    expect(callsTo(calls, 'GET', '/me').length).toBe(before + 1);
    expect(screen.getByTestId('sensor-js-status').dataset.state).toBe('receiving');
  });
});
