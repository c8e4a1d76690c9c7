import type { FilterOptions } from '@veracity/contracts/analytics/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirewallTenant } from '../../test-support/firewall-fixtures.js';
import { accountToken, call } from '../../test-support/fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the analytics pickers of offers and traffic sources', () => {
  it("list the account's own, by name, hidden ones left out, searchable", async () => {
    const token = await accountToken(t, await createFirewallTenant(t, { company: 'Pickers' }));
    const other = await accountToken(t, await createFirewallTenant(t, { company: 'Elsewhere' }));
    const post = async (path: string, body: object, as = token) => {
      const response = await call(t, 'POST', path, { token: as, body });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: number }).id;
    };
    const landing = 'https://offer.example/land?cid={clickid}';
    const dating = await post('/sensors/firewall/offers', { name: 'Dating', landingUrl: landing });
    const hidden = await post('/sensors/firewall/offers', { name: 'Old offer', landingUrl: landing });
    const patched = await call(t, 'PATCH', `/sensors/firewall/offers/${hidden}`, {
      token,
      body: { hidden: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await post('/sensors/firewall/offers', { name: 'Not mine', landingUrl: landing }, other);
    const push = await post('/sensors/firewall/trafficsources', { name: 'Push network' });
    await post('/sensors/firewall/trafficsources', { name: 'Pop network' });

    const options = async (query: string) => {
      const response = await call(t, 'GET', `/analytics/filter-options?${query}`, { token });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as FilterOptions).options;
    };
    expect(await options('filter=offer')).toEqual([{ id: dating, name: 'Dating' }]);
    expect(await options('filter=trafficSource&search=push')).toEqual([{ id: push, name: 'Push network' }]);
    expect(await options('filter=trafficSource')).toHaveLength(2);
  });
});
