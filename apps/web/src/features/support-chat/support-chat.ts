import type { Me } from '@veracity/contracts/account';
import type { SupportChatConfig } from '@veracity/contracts/client-config';
import { STORAGE_PREFIX } from '@veracity/contracts/storage-keys';
import {
  type CrispIdentity,
  identifyCrisp,
  isCrispLoaded,
  loadCrisp,
  resetCrispSession,
  shutdownCrisp,
} from './crisp';

/** Demo hosts are the main host with a "demo." prefix (same rule as the logout's redirect). */
const isDemoHost = (hostname: string) => hostname.startsWith('demo.');

/**
 * The user the chat was last identified with on this browser. Crisp keeps its session in a cookie of
 * its own: when someone else signs in here, that session is reset before the chat is identified.
 */
export const CHAT_USER_KEY = `${STORAGE_PREFIX}support-chat-user`;

/**
 * Whether the support chat may open for this person here (spec 01 §1, §4): only when the
 * installation configures one, never on the demo host nor for the demo account (shared by
 * strangers), never in a support (ghost) session, where staff act as the customer.
 */
export function supportChatAllowed(input: {
  config: SupportChatConfig | null | undefined;
  me: Pick<Me, 'isDemo' | 'planType' | 'ghost'>;
  ghost: boolean;
  hostname: string;
}): input is typeof input & { config: SupportChatConfig } {
  if (!input.config) return false;
  if (isDemoHost(input.hostname)) return false;
  if (input.me.isDemo || input.me.planType === 'demo') return false;
  return !(input.me.ghost || input.ghost);
}

export function chatIdentityOf(
  me: Pick<Me, 'email' | 'firstName' | 'companyName' | 'relationshipId' | 'planType' | 'id'>,
): CrispIdentity {
  const data: CrispIdentity['data'] = [['user_id', me.id]];
  if (me.relationshipId !== null) data.push(['account_id', me.relationshipId]);
  if (me.planType) data.push(['plan', me.planType]);
  return { email: me.email, nickname: me.firstName, company: me.companyName, data };
}

function readChatUser(): string | null {
  try {
    return window.localStorage.getItem(CHAT_USER_KEY);
  } catch {
    return null;
  }
}

function writeChatUser(value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(CHAT_USER_KEY);
    else window.localStorage.setItem(CHAT_USER_KEY, value);
  } catch {
    // Without storage the chat's session is reset at the next sign-in only if it was loaded.
  }
}

/** Loads the chat (once) and identifies it with the signed-in person and account. */
export function startSupportChat(
  config: SupportChatConfig,
  me: Parameters<typeof chatIdentityOf>[0],
  win: Window = window,
): void {
  const user = String(me.id);
  loadCrisp(config, win);
  // Someone else was identified on this browser: their conversation is not this person's.
  const previous = readChatUser();
  if (previous !== null && previous !== user) resetCrispSession(win);
  writeChatUser(user);
  identifyCrisp(chatIdentityOf(me), win);
}

/**
 * Logout and support sessions: the chat's session ends and the widget leaves the page. When the chat
 * was not loaded in this page, its session cannot be reset now: the user it was identified with is
 * remembered, so that the next start for someone else resets it first.
 */
export function shutdownSupportChat(win: Window = window): void {
  const loaded = isCrispLoaded(win) || win.$crisp !== undefined;
  shutdownCrisp(win);
  if (loaded) writeChatUser(null);
}
