import { afterEach, describe, expect, it } from 'vitest';
import { startTagManager, TAG_MANAGER_SCRIPT_ID } from './tag-manager';

afterEach(() => {
  document.getElementById(TAG_MANAGER_SCRIPT_ID)?.remove();
  delete (window as Window & { dataLayer?: unknown[] }).dataLayer;
});

describe('startTagManager', () => {
  it('loads nothing when the installation configures no tag manager (anything but production)', () => {
    expect(startTagManager(null)).toBe(false);
    expect(document.getElementById(TAG_MANAGER_SCRIPT_ID)).toBeNull();
  });

  it("loads the container's script once, started from a gtm.js event", () => {
    expect(startTagManager({ containerId: 'GTM-AB12CD' })).toBe(true);
    expect(startTagManager({ containerId: 'GTM-AB12CD' })).toBe(true);
    const scripts = document.querySelectorAll(`#${TAG_MANAGER_SCRIPT_ID}`);
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).src).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD',
    );
    expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toEqual([
      expect.objectContaining({ event: 'gtm.js' }),
    ]);
  });

  it('never loads on the demo host', () => {
    const demo = { location: { hostname: 'demo.veracity.example' }, document } as unknown as Window;
    expect(startTagManager({ containerId: 'GTM-AB12CD' }, demo)).toBe(false);
  });
});
