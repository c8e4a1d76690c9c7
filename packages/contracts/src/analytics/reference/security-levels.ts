import type { RiskLevel } from '../../detection.js';

/** Hit security level (spec 02 §3): the stored risk level and the name the dashboard shows. */
export interface SecurityLevel {
  readonly id: RiskLevel;
  readonly name: 'Legitimate' | 'Suspicious' | 'Invalid';
}

export const SECURITY_LEVELS: readonly SecurityLevel[] = [
  { id: 'low', name: 'Legitimate' },
  { id: 'medium', name: 'Suspicious' },
  { id: 'high', name: 'Invalid' },
];

export function findSecurityLevel(id: string): SecurityLevel | undefined {
  return SECURITY_LEVELS.find((level) => level.id === id);
}
