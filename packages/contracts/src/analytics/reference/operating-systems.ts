import { OS_NAMES, type OsName } from '../../detection.js';

/**
 * Operating systems, exactly spec 02 §3's list; the id is the name the server stores (`OS_NAMES`).
 * "Other", stored for what none of them describes, is not offered in pickers.
 */
export interface OperatingSystem {
  readonly id: OsName;
  readonly name: string;
}

const NAMES = OS_NAMES.filter((name) => name !== 'Other');

export const OPERATING_SYSTEMS: readonly OperatingSystem[] = NAMES.map((name) => ({ id: name, name }));

export function findOperatingSystem(id: string): OperatingSystem | undefined {
  return OPERATING_SYSTEMS.find((os) => os.id === id);
}
