import { z } from 'zod';
import { THREAT_REASON_IDS, type ThreatReasonId } from './threat-reasons.js';

/**
 * The evidence behind each threat reason (issue 32): what the engine saw that made the reason fire,
 * stored with the verdict (`evidence` on hits, sessions and conversions, keyed by reason id) so that
 * forensics can show a verdict signal by signal. Each reason has one shape. Evidence is small and
 * bounded: texts are cut to {@link EVIDENCE_TEXT_MAX} characters and lists to
 * {@link EVIDENCE_LIST_MAX} items; it names the header, probe or figure that decided, never a secret
 * nor the raw request. What each field means is in docs/events.md ("Evidence").
 */

export const EVIDENCE_TEXT_MAX = 128;
export const EVIDENCE_LIST_MAX = 10;

const text = z.string().max(EVIDENCE_TEXT_MAX);
const figure = z.number().int().min(0);
const list = z.array(text).max(EVIDENCE_LIST_MAX);

export const IMPOSSIBLE_VERSION_RULES = [
  /** An Apple device (only WebKit runs there) claiming Chrome's engine. */
  'apple_with_chromium_engine',
  /** A major version beyond the current release and the majors ahead allowed. */
  'future_major',
  /** A Chrome build number outside the builds of its major. */
  'build_of_other_major',
  /** A Chrome major older than the one the Android version shipped with. */
  'older_than_android',
  /** A Safari version never released. */
  'unreleased_safari',
] as const;

export const HEADLESS_MARKERS = [
  'headless_user_agent',
  'no_languages',
  'zero_outer_window',
  'no_window_chrome',
] as const;

export const ENVIRONMENT_CHECKS = [
  /** Probes that held values no browser reports (`unexpected`): `seen` lists them as sent. */
  'unexpected_values',
  /** navigator.userAgent differs from the User-Agent header. */
  'user_agent',
  /** navigator.platform is of another family than the agent's OS. */
  'platform',
  /** A phone or tablet agent without a touch screen. */
  'touch',
  /** Notification.permission and the permission query contradict each other (old headless Chrome). */
  'notification_permission',
  /** The engagement beacon's figures held values no browser sends. */
  'engagement_figures',
] as const;

/** What makes a page view's sensor proof invalid (`sensor:no_proof`). */
export const SENSOR_PROOF_FAULTS = [
  /** The page view carried no proof. */
  'missing',
  /** The proof is not a token of ours (another type, another format). */
  'malformed',
  /** A token of our format whose signature does not match, or dated in the future. */
  'forged',
  /** A genuine token older than its life (a script kept longer than any cache keeps it). */
  'expired',
] as const;

export const WEBGL_RENDERER_RULES = [
  /** A Direct3D renderer (only Windows has Direct3D) on another system. */
  'direct3d_off_windows',
  /** A software renderer (SwiftShader, llvmpipe) on a Windows or macOS claim. */
  'software_renderer',
  /** An Apple GPU or Metal renderer on a system that is not Apple's. */
  'apple_gpu_off_apple',
  /**
   * A renderer without ANGLE's wording on a desktop Chromium claim on Windows or macOS, where Chromium
   * always renders WebGL through ANGLE (`ANGLE (vendor, device, backend)`): a string a script wrote.
   */
  'not_angle',
] as const;

export const UA_DATA_CHECKS = [
  /** navigator.userAgentData exists (only Chromium has it) while the agent claims Firefox or Safari. */
  'not_chromium',
  /** The Chromium brand's major differs from the agent's Chrome major. */
  'version',
  /** userAgentData.platform names another system than the agent. */
  'platform',
  /** userAgentData.mobile contradicts the agent's device. */
  'mobile',
  /** The brands differ from those the sec-ch-ua header sent. */
  'header_brands',
  /** A brand (Brave, Microsoft Edge) whose own marks are missing: navigator.brave, the Edg/ token. */
  'brand_marks',
] as const;

/** The evidence shape of each reason. */
export const THREAT_EVIDENCE_SHAPES = {
  'ua:known_bot': z.object({ userAgent: text }),
  'ua:http_library': z.object({ userAgent: text }),
  'ua:impossible_version': z.object({
    rule: z.enum(IMPOSSIBLE_VERSION_RULES),
    browser: text,
    major: figure.nullable(),
    build: figure.nullable(),
    /** What would have been possible, for reading: `<= 156`, `6500-6875`, `>= 91`. */
    allowed: text.nullable(),
  }),
  'ua:client_hints_mismatch': z.object({
    header: z.enum(['sec-ch-ua', 'sec-ch-ua-platform', 'sec-ch-ua-mobile']),
    sent: text,
    /** The browser, major and OS the User-Agent claims. */
    agent: text,
  }),
  'ua:missing_browser_headers': z.object({
    missing: z.array(z.enum(['sec-fetch-site', 'sec-ch-ua'])).max(2),
    browser: text,
    major: figure,
  }),
  'ua:missing_forwarded_headers': z.object({
    missing: z.array(z.enum(['accept', 'accept-language'])).max(2),
    /** The browser the User-Agent claims. */
    browser: text,
  }),
  'automation:webdriver': z.object({ probe: z.literal('navigator.webdriver'), value: z.literal(true) }),
  'automation:headless': z.object({ marker: z.enum(HEADLESS_MARKERS) }),
  'automation:inconsistent_environment': z.object({
    check: z.enum(ENVIRONMENT_CHECKS),
    claimed: text.nullable(),
    seen: text.nullable(),
  }),
  'automation:patched_native': z.object({
    /** Functions and getters that are not the browser's own (`Navigator.webdriver`, `toString`, ...). */
    patched: list,
    /** Own properties a script defined on `navigator` (a browser defines none). */
    navigatorOwn: list,
  }),
  'automation:window_chrome': z.object({ width: figure, height: figure }),
  'network:datacenter': z.object({
    asn: figure.nullable(),
    organisation: text.nullable(),
    class: z.enum(['hosting', 'cloud', 'vpn']),
  }),
  'network:denylisted': z.object({ ip: text }),
  'network:excluded_domain': z.object({ host: text }),
  'consistency:timezone_country': z.object({ timezone: text, country: text }),
  'consistency:screen': z.object({ width: figure, height: figure, device: text }),
  'consistency:window_screen': z.object({
    outerWidth: figure,
    outerHeight: figure,
    screenWidth: figure,
    screenHeight: figure,
  }),
  'consistency:webgl_renderer': z.object({ rule: z.enum(WEBGL_RENDERER_RULES), renderer: text, os: text }),
  'consistency:ua_data': z.object({
    check: z.enum(UA_DATA_CHECKS),
    claimed: text.nullable(),
    seen: text.nullable(),
  }),
  'consistency:engine_version': z.object({
    /** The browser and major the User-Agent claims. */
    browser: text,
    major: figure,
    /** The built-in that contradicts it (an `ENGINE_FEATURES` name), and the major that shipped it. */
    feature: text,
    shipped: figure,
    /** `missing`: the claimed major has it and the browser lacks it; `present`: the other way round. */
    seen: z.enum(['missing', 'present']),
  }),
  'behaviour:no_interaction': z.object({ dwellMs: figure, visibleMs: figure.nullable() }),
  'behaviour:bounce': z.object({ visibleMs: figure, dwellMs: figure, maximumMs: figure }),
  'frequency:ip_burst': z.object({
    count: figure,
    windowMs: figure,
    threshold: figure,
    network: z.enum(['hosting', 'carrier', 'isp', 'unknown']),
  }),
  'frequency:device_burst': z.object({ count: figure, windowMs: figure, threshold: figure }),
  'frequency:click_replay': z.object({ count: figure, windowMs: figure, threshold: figure }),
  'velocity:ip_clicks': z.object({
    count: figure,
    windowMs: figure,
    threshold: figure,
    network: z.enum(['hosting', 'carrier', 'isp', 'unknown']),
  }),
  'velocity:device_clicks': z.object({ count: figure, windowMs: figure, threshold: figure }),
  'cadence:regular_clicks': z.object({
    /** Paid clicks whose gaps were measured, this one included. */
    clicks: figure,
    meanGapMs: figure,
    /** Coefficient of variation of the gaps (standard deviation over mean), in percent. */
    variationPercent: figure,
    maxVariationPercent: figure,
  }),
  'conversion:too_fast': z.object({ sinceClickMs: figure, minimumMs: figure }),
  'conversion:click_injection': z.object({ hitStatus: z.enum(['paused', 'blocked']) }),
  'paid:missing_click_id': z.object({ trafficType: text, expected: list }),
  'geo:outside_target': z.object({ country: text, targeted: list, targetedCount: figure }),
  'render:hidden_page': z.object({ visibilityAtLoad: text.nullable(), visibleMs: figure }),
  'render:tiny_iframe': z.object({ width: figure, height: figure }),
  'sensor:no_proof': z.object({ proof: z.enum(SENSOR_PROOF_FAULTS) }),
  /** How long after the S2S click (and before it) a sensor page view of it was looked for. */
  'sensor:no_page_view': z.object({ waitedMs: figure }),
  /** The host of the page the sensor ran on, outside the account's sensor domains. */
  'network:foreign_domain': z.object({ host: text }),
  /** The app package the request's X-Requested-With header named. */
  'app:blocked_package': z.object({ package: text }),
  'app:unexpected_package': z.object({ package: text }),
} as const satisfies Record<ThreatReasonId, z.ZodType>;

export type ThreatEvidenceOf<Id extends ThreatReasonId> = z.infer<(typeof THREAT_EVIDENCE_SHAPES)[Id]>;

/** A verdict's evidence: for each reason it holds, what triggered it. */
export type ThreatEvidence = { [Id in ThreatReasonId]?: ThreatEvidenceOf<Id> };

/** One reason found by a detector, with its evidence. */
export type ThreatFinding = {
  [Id in ThreatReasonId]: { id: Id; evidence: ThreatEvidenceOf<Id> };
}[ThreatReasonId];

/**
 * A stored verdict's evidence as read back: each known reason's evidence in its shape. Keys the
 * catalogue does not know (a retired reason) are kept as they are, so nothing stored is hidden.
 */
export const zThreatEvidence: z.ZodType<ThreatEvidence> = z
  .object(
    Object.fromEntries(THREAT_REASON_IDS.map((id) => [id, THREAT_EVIDENCE_SHAPES[id].optional()])) as {
      [Id in ThreatReasonId]: z.ZodOptional<(typeof THREAT_EVIDENCE_SHAPES)[Id]>;
    },
  )
  .catchall(z.record(z.string(), z.unknown())) as unknown as z.ZodType<ThreatEvidence>;

const LONE_SURROGATE = /\p{Cs}/gu;
// Control characters (C0, DEL, C1): no evidence needs them, and both event stores write JSON text
// without them the same way.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** Any character either replacement may change (a surrogate, paired or not; a control character). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const ODD = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/;

/** A text as evidence holds it: well-formed, without control characters, cut to the maximum. */
export function evidenceText(value: string): string {
  if (value.length <= EVIDENCE_TEXT_MAX && !ODD.test(value)) return value;
  const cut = value.length > EVIDENCE_TEXT_MAX ? value.slice(0, EVIDENCE_TEXT_MAX) : value;
  // A lone surrogate (a pair cut in two) becomes U+FFFD; with the u flag, pairs are not matched.
  return cut.replace(LONE_SURROGATE, '\ufffd').replace(CONTROL, ' ');
}

/** A list as evidence holds it: at most the maximum items, each an evidence text. */
export function evidenceList(values: readonly string[]): string[] {
  return values.slice(0, EVIDENCE_LIST_MAX).map(evidenceText);
}
