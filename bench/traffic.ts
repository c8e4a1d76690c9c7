// Generated traffic for the benches: deterministic (the same rows on every run), a session every three
// hits and a conversion per hundred, spread over a window of days; loaded through the store's batch
// insert as ingestion loads it.
import type {
  ConversionRow,
  EventStore,
  HitRow,
  SessionRow,
} from '../apps/server/src/storage/events/event-store.js';

/** Hits a batch insert takes at once. */
export const BATCH = 50_000;
const TRAFFIC = [
  'google',
  'google',
  'google',
  'facebook',
  'facebook',
  'direct',
  'organic_search',
  'tiktok',
  'microsoft',
  'referral',
];
const COUNTRIES = ['ES', 'ES', 'ES', 'FR', 'DE', 'US', 'MX', 'IT'];
const DEVICES = ['Desktop', 'Phone', 'Phone', 'Tablet'];
const SYSTEMS = ['Windows', 'Android', 'iOS', 'Mac OS', 'Linux'];
const BROWSERS = ['Chrome', 'Chrome Mobile', 'Mobile Safari', 'Firefox', 'Microsoft Edge'];

/** A deterministic 32-bit mix of an integer (the same traffic on every run). */
function mix(n: number): number {
  let x = Math.imul(n ^ (n >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) >>> 0;
}

const of = <T>(items: readonly T[], n: number): T => items[n % items.length] as T;

/** Hits `first`..`first + count` of an account: a session every three hits, a conversion per hundred. */
export function generateBatch(
  relationshipId: number,
  first: number,
  count: number,
  window: { startMs: number; days: number },
) {
  const hits: HitRow[] = [];
  const sessions: SessionRow[] = [];
  const conversions: ConversionRow[] = [];
  for (let i = first; i < first + count; i++) {
    const session = Math.floor(i / 3);
    const h = mix(session + relationshipId * 1_000_003);
    const risk = h % 100;
    const riskLevel = risk < 12 ? 'high' : risk < 25 ? 'medium' : 'low';
    const dims = {
      trafficType: of(TRAFFIC, h >>> 3),
      utmSource: `src${session % 12}`,
      campaignId: session % 40,
      country: of(COUNTRIES, h >>> 7),
      isp: `isp-${(h >>> 11) % 300}`,
      deviceType: of(DEVICES, h >>> 13),
      osName: of(SYSTEMS, h >>> 17),
      browser: of(BROWSERS, h >>> 19),
      domain: 'shop.example',
      hitStatus: 'delivered' as const,
    };
    const threats =
      riskLevel === 'high'
        ? ['automation:webdriver', 'network:datacenter']
        : riskLevel === 'medium'
          ? ['network:vpn']
          : [];
    const ts = new Date(window.startMs + (mix(i) % (window.days * 86_400_000)));
    const hit: HitRow = {
      ...dims,
      relationshipId,
      id: `h${i}`,
      sessionId: `s${session}`,
      ts,
      url: `https://shop.example/p/${i % 500}`,
      riskLevel,
      threats,
      cost: 0.35,
    };
    hits.push(hit);
    if (i % 3 === 0) {
      sessions.push({
        ...dims,
        relationshipId,
        id: hit.sessionId,
        startedAt: ts,
        lastSeenAt: ts,
        landingUrl: hit.url,
        riskLevel,
        threats,
        hits: 3,
      });
    }
    if (mix(i * 31) % 100 === 0) {
      conversions.push({
        ...dims,
        relationshipId,
        id: `c${i}`,
        sessionId: hit.sessionId,
        hitId: hit.id,
        ts: new Date(ts.getTime() + 300_000),
        name: 'purchase',
        value: 40,
        currency: 'EUR',
        riskLevel,
        threats,
        status: 'not_reported',
      });
    }
  }
  return { hits, sessions, conversions };
}

/** Loads `count` generated hits (and their sessions and conversions) of an account, in batches. */
export async function loadTraffic(
  store: EventStore,
  relationshipId: number,
  count: number,
  window: { startMs: number; days: number },
  progress?: (loaded: number) => void,
): Promise<void> {
  for (let first = 0; first < count; first += BATCH) {
    const batch = generateBatch(relationshipId, first, Math.min(BATCH, count - first), window);
    await store.insertHits(batch.hits);
    await store.insertSessions(batch.sessions);
    await store.insertConversions(batch.conversions);
    progress?.(first + batch.hits.length);
  }
}
