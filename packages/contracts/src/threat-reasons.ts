/**
 * The catalogue of threat reasons the detection engine gives (issue 4). Ids are stable: analytics
 * aggregates them (/analytics/threats) and stored hits keep them, so an id is never renamed or reused;
 * a retired reason stays listed. The id's namespace is its category. Weights live in the engine's
 * policy (`@veracity/detection/policy`); what each reason catches and how it can misfire is in
 * docs/detection.md.
 */
export const THREAT_CATEGORIES = [
  'ua',
  'automation',
  'network',
  'consistency',
  'behaviour',
  'frequency',
  'velocity',
  'cadence',
  'conversion',
  'paid',
  'geo',
  'render',
  'sensor',
  'app',
] as const;
export type ThreatCategory = (typeof THREAT_CATEGORIES)[number];

export const THREAT_CATEGORY_LABELS: Record<ThreatCategory, string> = {
  ua: 'User agent',
  automation: 'Automation',
  network: 'Network',
  consistency: 'Consistency',
  behaviour: 'Behaviour',
  frequency: 'Frequency',
  velocity: 'Click velocity',
  cadence: 'Click cadence',
  conversion: 'Conversion',
  paid: 'Paid traffic',
  geo: 'Geography',
  render: 'Rendering',
  sensor: 'Sensor',
  app: 'In-app traffic',
};

export const THREAT_REASONS = {
  'ua:known_bot': { category: 'ua', label: 'Declared bot or crawler' },
  'ua:http_library': { category: 'ua', label: 'HTTP library or script, not a browser' },
  'ua:impossible_version': { category: 'ua', label: 'Browser version that does not exist' },
  'ua:client_hints_mismatch': { category: 'ua', label: 'Client hints contradict the user agent' },
  'ua:missing_browser_headers': { category: 'ua', label: 'Browser headers missing for the claimed browser' },
  'ua:missing_forwarded_headers': {
    category: 'ua',
    label: 'Forwarded request lacks the headers every browser sends',
  },
  'automation:webdriver': { category: 'automation', label: 'Browser driven by automation (WebDriver)' },
  'automation:headless': { category: 'automation', label: 'Headless browser' },
  'automation:inconsistent_environment': {
    category: 'automation',
    label: 'Browser environment contradicts the user agent',
  },
  'automation:patched_native': {
    category: 'automation',
    label: 'Browser functions rewritten by a script',
  },
  'automation:window_chrome': {
    category: 'automation',
    label: 'Desktop window without browser controls',
  },
  'network:datacenter': { category: 'network', label: 'Data center or hosting network' },
  'network:denylisted': { category: 'network', label: "IP on the account's deny list" },
  'network:excluded_domain': { category: 'network', label: 'Referred by an excluded domain' },
  'consistency:timezone_country': {
    category: 'consistency',
    label: 'Time zone does not match the IP country',
  },
  'consistency:screen': { category: 'consistency', label: 'Impossible screen for the device' },
  'consistency:window_screen': { category: 'consistency', label: 'Window larger than the screen' },
  'consistency:webgl_renderer': {
    category: 'consistency',
    label: 'Graphics renderer contradicts the claimed system',
  },
  'consistency:ua_data': {
    category: 'consistency',
    label: 'Browser brands contradict the user agent',
  },
  'consistency:engine_version': {
    category: 'consistency',
    label: 'Browser features contradict the claimed version',
  },
  'behaviour:no_interaction': { category: 'behaviour', label: 'No interaction during a long visit' },
  'behaviour:bounce': { category: 'behaviour', label: 'Paid click left within a second, untouched' },
  'frequency:ip_burst': { category: 'frequency', label: 'Many hits from the same IP' },
  'frequency:device_burst': { category: 'frequency', label: 'Many hits from the same device' },
  'frequency:click_replay': { category: 'frequency', label: 'Ad click id used again' },
  'velocity:ip_clicks': { category: 'velocity', label: 'Many paid clicks from the same IP in a minute' },
  'velocity:device_clicks': {
    category: 'velocity',
    label: 'Many paid clicks from the same device in a minute',
  },
  'cadence:regular_clicks': { category: 'cadence', label: 'Paid clicks from one IP on a clock' },
  'conversion:too_fast': { category: 'conversion', label: 'Conversion too soon after the click' },
  'conversion:click_injection': {
    category: 'conversion',
    label: 'Conversion of a click that never reached the offer',
  },
  'paid:missing_click_id': { category: 'paid', label: 'Paid click without the network click id' },
  'geo:outside_target': { category: 'geo', label: 'Outside the targeted countries' },
  'render:hidden_page': { category: 'render', label: 'Page never visible' },
  'render:tiny_iframe': { category: 'render', label: 'Page loaded in a tiny frame' },
  'sensor:no_proof': { category: 'sensor', label: 'Page view without proof that the sensor ran' },
  'sensor:no_page_view': { category: 'sensor', label: 'Paid click whose page never ran the sensor' },
  'network:foreign_domain': {
    category: 'network',
    label: 'Sensor running on a domain the account does not own',
  },
  'app:blocked_package': { category: 'app', label: 'In-app traffic from an app the account blocked' },
  'app:unexpected_package': {
    category: 'app',
    label: "In-app traffic from an app not on the account's allow list",
  },
} as const satisfies Record<string, { category: ThreatCategory; label: string }>;

export type ThreatReasonId = keyof typeof THREAT_REASONS;
export const THREAT_REASON_IDS = Object.keys(THREAT_REASONS) as ThreatReasonId[];
