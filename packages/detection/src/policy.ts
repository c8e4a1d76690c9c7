import type { ThreatReasonId } from '@veracity/contracts/threat-reasons';

/**
 * Every tunable of the engine in one place: the weight of each reason, which reasons are decisive,
 * the tier thresholds and the thresholds of the signal families. Changing a number here changes
 * verdicts; docs/detection.md explains each one.
 */

export interface ReasonPolicy {
  /** Points added to the score (0-100). */
  weight: number;
  /** A decisive reason makes a hit invalid alone. */
  decisive: boolean;
}

const decisive = { weight: 100, decisive: true } as const;
const weigh = (weight: number): ReasonPolicy => ({ weight, decisive: false });

export const REASON_POLICY: Record<ThreatReasonId, ReasonPolicy> = {
  'ua:known_bot': decisive,
  'ua:http_library': decisive,
  'ua:impossible_version': weigh(45),
  'ua:client_hints_mismatch': weigh(40),
  'ua:missing_browser_headers': weigh(35),
  'ua:missing_forwarded_headers': weigh(20),
  'automation:webdriver': decisive,
  'automation:headless': weigh(60),
  'automation:inconsistent_environment': weigh(35),
  'automation:patched_native': weigh(30),
  'automation:window_chrome': weigh(10),
  'network:datacenter': weigh(40),
  'network:denylisted': decisive,
  'network:excluded_domain': weigh(50),
  'consistency:timezone_country': weigh(20),
  'consistency:screen': weigh(25),
  'consistency:window_screen': weigh(15),
  'consistency:webgl_renderer': weigh(25),
  'consistency:ua_data': weigh(30),
  'consistency:engine_version': weigh(25),
  'behaviour:no_interaction': weigh(25),
  'behaviour:bounce': weigh(30),
  'frequency:ip_burst': weigh(40),
  'frequency:device_burst': weigh(35),
  'frequency:click_replay': weigh(40),
  'velocity:ip_clicks': weigh(35),
  'velocity:device_clicks': weigh(40),
  'cadence:regular_clicks': weigh(40),
  'conversion:too_fast': weigh(45),
  'conversion:click_injection': decisive,
  'paid:missing_click_id': weigh(25),
  'geo:outside_target': weigh(30),
  'render:hidden_page': weigh(30),
  'render:tiny_iframe': weigh(50),
  'sensor:no_proof': weigh(30),
  'sensor:no_page_view': weigh(30),
  // Flagged (suspicious) alone; the account's `foreignDomainAction: 'exclude'` makes it decisive.
  'network:foreign_domain': weigh(30),
  'app:blocked_package': decisive,
  'app:unexpected_package': weigh(30),
};

/**
 * Tiering: decisive => high; otherwise high needs a score of at least `high` from reasons of at least
 * `highMinCategories` categories; medium from `medium`; low below.
 */
export const TIER_THRESHOLDS = { high: 70, highMinCategories: 2, medium: 30 } as const;
export const MAX_SCORE = 100;

/**
 * Frequency. Windows are what `RecentActivity` counts over; thresholds are hits before this one.
 * Carrier-grade NAT puts many real people behind one mobile or ISP address, so an IP burst there needs
 * more hits and weighs less than one from a hosting network.
 */
export const ACTIVITY_WINDOWS_MS = {
  ip: 10 * 60_000,
  device: 60 * 60_000,
  clickId: 24 * 60 * 60_000,
} as const;
export const IP_BURST = {
  hosting: { minHits: 5, weight: 40 },
  unknown: { minHits: 20, weight: 30 },
  isp: { minHits: 30, weight: 25 },
  carrier: { minHits: 60, weight: 15 },
} as const;
export const DEVICE_BURST_MIN_HITS = 10;
/** A landing page reloaded or reached again with Back reuses its click id; a third reuse is a replay. */
export const CLICK_REPLAY_MIN_HITS = 2;

/**
 * Velocity: paid clicks (new ad click ids) on one account's landings within `PAID_CLICK_WINDOWS_MS.velocity`,
 * before this one. Per address the threshold depends on the network, as for the IP burst; at `heavy`
 * clicks the reason weighs `heavyWeight`, which with the address's own `frequency:ip_burst` (a second
 * category, which so many hits always trip) makes the burst invalid on its own evidence.
 */
export const PAID_CLICK_WINDOWS_MS = { velocity: 60_000, cadence: 10 * 60_000 } as const;
export const IP_CLICKS = {
  hosting: { minClicks: 5, heavy: 15, weight: 40 },
  unknown: { minClicks: 8, heavy: 24, weight: 35 },
  isp: { minClicks: 10, heavy: 30, weight: 35 },
  carrier: { minClicks: 20, heavy: 60, weight: 30 },
} as const;
export const IP_CLICKS_HEAVY_WEIGHT = 55;
/** A person does not open five of one advertiser's ads a minute from one browser. */
export const DEVICE_CLICKS_MIN = 5;
/**
 * Cadence: the gaps between the latest paid clicks from one address (at most `maxGaps`, within the
 * cadence window). With at least `minGaps` of them, a coefficient of variation below `maxVariation` is a
 * clock: people arriving independently give exponential gaps, whose variation is about 1; a timer with
 * uniform jitter of ±j gives j/√3 (docs/detection.md has the odds of a crowd looking like a clock).
 */
export const CADENCE = { minGaps: 9, maxGaps: 15, maxVariation: 0.25 } as const;

/** Conversions sooner than this after their click are not typed by a person. */
export const CONVERSION_MIN_MS = 3_000;

/** Behaviour: a visit this long without a move, touch, scroll, key or click. */
export const NO_INTERACTION_MIN_DWELL_MS = 15_000;
/** Behaviour: a paid landing left after less visible time than this, untouched, is a bounce. */
export const BOUNCE_MAX_VISIBLE_MS = 1_000;
/**
 * Pointer moves that are not a person's: Chromium dispatches one trusted `pointermove` when a page
 * appears under a cursor that stays still, so one move alone is no interaction.
 */
export const BOUNDARY_POINTER_MOVES = 1;

/** Rendering: a frame this small (either side, CSS px) cannot show a page to anyone. */
export const TINY_FRAME_MAX_PX = 10;

/**
 * User agents. Chrome and Firefox ship a major version every four weeks; the current major is
 * extrapolated from a known release and the hit's time. A claim this many majors beyond it is
 * impossible (Canary runs two ahead).
 */
export const CHROME_RELEASE_ANCHOR = { major: 131, at: Date.UTC(2024, 10, 12) } as const;
export const FIREFOX_RELEASE_ANCHOR = { major: 133, at: Date.UTC(2024, 10, 26) } as const;
export const RELEASE_CYCLE_MS = 28 * 86_400_000;
export const MAJORS_AHEAD_ALLOWED = 3;

/**
 * The engine probe: a feature counts against a claimed major only this many majors past its shipping
 * version (missing) or before it (present): betas, staged rollouts, a compat table off by one.
 */
export const ENGINE_VERSION_TOLERANCE = 1;

/** A desktop window's outer side may exceed the screen's by this share (a window across two screens). */
export const WINDOW_OVER_SCREEN_TOLERANCE = 0.1;

/** Screens: a phone's shorter side in CSS px does not reach this. */
export const PHONE_MAX_SHORT_SIDE_PX = 600;

/**
 * `automation:patched_native` when `Function.prototype.toString` was rewritten with two or more other
 * natives (a kit hiding its rewrites): with a second category (a renderer that contradicts the agent,
 * a hosting network) it makes a stealth browser invalid.
 */
export const STEALTH_KIT_WEIGHT = 45;
