// @vitest-environment jsdom
// @vitest-environment-options { "resources": "usable" }
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meFixture } from '../session/session-test-support';
import { CRISP_SCRIPT_ID } from './crisp';
import { shutdownSupportChat, startSupportChat } from './support-chat';

/**
 * A stand-in for Crisp's l.js with the behaviour the dashboard relies on: it reads the website id and
 * the commands queued in `window.$crisp`, replaces the queue with an object running each pushed
 * command at once, and adds its widget (`.crisp-client`) to the page. What it ran is kept in
 * `window.__crispFake` for the test.
 */
const FAKE_CRISP = `
(function () {
  var fake = (window.__crispFake = window.__crispFake || { loads: 0, websiteIds: [], commands: [] });
  fake.loads += 1;
  fake.websiteIds.push(window.CRISP_WEBSITE_ID);
  var queued = window.$crisp || [];
  var widget = document.createElement('div');
  widget.className = 'crisp-client';
  widget.setAttribute('data-website', window.CRISP_WEBSITE_ID);
  document.body.appendChild(widget);
  function run(command) {
    fake.commands.push(command);
  }
  window.$crisp = { push: run, is: function () { return false; }, get: function () { return null; } };
  for (var i = 0; i < queued.length; i++) run(queued[i]);
})();
`;

interface FakeCrisp {
  loads: number;
  websiteIds: string[];
  commands: unknown[][];
}

/**
 * The page's own window, where jsdom runs loaded scripts (Vitest's `window` is a copy of its
 * properties on Node's global object).
 */
const page = (globalThis as unknown as { jsdom: { window: Window & { __crispFake?: FakeCrisp } } }).jsdom
  .window;
const fake = () => page.__crispFake;

async function waitFor<T>(read: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("Crisp's script, served by a local stand-in", () => {
  let server: Server;
  let scriptUrl = '';
  let served = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url !== '/l.js') return response.writeHead(404).end();
      served += 1;
      response.writeHead(200, { 'content-type': 'application/javascript' }).end(FAKE_CRISP);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    scriptUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/l.js`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('loads, runs the identity queued before it, and leaves the page on shutdown', async () => {
    const websiteId = '1b2c3d4e-5f60-4718-9a0b-1c2d3e4f5a6b';
    startSupportChat({ provider: 'crisp', websiteId, scriptUrl }, meFixture(), page);

    const ran = await waitFor(() => fake()?.loads === 1 && fake());
    expect(served).toBe(1);
    expect(ran.websiteIds).toEqual([websiteId]);
    expect(ran.commands).toEqual([
      ['set', 'user:email', ['ana@acme.example']],
      ['set', 'user:nickname', ['Ana']],
      ['set', 'user:company', ['Acme']],
      [
        'set',
        'session:data',
        [
          [
            ['user_id', 7],
            ['account_id', 42],
            ['plan', 'pro'],
          ],
        ],
      ],
    ]);
    expect(document.querySelector('.crisp-client')).not.toBeNull();

    shutdownSupportChat(page);
    expect(ran.commands.slice(-2)).toEqual([
      ['do', 'session:reset'],
      ['do', 'chat:hide'],
    ]);
    expect(document.querySelector('.crisp-client')).toBeNull();
    expect(document.getElementById(CRISP_SCRIPT_ID)).toBeNull();
    expect(page.$crisp).toBeUndefined();

    // The next person who signs in on this page gets a chat of their own.
    startSupportChat(
      { provider: 'crisp', websiteId, scriptUrl },
      meFixture({ id: 8, email: 'bo@acme.example' }),
      page,
    );
    await waitFor(() => fake()?.loads === 2);
    expect(ran.commands.slice(-4)[0]).toEqual(['set', 'user:email', ['bo@acme.example']]);
    shutdownSupportChat(page);
  }, 30_000);
});
