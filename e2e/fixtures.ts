import { test as base } from '@playwright/test';

/** Every test talks to the server that global-setup.ts started. */
export const test = base.extend({
  baseURL: async ({ baseURL }, use) => {
    const url = process.env.E2E_BASE_URL ?? baseURL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through e2e/playwright.config.ts');
    await use(url);
  },
});

export { expect } from '@playwright/test';
