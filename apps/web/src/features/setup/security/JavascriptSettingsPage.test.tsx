import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_SENSOR_SETTINGS,
  FIRST_PARTY_PATH_MESSAGE,
  type SensorSettings,
  type SensorSettingsAnswer,
} from '@veracity/contracts/sensor-settings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  expectBlocked,
  meFixture,
  mockApi,
  notificationText,
  renderScreen,
} from '../../account/test-api';
import { JavascriptSettingsPage } from './JavascriptSettingsPage';

afterEach(() => vi.unstubAllGlobals());

const KEY = 'vs_test-sensor-key-1';
const COLLECTOR = 'https://app.veracity.example/c';

/** What the server answers for these settings (the snippet as sensor-settings.ts builds it). */
function answer(settings: SensorSettings): SensorSettingsAnswer {
  const src = settings.firstPartyPath ? `${settings.firstPartyPath}/s.js` : `${COLLECTOR}/s.js`;
  const attributes = `${settings.spaTracking ? ' data-spa="1"' : ''}${settings.cookieless ? ' data-cookieless="1"' : ''}`;
  return {
    settings,
    snippet: `<script async src="${src}" data-key="${KEY}"${attributes}></script>`,
    collectorUrl: COLLECTOR,
  };
}

/** The API with settings that a PUT replaces. */
function settingsApi(initial: SensorSettings = DEFAULT_SENSOR_SETTINGS, extra: Record<string, unknown> = {}) {
  let current = answer(initial);
  return mockApi({
    'GET /security/sensor-settings': () => ({ status: 200, body: current }),
    'PUT /security/sensor-settings': (body: unknown) => {
      current = answer(body as SensorSettings);
      return { status: 200, body: current };
    },
    ...extra,
  });
}

const toggle = (id: string) => within(screen.getByTestId(`js-settings-${id}`)).getByRole('switch');

describe('JavascriptSettingsPage', () => {
  it('shows the switches and the snippet, and saves Meta switched off', async () => {
    const calls = settingsApi();
    renderScreen(<JavascriptSettingsPage />);
    expect((await screen.findByTestId('js-settings-snippet')).textContent).toBe(
      `<script async src="${COLLECTOR}/s.js" data-key="${KEY}"></script>`,
    );
    for (const platform of ['google', 'facebook', 'microsoft', 'tiktok'])
      expect(screen.getByTestId(`js-settings-exclusion-${platform}`).dataset.checked).toBe('true');
    expect(screen.getByTestId('js-settings-spa').dataset.checked).toBe('false');

    await userEvent.click(toggle('exclusion-facebook'));
    await userEvent.click(toggle('spa'));
    await userEvent.click(screen.getByTestId('js-settings-save'));
    expect(await notificationText()).toContain('JavaScript settings saved');
    expect(callsTo(calls, 'PUT', '/security/sensor-settings')[0]?.body).toEqual({
      ...DEFAULT_SENSOR_SETTINGS,
      exclusionEvents: { google: true, facebook: false, microsoft: true, tiktok: true },
      spaTracking: true,
    });
    await waitFor(() =>
      expect(screen.getByTestId('js-settings-snippet').textContent).toContain('data-spa="1"'),
    );
  });

  it('is operated with the keyboard', async () => {
    const calls = settingsApi();
    renderScreen(<JavascriptSettingsPage />);
    await screen.findByTestId('js-settings-form');
    toggle('cookieless').focus();
    await userEvent.keyboard(' ');
    expect(screen.getByTestId('js-settings-cookieless').dataset.checked).toBe('true');
    screen.getByTestId('js-settings-save').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/security/sensor-settings')[0]?.body).toMatchObject({ cookieless: true }),
    );
  });

  it('checks the first-party path before saving, then shows the proxy set-ups for it', async () => {
    const calls = settingsApi();
    renderScreen(<JavascriptSettingsPage />);
    await screen.findByTestId('js-settings-form');
    expect(screen.queryByTestId('js-settings-proxy')).toBeNull();
    await userEvent.click(toggle('first-party'));
    const path = screen.getByTestId('js-settings-path');
    await userEvent.clear(path);
    await userEvent.type(path, 'vx/');
    await userEvent.click(screen.getByTestId('js-settings-save'));
    expect(screen.getByText(FIRST_PARTY_PATH_MESSAGE)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/security/sensor-settings')).toHaveLength(0);

    await userEvent.clear(path);
    await userEvent.type(path, '/vx');
    await userEvent.click(screen.getByTestId('js-settings-save'));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/security/sensor-settings')[0]?.body).toMatchObject({
        firstPartyPath: '/vx',
      }),
    );
    expect((await screen.findByTestId('js-settings-nginx')).textContent).toContain(
      `location /vx/ {\n    proxy_pass ${COLLECTOR}/;`,
    );
    expect(screen.getByTestId('js-settings-worker').textContent).toContain("const PREFIX = '/vx/';");
    expect(screen.getByTestId('js-settings-snippet').textContent).toBe(
      `<script async src="/vx/s.js" data-key="${KEY}"></script>`,
    );
  });

  it('locks the settings without the settings permission, naming it', async () => {
    settingsApi(DEFAULT_SENSOR_SETTINGS, { 'GET /me/permissions': ['account_manage_labels'] });
    renderScreen(<JavascriptSettingsPage />);
    await screen.findByTestId('js-settings-form');
    await waitFor(() => expect((toggle('exclusion-google') as HTMLButtonElement).disabled).toBe(true));
    await expectBlocked(
      'js-settings-save',
      'You need the “Manage account settings” permission (account_manage_settings) to do this.',
    );
  });

  it('asks to choose an account when none is selected', async () => {
    settingsApi(DEFAULT_SENSOR_SETTINGS, { 'GET /me': meFixture({ sensorKey: null }) });
    renderScreen(<JavascriptSettingsPage />);
    expect((await screen.findByTestId('js-settings-no-account')).textContent).toContain(
      'No account selected',
    );
  });

  it('offers to try again when the settings do not load', async () => {
    mockApi({ 'GET /security/sensor-settings': () => ({ status: 500 }) });
    renderScreen(<JavascriptSettingsPage />);
    expect((await screen.findByTestId('load-error')).textContent).toContain(
      'An error occurred on our servers. Please reload the page.',
    );
  });
});
