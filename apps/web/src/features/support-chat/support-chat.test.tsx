import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { ClientConfig } from '@veracity/contracts/client-config';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAsRedirect } from '../auth/LoginAsPage';
import {
  clientConfigQueryKey,
  forgetClientConfig,
  NO_OUTSIDE_SERVICES,
} from '../client-config/client-config.api';
import { meFixture, mockApi, ok, renderRoutes } from '../session/session-test-support';
import { CRISP_SCRIPT_ID, type CrispCommand } from './crisp';
import { CHAT_USER_KEY, supportChatAllowed } from './support-chat';

const WEBSITE_ID = '1b2c3d4e-5f60-4718-9a0b-1c2d3e4f5a6b';
const SCRIPT_URL = 'http://127.0.0.1:8171/l.js';
const CHAT: ClientConfig = {
  ...NO_OUTSIDE_SERVICES,
  supportChat: { provider: 'crisp', websiteId: WEBSITE_ID, scriptUrl: SCRIPT_URL },
};

const chatScript = () => document.getElementById(CRISP_SCRIPT_ID) as HTMLScriptElement | null;
/** The commands waiting in Crisp's queue (an array until Crisp's script has run). */
const queued = () => (window.$crisp as unknown as CrispCommand[] | undefined) ?? [];

function signIn(ghost = false) {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.activeRelationshipId, '42');
  if (ghost) {
    localStorage.setItem(STORAGE_KEYS.isGhost, 'true');
    localStorage.setItem(STORAGE_KEYS.ghostRole, 'Support');
  }
}

function privateScreen(config: ClientConfig, me = meFixture()) {
  return mockApi({
    'GET /me': ok(me),
    'GET /me/permissions': ok([]),
    'GET /me/settings': ok({}),
    'GET /client-config': ok(config),
    'POST /auth/logout': { status: 204 },
  });
}

/** The shell is on screen and the installation's settings were read: the chat had its chance to load. */
async function settled(client: QueryClient) {
  expect(await screen.findByTestId('app-shell')).toBeTruthy();
  await waitFor(() => expect(client.getQueryState(clientConfigQueryKey)?.status).toBe('success'));
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  forgetClientConfig();
});
afterEach(() => {
  chatScript()?.remove();
  delete window.$crisp;
  delete window.CRISP_WEBSITE_ID;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the support chat (spec 01 §1, §4)', () => {
  it('loads Crisp on signed-in screens and identifies the user with e-mail and account', async () => {
    signIn();
    privateScreen(CHAT);
    renderRoutes('/account/settings');
    await waitFor(() => expect(chatScript()).not.toBeNull());
    expect(chatScript()?.src).toBe(SCRIPT_URL);
    expect(window.CRISP_WEBSITE_ID).toBe(WEBSITE_ID);
    expect(queued()).toEqual([
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
  });

  it('is not loaded when the installation configures no chat', async () => {
    signIn();
    privateScreen(NO_OUTSIDE_SERVICES);
    const { client } = renderRoutes('/account/settings');
    await settled(client);
    expect(chatScript()).toBeNull();
    expect(window.$crisp).toBeUndefined();
  });

  it('is never loaded for the demo account', async () => {
    signIn();
    privateScreen(CHAT, meFixture({ isDemo: true, planType: 'demo' }));
    const { client } = renderRoutes('/account/settings');
    await settled(client);
    expect(chatScript()).toBeNull();
    expect(window.$crisp).toBeUndefined();
  });

  it('is never loaded in a support (ghost) session', async () => {
    signIn(true);
    privateScreen(CHAT, meFixture({ ghost: true, ghostRole: 'Support' }));
    const { client } = renderRoutes('/account/settings');
    await settled(client);
    expect(chatScript()).toBeNull();
    expect(window.$crisp).toBeUndefined();
  });

  it('never opens on the demo host', () => {
    const me = meFixture();
    const config = CHAT.supportChat;
    expect(supportChatAllowed({ config, me, ghost: false, hostname: 'app.veracity.example' })).toBe(true);
    expect(supportChatAllowed({ config, me, ghost: false, hostname: 'demo.veracity.example' })).toBe(false);
    expect(supportChatAllowed({ config: null, me, ghost: false, hostname: 'app.veracity.example' })).toBe(
      false,
    );
  });

  it('shuts down on logout: the Crisp session is reset and the widget leaves the page', async () => {
    signIn();
    privateScreen(CHAT);
    const { router } = renderRoutes('/account/settings');
    await waitFor(() => expect(chatScript()).not.toBeNull());
    const widget = document.createElement('div');
    widget.className = 'crisp-client';
    document.body.append(widget);
    const queue = queued();

    await router.navigate('/logout');
    expect(await screen.findByTestId('auth-login')).toBeTruthy();
    expect(queue.slice(-2)).toEqual([
      ['do', 'session:reset'],
      ['do', 'chat:hide'],
    ]);
    expect(chatScript()).toBeNull();
    expect(document.querySelector('.crisp-client')).toBeNull();
    expect(window.$crisp).toBeUndefined();
    expect(window.CRISP_WEBSITE_ID).toBeUndefined();
    expect(localStorage.getItem(CHAT_USER_KEY)).toBeNull();
  });

  it('shuts down when a support session (login-as) opens in this browser', async () => {
    signIn();
    privateScreen(CHAT);
    const { router } = renderRoutes('/account/settings');
    await waitFor(() => expect(chatScript()).not.toBeNull());
    const queue = queued();
    const assign = vi.spyOn(loginAsRedirect, 'assign').mockImplementation(() => undefined);

    await router.navigate('/auth/login-as?t=support-token-0123456789&r=42&g=Support&h=enabled_only');
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(queue).toContainEqual(['do', 'session:reset']);
    expect(chatScript()).toBeNull();
    expect(window.$crisp).toBeUndefined();
  });

  it('resets the session of someone else identified on this browser before identifying this user', async () => {
    localStorage.setItem(CHAT_USER_KEY, '99');
    signIn();
    privateScreen(CHAT);
    renderRoutes('/account/settings');
    await waitFor(() => expect(chatScript()).not.toBeNull());
    expect(queued()[0]).toEqual(['do', 'session:reset']);
    expect(queued()[1]).toEqual(['set', 'user:email', ['ana@acme.example']]);
    expect(localStorage.getItem(CHAT_USER_KEY)).toBe('7');
  });
});
