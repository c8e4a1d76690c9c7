import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meFixture, mockApi, ok, renderRoutes } from '../session/session-test-support';
import { ROUTE_ERROR_MESSAGE } from './route-error-message';

// The analytics screen's code cannot be fetched (a deploy replaced its chunk, or the network dropped):
// the browser's dynamic import rejects, as it does here.
vi.mock('../intelligence/analytics/AnalyticsPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/AnalyticsPage-0ld.js');
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.activeRelationshipId, '42');
  mockApi({
    'GET /me': ok(meFixture()),
    'GET /me/permissions': ok([]),
    'GET /alerts': ok([]),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('a screen whose code fails to load (spec 01 §2, error screen)', () => {
  it('shows the error screen with a reload button when the page is opened at its address', async () => {
    renderRoutes('/intelligence/analytics');
    const screenError = await screen.findByTestId('route-error', {}, { timeout: 10_000 });
    expect(screenError.textContent).toContain(ROUTE_ERROR_MESSAGE);
    expect(within(screenError).getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  }, 30_000);

  it('shows the error screen inside the navigation when the user moves to the screen', async () => {
    renderRoutes('/intelligence/reports/alerts');
    await screen.findByTestId('alerts-page', {}, { timeout: 10_000 });
    await userEvent.click(screen.getAllByRole('link', { name: 'Analytics' })[0] as HTMLElement);
    const screenError = await screen.findByTestId('route-error', {}, { timeout: 10_000 });
    expect(screenError.textContent).toContain(ROUTE_ERROR_MESSAGE);
    expect(within(screenError).getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    // The rail stays, so the user can go on to a screen that loads.
    expect(screen.getAllByRole('link', { name: 'Alerts' }).length).toBeGreaterThan(0);
  }, 30_000);
});
