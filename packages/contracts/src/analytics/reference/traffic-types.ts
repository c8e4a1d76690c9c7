import { TRAFFIC_TYPES, type TrafficType } from '../../detection.js';

/** Traffic types (spec 02 §3) with the names the dashboard shows; the ids are `TRAFFIC_TYPES`. */
export interface TrafficTypeEntry {
  readonly id: TrafficType;
  readonly name: string;
}

/** How the dashboard and reports name each traffic type; a new type does not compile without one. */
export const TRAFFIC_TYPE_NAMES: Readonly<Record<TrafficType, string>> = {
  organic_search: 'Organic search',
  referral: 'Referral',
  direct: 'Direct',
  google: 'Google',
  facebook: 'Meta (Facebook and Instagram)',
  tiktok: 'TikTok',
  microsoft: 'Microsoft',
  pinterest: 'Pinterest',
  yandex: 'Yandex',
  twitter: 'X (formerly Twitter)',
  criteo: 'Criteo',
  linkedin: 'LinkedIn',
  outbrain: 'Outbrain',
  taboola: 'Taboola',
  tradedoubler: 'Tradedoubler',
  reddit: 'Reddit',
};

export const TRAFFIC_TYPE_LIST: readonly TrafficTypeEntry[] = TRAFFIC_TYPES.map((id) => ({
  id,
  name: TRAFFIC_TYPE_NAMES[id],
}));

export function findTrafficType(id: string): TrafficTypeEntry | undefined {
  return TRAFFIC_TYPE_LIST.find((type) => type.id === id);
}

/** The display name of a traffic type; one not known yet reads as words ("paid_social" → "Paid social"). */
export function trafficTypeName(id: string): string {
  const known = findTrafficType(id);
  if (known) return known.name;
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}
