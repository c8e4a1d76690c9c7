import { useQuery } from '@tanstack/react-query';
import { type SensorSettings, zSensorSettingsAnswer } from '@veracity/contracts/sensor-settings';
import { api } from '../../../lib/api-client';

/** GET/PUT /security/sensor-settings: the account's JavaScript sensor settings and the snippet they give. */
export const SENSOR_SETTINGS_PATH = '/security/sensor-settings';
export const sensorSettingsQueryKey = [SENSOR_SETTINGS_PATH] as const;

export function useSensorSettings(enabled = true) {
  return useQuery({
    queryKey: sensorSettingsQueryKey,
    queryFn: () => api.get(SENSOR_SETTINGS_PATH, { schema: zSensorSettingsAnswer }),
    enabled,
  });
}

export function updateSensorSettings(settings: SensorSettings) {
  return api.put(SENSOR_SETTINGS_PATH, settings, { schema: zSensorSettingsAnswer });
}
