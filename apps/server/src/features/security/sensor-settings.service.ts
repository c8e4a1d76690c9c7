import { EXCLUSION_PLATFORMS, sensorScriptPath } from '@veracity/contracts/collect';
import {
  type SensorSettings,
  type SensorSettingsAnswer,
  sensorSnippetTag,
} from '@veracity/contracts/sensor-settings';
import type { Kysely } from 'kysely';
import { findSensorSettings, saveSensorSettings } from '../../accounts/sensor-settings.repo.js';
import type { Database } from '../../storage/oltp/schema.js';
import { type AuditActor, type AuditChange, audit } from '../account/audit.js';

/**
 * The JavaScript sensor settings of an account (issue 40, docs/security-settings.md): read with the
 * snippet they give, replaced as a whole with one audit entry of what changed. The collector reads them
 * through AccountDirectory (its cache TTL is how long a change takes to reach it).
 */

/** The server's public address and sensor folder, for the snippet and the proxy's upstream. */
export interface SensorAddress {
  serverUrl: string;
  sensorPath: string;
}

export function describeSensorSettings(
  settings: SensorSettings,
  sensorKey: string,
  address: SensorAddress,
): SensorSettingsAnswer {
  const scriptUrl = `${address.serverUrl}${sensorScriptPath(address.sensorPath)}`;
  return {
    settings,
    snippet: sensorSnippetTag(scriptUrl, sensorKey, settings),
    collectorUrl: `${address.serverUrl}${address.sensorPath}`,
  };
}

export function readSensorSettings(db: Kysely<Database>, relationshipId: number): Promise<SensorSettings> {
  return findSensorSettings(db, relationshipId);
}

/** Flat old -> new changes, one key a setting (`exclusionEvents.facebook`, `spaTracking`, ...). */
function settingsChanges(before: SensorSettings, after: SensorSettings): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  const note = (field: string, from: boolean | string | null, to: boolean | string | null) => {
    if (from !== to) changes[field] = { from, to };
  };
  for (const platform of EXCLUSION_PLATFORMS)
    note(`exclusionEvents.${platform}`, before.exclusionEvents[platform], after.exclusionEvents[platform]);
  note('spaTracking', before.spaTracking, after.spaTracking);
  note('cookieless', before.cookieless, after.cookieless);
  note('firstPartyPath', before.firstPartyPath, after.firstPartyPath);
  return changes;
}

/** Replaces the account's settings; the audit entry (`sensor_settings.updated`) names what changed. */
export function updateSensorSettings(
  db: Kysely<Database>,
  actor: AuditActor,
  settings: SensorSettings,
): Promise<SensorSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await findSensorSettings(trx, actor.relationshipId);
    await saveSensorSettings(trx, actor.relationshipId, settings, new Date());
    await audit(trx, {
      ...actor,
      action: 'sensor_settings.updated',
      detail: settingsChanges(before, settings),
    });
    return settings;
  });
}
