import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecentHit } from '@veracity/contracts/s2s';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, meFixture, mockApi, notificationText, renderScreen } from '../account/test-api';
import { RECENT_HITS_EMPTY, RECENT_HITS_EMPTY_TEXT } from './RecentHitsCard';
import { SENSOR_RECEIVING, SENSOR_WAITING, SensorJsPage } from './SensorJsPage';
import { sensorSnippet } from './SensorSnippet';

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
});

// The script address the server gives in /me (meFixture), with the account's key.
const snippet =
  '<script async src="https://app.veracity.example/c/s.js" data-key="vs_test-sensor-key-1"></script>';

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

  it("shows the snippet the account's JavaScript settings give, with a link to them", async () => {
    const tag =
      '<script async src="/vx/s.js" data-key="vs_test-sensor-key-1" data-spa="1" data-cookieless="1"></script>';
    mockApi({
      'GET /security/sensor-settings': {
        settings: {
          exclusionEvents: { google: true, facebook: true, microsoft: true, tiktok: true },
          spaTracking: true,
          cookieless: true,
          firstPartyPath: '/vx',
        },
        snippet: tag,
        collectorUrl: 'https://app.veracity.example/c',
      },
    });
    renderScreen(<SensorJsPage />);
    await waitFor(() => expect(screen.getByTestId('sensor-js-snippet').textContent).toBe(tag));
    expect(screen.getByRole('link', { name: 'JavaScript settings' }).getAttribute('href')).toBe(
      '/setup/security/javascript-settings',
    );
  });

  it('keeps the plain snippet for a plan without JavaScript settings', async () => {
    const calls = mockApi({ 'GET /me': meFixture({ visibleViews: ['home', 'analytics', 'sensor_js'] }) });
    renderScreen(<SensorJsPage />);
    expect((await screen.findByTestId('sensor-js-snippet')).textContent).toBe(snippet);
    expect(callsTo(calls, 'GET', '/security/sensor-settings')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'JavaScript settings' })).toBeNull();
  });

  it('builds the tag from the script address and the public key', () => {
    expect(sensorSnippet('https://app.veracity.example/c/s.js', 'vs_abc')).toBe(
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

/** One instant for every fixture: fixtures made a second apart would name different times. */
const TWO_MINUTES_AGO = new Date(Date.now() - 2 * 60_000).toISOString();

function hitFixture(overrides: Partial<RecentHit> = {}): RecentHit {
  return {
    id: 'h1',
    ts: TWO_MINUTES_AGO,
    url: 'https://shop.example/pricing?plan=pro',
    referrer: null,
    trafficType: 'facebook',
    riskLevel: 'low',
    threats: [],
    evidence: {},
    country: 'DE',
    browser: 'Chrome',
    osName: 'Windows',
    deviceType: 'desktop',
    ip: '203.0.113.7',
    ...overrides,
  };
}

const xssUrl = 'https://shop.example/search?q=<script>alert(1)</script>';

describe('SensorJsPage latest visits', () => {
  it('lists the latest visits with their channel, device and verdict', async () => {
    mockApi({
      'GET /sensors/recent-hits': [
        hitFixture(),
        hitFixture({
          id: 'h2',
          trafficType: 'twitter',
          riskLevel: 'high',
          country: null,
          browser: 'HeadlessChrome',
          osName: 'Linux',
          threats: [
            { id: 'automation:headless', category: 'automation', label: 'Headless browser' },
            { id: 'network:datacenter', category: 'network', label: 'Data center or hosting network' },
          ],
        }),
        hitFixture({ id: 'h3', trafficType: 'organic_search', riskLevel: 'medium' }),
      ],
    });
    renderScreen(<SensorJsPage />);
    const table = await screen.findByRole('table', { name: /Latest visits/ });
    const rows = within(table).getAllByTestId('recent-hit') as [HTMLElement, HTMLElement, HTMLElement];
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => within(row).getByTestId('recent-hit-verdict').textContent)).toEqual([
      'Legitimate',
      'Invalid',
      'Suspicious',
    ]);
    expect(rows[0].textContent).toContain('Meta (Facebook and Instagram)');
    expect(rows[0].textContent).toContain('Chrome · Windows');
    expect(rows[0].textContent).toContain('DE');
    expect(within(rows[0]).queryByTestId('recent-hit-reasons')).toBeNull();
    expect(within(rows[1]).getByTestId('recent-hit-reasons').textContent).toBe(
      'Headless browser, Data center or hosting network',
    );
    expect(rows[1].textContent).toContain('X (formerly Twitter)');
    expect(rows[1].textContent).toContain('Unknown');
    expect(rows[2].textContent).toContain('Organic search');
    const time = within(rows[0]).getByText('2 min ago');
    expect(time.getAttribute('title')).toBe(new Date(hitFixture().ts).toLocaleString());
    const page = within(rows[0]).getByTestId('recent-hit-page');
    expect(page.textContent).toBe('/pricing?plan=pro');
    expect(page.getAttribute('title')).toBe('https://shop.example/pricing?plan=pro');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Time', 'Page', 'Channel', 'Country', 'Device', 'Verdict']);
  });

  it('shows a page address with markup in it as text, not as a link or an element', async () => {
    mockApi({ 'GET /sensors/recent-hits': [hitFixture({ url: xssUrl })] });
    renderScreen(<SensorJsPage />);
    const page = await screen.findByTestId('recent-hit-page');
    expect(page.textContent).toBe('/search?q=<script>alert(1)</script>');
    expect(page.getAttribute('title')).toBe(xssUrl);
    const table = screen.getByTestId('recent-hits-table');
    expect(table.querySelector('script')).toBeNull();
    expect(within(page).queryByRole('link')).toBeNull();
    // The only link of the row is the visit's forensics.
    expect(within(table).getByRole('link').getAttribute('href')).toBe(
      `/intelligence/reports/session-forensics?id=${encodeURIComponent(hitFixture().id)}`,
    );
  });

  it('says what to do when no visit has arrived yet', async () => {
    mockApi({ 'GET /sensors/recent-hits': [] });
    renderScreen(<SensorJsPage />);
    const empty = await screen.findByTestId('recent-hits-empty');
    expect(empty.textContent).toContain(RECENT_HITS_EMPTY);
    expect(empty.textContent).toContain(RECENT_HITS_EMPTY_TEXT);
    expect(screen.queryByTestId('recent-hits-table')).toBeNull();
  });

  it('shows a failed load with a retry that loads the visits', async () => {
    let failing = true;
    mockApi({
      'GET /sensors/recent-hits': () =>
        failing ? { status: 500, body: { error: 'internal' } } : { status: 200, body: [hitFixture()] },
    });
    renderScreen(<SensorJsPage />);
    const error = await screen.findByTestId('load-error');
    expect(error.getAttribute('role')).toBe('alert');
    failing = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('recent-hit-verdict')).textContent).toBe('Legitimate');
    expect(screen.queryByTestId('load-error')).toBeNull();
  });

  it('asks for new visits when the customer checks again', async () => {
    let hits: RecentHit[] = [];
    const calls = mockApi({ 'GET /sensors/recent-hits': () => ({ status: 200, body: hits }) });
    renderScreen(<SensorJsPage />);
    await screen.findByTestId('recent-hits-empty');
    hits = [hitFixture()];
    const before = callsTo(calls, 'GET', '/sensors/recent-hits').length;
    await userEvent.click(screen.getByTestId('sensor-js-check-again'));
    expect(await screen.findByTestId('recent-hit')).toBeTruthy();
    expect(callsTo(calls, 'GET', '/sensors/recent-hits').length).toBe(before + 1);
  });

  it('refreshes the visits every 10 seconds while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = mockApi({ 'GET /sensors/recent-hits': [] });
      renderScreen(<SensorJsPage />);
      await screen.findByTestId('recent-hits-empty');
      const before = callsTo(calls, 'GET', '/sensors/recent-hits').length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      await waitFor(() => expect(callsTo(calls, 'GET', '/sensors/recent-hits').length).toBe(before + 1));
    } finally {
      vi.useRealTimers();
    }
  });
});
