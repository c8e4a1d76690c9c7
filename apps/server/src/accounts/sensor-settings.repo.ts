import {
  DEFAULT_SENSOR_SETTINGS,
  FIRST_PARTY_PATH_PATTERN,
  type SensorSettings,
} from '@veracity/contracts/sensor-settings';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SensorSettingsTable } from '../storage/oltp/schema.js';

/**
 * The account's JavaScript sensor settings (`sensor_settings`, issue 40): read by the dashboard's
 * /api/security/sensor-settings and by the collector (AccountDirectory). No row: the defaults.
 */

function toSettings(row: Selectable<SensorSettingsTable>): SensorSettings {
  const path = row.first_party_path;
  return {
    exclusionEvents: {
      google: row.exclusion_google === 1,
      facebook: row.exclusion_facebook === 1,
      microsoft: row.exclusion_microsoft === 1,
      tiktok: row.exclusion_tiktok === 1,
    },
    spaTracking: row.spa_tracking === 1,
    cookieless: row.cookieless === 1,
    // Only a path the API accepted is stored; anything else is read as none.
    firstPartyPath: path !== null && FIRST_PARTY_PATH_PATTERN.test(path) ? path : null,
  };
}

export async function findSensorSettings(
  db: Kysely<Database>,
  relationshipId: number,
): Promise<SensorSettings> {
  const row = await db
    .selectFrom('sensor_settings')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
  return row ? toSettings(row) : DEFAULT_SENSOR_SETTINGS;
}

export async function saveSensorSettings(
  db: Kysely<Database>,
  relationshipId: number,
  settings: SensorSettings,
  at: Date,
): Promise<void> {
  const values = {
    exclusion_google: settings.exclusionEvents.google ? 1 : 0,
    exclusion_facebook: settings.exclusionEvents.facebook ? 1 : 0,
    exclusion_microsoft: settings.exclusionEvents.microsoft ? 1 : 0,
    exclusion_tiktok: settings.exclusionEvents.tiktok ? 1 : 0,
    spa_tracking: settings.spaTracking ? 1 : 0,
    cookieless: settings.cookieless ? 1 : 0,
    first_party_path: settings.firstPartyPath,
    updated_at: at.toISOString(),
  };
  await db
    .insertInto('sensor_settings')
    .values({ relationship_id: relationshipId, ...values })
    .onConflict((conflict) => conflict.column('relationship_id').doUpdateSet(values))
    .execute();
}
