import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_ERROR_MESSAGE } from './route-error-message';

// The application's chunk cannot be fetched: the page's first script (main.tsx) imports it and fails.
vi.mock('../../app', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/app-0ld.js');
});

afterEach(() => {
  document.body.replaceChildren();
  vi.resetModules();
});

describe("the page's first script when the application cannot load", () => {
  it('shows the error screen text with a reload button instead of a blank page', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    await import('../../main');
    await vi.waitFor(() => expect(root.querySelector('[data-testid="route-error"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(root.textContent).toContain(ROUTE_ERROR_MESSAGE);
    const button = root.querySelector('button');
    expect(button?.textContent).toBe('Reload the page');
  }, 30_000);
});

describe('showLoadFailure', () => {
  it('reloads the page from its button', async () => {
    const { showLoadFailure } = await import('./load-failure');
    const root = document.createElement('div');
    document.body.append(root);
    const reload = vi.fn();
    showLoadFailure(root, reload);
    root.querySelector('button')?.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
