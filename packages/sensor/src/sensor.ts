/**
 * The Veracity sensor: a browser script with no dependencies and no imports, built into a minified
 * IIFE (dist/sensor.js) and loaded with
 *
 *   <script async src="https://HOST/c/s.js" data-key="vs_..."></script>
 *
 * with the account's sensor settings as attributes: `data-spa` (a single-page app's history changes are
 * page views) and `data-cookieless` (nothing kept in cookies or storage); a first-party path changes
 * only `src` (`/vx/s.js`), and the events follow the script's address.
 *
 * It sends one page view with the signals the detection engine reads, one engagement beacon when the
 * page is hidden or left, the conversions the page reports, and which ad platform tags took the
 * exclusion event when the collector asked for it. The types below mirror
 * `@veracity/contracts/collect`; the Chromium test validates what this script really sends with those
 * schemas. Nothing here may throw into the host page, and the only global it defines is `veracity`.
 */

type RiskLevel = 'low' | 'medium' | 'high';

interface Behaviour {
  pointerMoves: number;
  clicks: number;
  keys: number;
  scrolls: number;
  touches: number;
  dwellMs: number;
}

interface Signals {
  userAgent?: string;
  platform?: string;
  webdriver?: boolean;
  chromeObject?: boolean;
  brave?: boolean;
  pluginsCount?: number;
  mimeTypesCount?: number;
  languages?: string[];
  timezone?: string;
  screen?: { width: number; height: number };
  window?: { innerWidth: number; innerHeight: number; outerWidth: number; outerHeight: number };
  devicePixelRatio?: number;
  maxTouchPoints?: number;
  hardwareConcurrency?: number;
  webgl?: { vendor: string; renderer: string };
  notificationPermission?: 'default' | 'denied' | 'granted';
  notificationQueryState?: 'prompt' | 'denied' | 'granted';
  visibilityAtLoad?: 'visible' | 'hidden' | 'prerender';
  hiddenAtLoad?: boolean;
  frame?: { width: number; height: number };
  patched?: string[];
  navigatorOwn?: string[];
  uaData?: { brands: { brand: string; version: string }[]; mobile: boolean; platform: string };
  engine?: number;
}

interface Envelope {
  key: string;
  eventId: string;
  sessionId: string;
  ts: number;
}

interface ConversionFields {
  name: string;
  value?: number;
  currency?: string;
  id?: string;
}

type SensorEvent = Envelope &
  (
    | {
        type: 'hit';
        url: string;
        referrer: string;
        title?: string;
        utm: Partial<Record<'source' | 'medium' | 'campaign' | 'term' | 'content', string>>;
        clickIds: Record<string, string>;
        signals: Signals;
        proof: string;
      }
    | { type: 'engagement'; hitId: string; behaviour: Behaviour; visibleMs: number }
    | { type: 'conversion'; hitId: string; conversion: ConversionFields; crm?: { hubspotutk: string } }
    | { type: 'exclusion'; hitId: string; platforms: Platform[] }
  );

/** The ad platforms whose tags the exclusion event is fired on (`EXCLUSION_PLATFORMS`). */
type Platform = 'google' | 'facebook' | 'microsoft' | 'tiktok';

interface CollectAnswer {
  hitId: string;
  riskLevel: RiskLevel;
  exclude: boolean;
  /** The platforms the account keeps switched on; absent: all. */
  platforms?: Platform[];
}

type Command = (name: unknown, data?: unknown) => void;
type QueuedCommand = { q?: ArrayLike<unknown>[]; l?: 1 };

/** What the sensor reads on the host window: the queue and the ad platforms' tags. */
type HostWindow = Window & {
  veracity?: Command & QueuedCommand;
  chrome?: unknown;
  fbq?: (...args: unknown[]) => void;
  uetq?: { push: (...args: unknown[]) => unknown };
  ttq?: { track: (...args: unknown[]) => void };
  gtag?: (...args: unknown[]) => void;
};

type HostNavigator = Navigator & { brave?: unknown; userAgentData?: { toJSON(): Signals['uaData'] } };

/** The collector replaces this with the served script's token (contracts' SENSOR_PROOF_PLACEHOLDER). */
const PROOF = '__VERACITY_SENSOR_PROOF__';

const CLICK_ID_PARAMS = [
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'ttclid',
  'msclkid',
  'li_fat_id',
  'twclid',
  'epik',
  'rdt_cid',
  'ScCid',
  'yclid',
  'obclid',
  'tblci',
  'cto_pld',
];
const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
const EXCLUSION_EVENT = 'VeracityExcludeVisitor';
const SESSION_KEY = 'vrc_s';
const SESSION_IDLE_MS = 30 * 60 * 1000;

/** Runs `f`, swallowing anything it throws: the host page must never see an error of ours. */
function safe<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  if (window.crypto?.getRandomValues) window.crypto.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  let id = '';
  for (let i = 0; i < 16; i++) id += ((bytes[i] ?? 0) + 256).toString(16).slice(1);
  return id;
}

const cut = (value: string, max: number) => value.slice(0, max);

/**
 * The first-party session id, in localStorage (a cookie on this site when storage is blocked, else
 * this page only): `id.lastActivityMs`, renewed after 30 minutes without an event.
 */
function sessionId(now: number): string {
  const stored =
    safe(() => localStorage.getItem(SESSION_KEY)) ??
    safe(() => document.cookie.match(/(?:^|; )vrc_s=([^;]+)/)?.[1]) ??
    '';
  const [id, last] = stored.split('.');
  const current = id && /^[0-9a-f]{32}$/.test(id) && now - Number(last) < SESSION_IDLE_MS ? id : randomId();
  const value = `${current}.${now}`;
  try {
    localStorage.setItem(SESSION_KEY, value);
  } catch {
    safe(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: the fallback must be synchronous, and CookieStore is not in every browser
      document.cookie = `${SESSION_KEY}=${value};path=/;max-age=1800;SameSite=Lax`;
    });
  }
  return current;
}

function webgl(): Signals['webgl'] {
  return safe(() => {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return undefined;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const vendor = String(gl.getParameter(info ? info.UNMASKED_VENDOR_WEBGL : gl.VENDOR));
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return { vendor: cut(vendor, 256), renderer: cut(renderer, 256) };
  });
}

/**
 * Browser functions and getters a script replaced: source that is not `[native code]`, a `prototype`
 * (methods and getters have none), or a prototype cycle through it accepted (only a Proxy lets one
 * through; the prototype is put back at once). `webdriver:absent` when the getter was deleted.
 */
function patched(): string[] {
  const out: string[] = [];
  const source = Function.prototype.toString;
  const check = (name: string, f: unknown) =>
    typeof f === 'function' &&
    safe(() => {
      let lie = !/\{\s*\[native code\]\s*\}$/.test(source.call(f)) || 'prototype' in f;
      const proto = Object.getPrototypeOf(f);
      try {
        Object.setPrototypeOf(f, Object.create(f));
        lie = true;
      } catch {
      } finally {
        Object.setPrototypeOf(f, proto);
      }
      if (lie) out.push(name);
    });
  const getter = (name: string) => Object.getOwnPropertyDescriptor(Navigator.prototype, name)?.get;
  if (!getter('webdriver')) out.push('webdriver:absent');
  for (const name of ['webdriver', 'userAgent', 'platform', 'languages', 'plugins', 'hardwareConcurrency'])
    check(name, getter(name));
  check('toString', source);
  check(
    'permissions.query',
    safe(() => Permissions.prototype.query),
  );
  check(
    'getParameter',
    safe(() => WebGLRenderingContext.prototype.getParameter),
  );
  return out;
}

/** contracts' `ENGINE_FEATURES`, in order (the test checks the mirror). */
const ENGINE_FEATURES =
  'Array.prototype.findLast structuredClone Array.prototype.toSorted Object.groupBy Promise.withResolvers Set.prototype.union URL.parse Promise.try Error.isError RegExp.escape Uint8Array.fromBase64';

/**
 * The engine probe: for feature i, 1 << 2i when the browser has it, and 2 << 2i as well when it is the
 * browser's own (no `prototype`, native source) rather than a polyfill. Reads only; calls nothing.
 */
function engine(): number {
  let mask = 0;
  ENGINE_FEATURES.split(' ').forEach((path, i) => {
    const f = path
      .split('.')
      .reduce((o: unknown, k) => o && (o as Record<string, unknown>)[k], window as unknown);
    if (typeof f === 'function')
      mask |= (!('prototype' in f) && /native code/.test(String(f)) ? 3 : 1) << (2 * i);
  });
  return mask;
}

/** The environment and automation probes of `SensorSignals`, each read on its own. */
async function readSignals(): Promise<Signals> {
  const w = window as HostWindow;
  const n = navigator as HostNavigator;
  const s: Signals = {
    userAgent: cut(n.userAgent, 2048),
    platform: cut(n.platform, 64),
    webdriver: n.webdriver === true,
    chromeObject: !!w.chrome,
    brave: !!n.brave,
    pluginsCount: safe(() => n.plugins.length),
    mimeTypesCount: safe(() => n.mimeTypes.length),
    languages: safe(() =>
      Array.prototype.slice.call(n.languages || [], 0, 50).map((l) => cut(String(l), 35)),
    ),
    timezone: safe(() => cut(Intl.DateTimeFormat().resolvedOptions().timeZone, 64)),
    screen: { width: screen.width, height: screen.height },
    devicePixelRatio,
    maxTouchPoints: n.maxTouchPoints,
    hardwareConcurrency: n.hardwareConcurrency,
    webgl: webgl(),
    notificationPermission: safe(() => Notification.permission),
    visibilityAtLoad: document.visibilityState as Signals['visibilityAtLoad'],
    hiddenAtLoad: document.hidden,
    patched: safe(patched),
    navigatorOwn: safe(() => Object.getOwnPropertyNames(n).slice(0, 20)),
    uaData: safe(() => n.userAgentData?.toJSON()),
    engine: safe(engine),
  };
  if (safe(() => w.self !== w.top)) s.frame = { width: innerWidth, height: innerHeight };
  // The permission query answers asynchronously; a browser that never answers must not hold the hit.
  s.notificationQueryState = await Promise.race([
    safe(() =>
      n.permissions
        .query({ name: 'notifications' })
        .then((p) => p.state as Signals['notificationQueryState']),
    ),
    new Promise<undefined>((resolve) => setTimeout(resolve, 500)),
  ]).catch(() => undefined);
  // Read after that wait: a renderer just started for a cross-site navigation may not know its
  // window's outer size yet when the script first runs, and 0 is what headless shows.
  s.window = { innerWidth, innerHeight, outerWidth, outerHeight };
  return s;
}

/**
 * Posts an event as text/plain (no CORS preflight, no cookies). A page view reads the answer through
 * fetch or XHR; the rest go by sendBeacon, then fetch keepalive, then XHR.
 */
function send(endpoint: string, event: SensorEvent, onAnswer?: (answer: CollectAnswer) => void): void {
  const body = JSON.stringify(event);
  const n = navigator;
  if (!onAnswer && safe(() => n.sendBeacon(endpoint, body))) return;
  const read = (text: string) => safe(() => onAnswer?.(JSON.parse(text) as CollectAnswer));
  if (typeof fetch === 'function') {
    fetch(endpoint, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'text/plain' },
    })
      .then((r) => (r.ok && r.status !== 204 ? r.text().then(read) : undefined))
      .catch(() => undefined);
    return;
  }
  safe(() => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', endpoint);
    xhr.setRequestHeader('Content-Type', 'text/plain');
    xhr.onload = () => xhr.status === 200 && read(xhr.responseText);
    xhr.send(body);
  });
}

/**
 * Fires the exclusion event on every ad platform tag present on the page whose platform the collector
 * named (all when it named none), each on its own; answers the platforms whose tag took it (present,
 * and the call did not throw).
 */
function exclude(only?: Platform[]): Platform[] {
  const w = window as HostWindow;
  const fired: Platform[] = [];
  const fire = (platform: Platform, tag: unknown, call: () => unknown) =>
    tag &&
    (!only || only.includes(platform)) &&
    safe(() => {
      call();
      fired.push(platform);
    });
  // Meta pixel: a custom event; the exclusion audience is built from it (retention 75 days).
  fire('facebook', w.fbq, () => w.fbq?.('trackCustom', EXCLUSION_EVENT));
  // Microsoft UET custom event: Category Veracity, Action VeracityExcludeVisitor, Label detection, Value 1.
  fire('microsoft', w.uetq, () =>
    w.uetq?.push('event', EXCLUSION_EVENT, {
      event_category: 'Veracity',
      event_label: 'detection',
      event_value: 1,
    }),
  );
  // TikTok pixel.
  fire('tiktok', w.ttq, () => w.ttq?.track(EXCLUSION_EVENT));
  // Google tag: an event a Google Ads remarketing (exclusion) audience can be built from.
  fire('google', w.gtag, () =>
    w.gtag?.('event', EXCLUSION_EVENT, {
      event_category: 'Veracity',
      event_label: 'detection',
      value: 1,
      non_interaction: true,
    }),
  );
  return fired;
}

function start(): void {
  const w = window as HostWindow;
  const queued = w.veracity;
  if (queued?.l) return; // loaded twice: the first copy owns the page
  const script = (document.currentScript ||
    document.querySelector('script[data-key][src*="s.js"]')) as HTMLScriptElement | null;
  const key = script?.getAttribute('data-key');
  if (!script || !key) return;
  // The account's settings, as the snippet carries them (/setup/security/javascript-settings).
  const spa = script.hasAttribute('data-spa');
  // Cookie-less: one id for this page's life, nothing kept in cookies or storage.
  const pageSession = script.hasAttribute('data-cookieless') ? randomId() : '';
  // The events go next to the script: https://HOST/c/s.js -> https://HOST/c/e (a proxy prefix carries over).
  const endpoint = script.src.replace(/s\.js(\?.*)?$/, 'e');
  const loadedAt = Date.now();
  // The current page view: a single-page app's route change makes a new one.
  let hitId = randomId();
  const envelope = (): Envelope => ({
    key,
    eventId: randomId(),
    sessionId: pageSession || sessionId(Date.now()),
    ts: Date.now(),
  });

  const behaviour: Behaviour = { pointerMoves: 0, clicks: 0, keys: 0, scrolls: 0, touches: 0, dwellMs: 0 };
  const counters: [string, keyof Behaviour][] = [
    [typeof PointerEvent === 'function' ? 'pointermove' : 'mousemove', 'pointerMoves'],
    ['click', 'clicks'],
    ['keydown', 'keys'],
    ['scroll', 'scrolls'],
    ['touchstart', 'touches'],
  ];
  for (const [name, field] of counters)
    addEventListener(
      name,
      (e) => {
        if (e.isTrusted) behaviour[field]++; // synthetic events a script dispatches do not count
      },
      { capture: true, passive: true },
    );

  let visibleMs = 0;
  let visibleSince = document.visibilityState === 'visible' ? loadedAt : 0;
  let engaged = false;
  const hidden = () => {
    const now = Date.now();
    if (visibleSince) visibleMs += now - visibleSince;
    visibleSince = 0;
    if (engaged) return;
    engaged = true;
    behaviour.dwellMs = Math.round(performance.now());
    send(endpoint, { type: 'engagement', ...envelope(), hitId, behaviour, visibleMs });
  };
  document.addEventListener('visibilitychange', () =>
    safe(() => {
      if (document.visibilityState === 'hidden') hidden();
      else if (!visibleSince) visibleSince = Date.now();
    }),
  );
  addEventListener('pagehide', () => safe(hidden));

  const command = ((name: unknown, data?: unknown) =>
    safe(() => {
      const c = data as ConversionFields | undefined;
      if (name !== 'conversion' || !c || typeof c.name !== 'string') return;
      const conversion: ConversionFields = { name: cut(c.name, 128) };
      if (typeof c.value === 'number' && c.value >= 0) conversion.value = c.value;
      if (typeof c.currency === 'string') conversion.currency = c.currency.toUpperCase();
      if (c.id != null) conversion.id = cut(String(c.id), 256);
      // HubSpot's visitor cookie, when its tracking code set one: the CRM contact of this lead.
      const utk = /(?:^|; )hubspotutk=([0-9a-f]{32})(?:;|$)/.exec(document.cookie)?.[1];
      send(endpoint, {
        type: 'conversion',
        ...envelope(),
        hitId,
        conversion,
        ...(utk ? { crm: { hubspotutk: utk } } : {}),
      });
    })) as Command & QueuedCommand;
  command.l = 1;

  /** Sends the page view `id` of the URL the page shows now, and carries out the collector's answer. */
  const view = (id: string, referrer: string) => {
    const params = safe(() => new URL(location.href).searchParams);
    const utm: Partial<Record<(typeof UTM_FIELDS)[number], string>> = {};
    const clickIds: Record<string, string> = {};
    for (const f of UTM_FIELDS) {
      const v = params?.get(`utm_${f}`);
      if (v) utm[f] = cut(v, 512);
    }
    for (const p of CLICK_ID_PARAMS) {
      const v = params?.get(p);
      if (v) clickIds[p] = cut(v, 512);
    }
    const title = cut(document.title, 512);
    const url = cut(location.href, 8192);
    readSignals()
      .then((signals) =>
        send(
          endpoint,
          {
            type: 'hit',
            ...envelope(),
            eventId: id,
            url,
            referrer: cut(referrer, 4096),
            ...(title ? { title } : {}),
            utm,
            clickIds,
            signals,
            proof: PROOF,
          },
          (answer) => {
            if (answer.hitId !== id || answer.exclude !== true) return;
            // The collector counts what really fired: one report of the tags that took the event.
            const platforms = exclude(answer.platforms);
            if (platforms.length) send(endpoint, { type: 'exclusion', ...envelope(), hitId: id, platforms });
          },
        ),
      )
      .catch(() => undefined);
  };
  view(hitId, document.referrer);

  if (spa) {
    // A single-page app: each history change to another URL is a page view, referred by the last URL.
    let shown = location.href;
    const moved = () =>
      safe(() => {
        if (location.href === shown) return;
        const from = shown;
        shown = location.href;
        hitId = randomId();
        view(hitId, from);
      });
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name];
      history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
        original.apply(this, args);
        moved();
      };
    }
    addEventListener('popstate', moved);
  }

  w.veracity = command;
  // Replay what the page queued before the script loaded.
  for (const args of queued?.q || []) command(args[0], args[1]);
}

safe(start);
