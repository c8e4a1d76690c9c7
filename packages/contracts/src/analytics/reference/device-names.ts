import { DEVICE_NAMES, type DeviceName } from '../../detection.js';

/** Device names (spec 02 §3); the id is the stored device type, and Unknown is stored as "Not available". */
export interface DeviceNameEntry {
  readonly id: DeviceName;
  readonly name: string;
}

export const DEVICE_NAME_LIST: readonly DeviceNameEntry[] = DEVICE_NAMES.map((id) => ({
  id,
  name: id === 'Not available' ? 'Unknown' : id,
}));

export function findDeviceName(id: string): DeviceNameEntry | undefined {
  return DEVICE_NAME_LIST.find((device) => device.id === id);
}
