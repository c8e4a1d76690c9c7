/**
 * Hit status (spec 02 §3): what the firewall did with a hit. The ids are the stored `hit_status` values;
 * delivered is the "allowed" of the allowedHits metric.
 */
export const HIT_STATUS_IDS = ['blocked', 'paused', 'delivered'] as const;
export type HitStatusId = (typeof HIT_STATUS_IDS)[number];

export interface HitStatus {
  readonly id: HitStatusId;
  readonly name: string;
}

export const HIT_STATUS_LIST: readonly HitStatus[] = [
  { id: 'blocked', name: 'Blocked' },
  { id: 'paused', name: 'Paused' },
  { id: 'delivered', name: 'Delivered' },
];

export function findHitStatus(id: string): HitStatus | undefined {
  return HIT_STATUS_LIST.find((status) => status.id === id);
}
