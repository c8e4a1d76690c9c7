/**
 * Crisp's chatbox through its own JavaScript API (`$crisp`, docs.crisp.chat "$crisp Methods"): the
 * page sets `window.$crisp` to an array and `window.CRISP_WEBSITE_ID`, loads Crisp's script, and
 * pushes commands, which the script runs once loaded (and at once afterwards).
 */
export type CrispCommand = [action: 'set' | 'do' | 'config' | 'on' | 'off', method: string, value?: unknown];

interface CrispQueue {
  push(command: CrispCommand): unknown;
}

declare global {
  interface Window {
    $crisp?: CrispQueue;
    CRISP_WEBSITE_ID?: string;
  }
}

/** The script element the dashboard adds, found again to remove it. */
export const CRISP_SCRIPT_ID = 'veracity-support-chat';
/** The element Crisp's script adds to the page for the chatbox. */
const CRISP_WIDGET_SELECTOR = '.crisp-client';

export interface CrispIdentity {
  email: string;
  nickname: string;
  company: string | null;
  /** Session data shown to the support agent beside the conversation. */
  data: [key: string, value: string | number][];
}

/** Whether the chatbox was loaded into this page (and not shut down since). */
export function isCrispLoaded(win: Window = window): boolean {
  return win.document.getElementById(CRISP_SCRIPT_ID) !== null;
}

/** Loads the chatbox for the website id, once. */
export function loadCrisp(settings: { websiteId: string; scriptUrl: string }, win: Window = window): void {
  if (isCrispLoaded(win)) return;
  win.$crisp = win.$crisp ?? ([] as unknown as CrispQueue);
  win.CRISP_WEBSITE_ID = settings.websiteId;
  const script = win.document.createElement('script');
  script.id = CRISP_SCRIPT_ID;
  script.src = settings.scriptUrl;
  script.async = true;
  win.document.head.append(script);
}

export function pushCrisp(command: CrispCommand, win: Window = window): void {
  win.$crisp?.push(command);
}

/** Tells Crisp who is writing: e-mail, name, company, and the account as session data. */
export function identifyCrisp(identity: CrispIdentity, win: Window = window): void {
  pushCrisp(['set', 'user:email', [identity.email]], win);
  pushCrisp(['set', 'user:nickname', [identity.nickname]], win);
  if (identity.company) pushCrisp(['set', 'user:company', [identity.company]], win);
  pushCrisp(['set', 'session:data', [identity.data]], win);
}

/** Starts a new, anonymous Crisp session: the next person on this browser does not see this one's. */
export function resetCrispSession(win: Window = window): void {
  pushCrisp(['do', 'session:reset'], win);
}

/**
 * Shuts the chatbox down: the session is reset (Crisp's advice for a logout), the chatbox hidden,
 * and the script, the widget and the globals removed, so nothing of it stays on the page.
 */
export function shutdownCrisp(win: Window = window): void {
  if (!win.$crisp && !isCrispLoaded(win)) return;
  resetCrispSession(win);
  pushCrisp(['do', 'chat:hide'], win);
  win.document.getElementById(CRISP_SCRIPT_ID)?.remove();
  for (const widget of win.document.querySelectorAll(CRISP_WIDGET_SELECTOR)) widget.remove();
  delete win.$crisp;
  delete win.CRISP_WEBSITE_ID;
}
