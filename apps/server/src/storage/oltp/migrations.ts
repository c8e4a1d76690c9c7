import { type Kysely, type Migration as KyselyMigration, type MigrationProvider, Migrator } from 'kysely';
import { foundation } from './migrations/0001-foundation.js';
import { accounts } from './migrations/0002-accounts.js';
import { campaigns } from './migrations/0003-campaigns.js';
import { alerts } from './migrations/0004-alerts.js';
import { timeZones } from './migrations/0005-time-zones.js';
import { demoReadOnly } from './migrations/0006-demo-read-only.js';
import { scheduledJobs } from './migrations/0007-scheduled-jobs.js';
import { googleAds } from './migrations/0008-google-ads.js';
import { exclusionEngine } from './migrations/0009-exclusion-engine.js';
import { firewall } from './migrations/0010-firewall.js';
import { postbackDelivery } from './migrations/0011-postback-delivery.js';
import { conversionReleases } from './migrations/0012-conversion-releases.js';
import { hubspotLeads } from './migrations/0013-hubspot-leads.js';
import { reports } from './migrations/0014-reports.js';
import { billing } from './migrations/0015-billing.js';
import { billingUsage } from './migrations/0016-billing-usage.js';
import { performanceEmails } from './migrations/0017-performance-emails.js';
import { benchmark } from './migrations/0018-benchmark.js';
import { domainSecurity } from './migrations/0019-domain-security.js';
import { sensorSettings } from './migrations/0020-sensor-settings.js';
import { postbackSecurity } from './migrations/0021-postback-security.js';
import { appSecurity } from './migrations/0022-app-security.js';
import { changelog } from './migrations/0023-changelog.js';

export type OltpDialectName = 'sqlite' | 'postgres';

/**
 * A migration of the accounts store. One list serves both engines; where they differ (auto-increment
 * ids, for instance) the migration asks `dialect`. Migrations only ever get appended.
 */
export interface Migration {
  name: string;
  up(db: Kysely<unknown>, dialect: OltpDialectName): Promise<void>;
}

export const MIGRATIONS: readonly Migration[] = [
  foundation,
  accounts,
  campaigns,
  alerts,
  timeZones,
  demoReadOnly,
  scheduledJobs,
  googleAds,
  exclusionEngine,
  firewall,
  postbackDelivery,
  conversionReleases,
  hubspotLeads,
  reports,
  billing,
  billingUsage,
  performanceEmails,
  benchmark,
  domainSecurity,
  sensorSettings,
  postbackSecurity,
  appSecurity,
  changelog,
];

class ListMigrationProvider implements MigrationProvider {
  constructor(
    private readonly migrations: readonly Migration[],
    private readonly dialect: OltpDialectName,
  ) {}

  async getMigrations(): Promise<Record<string, KyselyMigration>> {
    const entries = this.migrations.map(
      (migration) =>
        [migration.name, { up: (db: Kysely<unknown>) => migration.up(db, this.dialect) }] as const,
    );
    return Object.fromEntries(entries);
  }
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; a no-op when it already is. Returns the names it applied. */
export async function migrateToLatest(
  db: Kysely<unknown>,
  dialect: OltpDialectName,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new ListMigrationProvider(migrations, dialect),
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const cause = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((r) => r.migrationName);
}
