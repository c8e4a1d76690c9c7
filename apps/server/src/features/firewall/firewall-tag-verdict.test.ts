import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AWS_IP,
  type FirewallAccount,
  firewallAccount,
  firewallCampaign,
  NAVIGATION,
  SAFE_PAGE,
  visit,
} from '../../test-support/firewall-click-fixtures.js';
import { HOME_IP } from '../../test-support/ingest-fixtures.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { firewallTag } from './firewall-tag.js';

let t: TestApp;
let fw: FirewallAccount;

beforeEach(async () => {
  t = await startTestApp();
  fw = await firewallAccount(t, 'Tag Run Co');
});
afterEach(async () => {
  await t.close();
});

/**
 * Runs the campaign's real tag against a minimal page (the parts it touches): its fetch reaches this
 * server's verdict endpoint as the visitor's browser would, with these headers and address.
 */
async function runTag(
  campaignId: number,
  page: string,
  visitor: { ip: string; headers: Record<string, string> },
) {
  const tag = firewallTag({
    serverUrl: 'https://collector.test',
    sensorPath: '/c',
    sensorKey: fw.sensorKey,
    campaignId,
  });
  const script = /<script>\n([\s\S]*)<\/script>/.exec(tag)?.[1] ?? '';
  const root = { style: { visibility: '' }, innerHTML: '<h1>Offer</h1>' };
  let replacedWith: string | null = null;
  const context = {
    document: { documentElement: root, referrer: 'https://news.example/' },
    window: {
      location: {
        href: page,
        replace: (url: string) => {
          replacedWith = url;
        },
      },
    },
    fetch: async (url: string, init: { credentials?: string }) => {
      expect(init.credentials).toBe('omit');
      const target = new URL(url);
      expect(target.origin).toBe('https://collector.test');
      const response = await visit(t, target.pathname + target.search, visitor);
      return { json: async () => response.json() };
    },
  };
  vm.runInNewContext(script, context);
  expect(root.style.visibility).toBe('hidden');
  const deadline = Date.now() + 20_000;
  while (root.style.visibility === 'hidden' && replacedWith === null && root.innerHTML !== '') {
    if (Date.now() > deadline) throw new Error('the tag never acted');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { visibility: root.style.visibility, html: root.innerHTML, replacedWith };
}

const person = {
  ip: HOME_IP,
  headers: { ...NAVIGATION, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
};
const bot = { ip: AWS_IP, headers: { 'user-agent': 'curl/8.5.0' } };

describe('the firewall JS tag against the real verdict endpoint', () => {
  it('shows the page to a person, sends a bot to the safe page or empties the page, shows it on an error', async () => {
    const safe = await firewallCampaign(t, fw, {
      security: { medium: 'block', high: 'block', safePageUrl: SAFE_PAGE },
    });
    expect(await runTag(safe.id, 'https://offer.example/lp', person)).toEqual({
      visibility: '',
      html: '<h1>Offer</h1>',
      replacedWith: null,
    });
    expect((await runTag(safe.id, 'https://offer.example/lp', bot)).replacedWith).toBe(SAFE_PAGE);
    const hiding = await firewallCampaign(t, fw, { security: { medium: 'block', high: 'block' } });
    expect(await runTag(hiding.id, 'https://offer.example/lp', bot)).toMatchObject({
      html: '',
      replacedWith: null,
    });
    // A pre-lander elsewhere sends a person on to the offer.
    expect(String((await runTag(safe.id, 'https://prelander.example/', person)).replacedWith)).toMatch(
      /^https:\/\/offer\.example\/lp\?cid=[0-9a-f-]{36}&/,
    );
    // An unknown campaign answers 404: the tag shows the page.
    expect((await runTag(999_999, 'https://offer.example/lp', person)).visibility).toBe('');
  });
});
