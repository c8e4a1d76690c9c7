import { TRAFFIC_TYPES, type TrafficType } from '../../detection.js';

/** Traffic types (spec 02 §3) with the names the dashboard shows; the ids are `TRAFFIC_TYPES`. */
export interface TrafficTypeEntry {
  readonly id: TrafficType;
  readonly name: string;
}

const NAMES: Record<TrafficType, string> = {
  organic_search: 'Organic Search',
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
  name: NAMES[id],
}));

export function findTrafficType(id: string): TrafficTypeEntry | undefined {
  return TRAFFIC_TYPE_LIST.find((type) => type.id === id);
}

export function trafficTypeName(id: string): string {
  return findTrafficType(id)?.name ?? id;
}
