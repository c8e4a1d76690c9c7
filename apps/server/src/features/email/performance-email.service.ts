import { hasFeature } from '@veracity/contracts/plans';
import { THREAT_REASONS } from '@veracity/contracts/threat-reasons';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { NO_LOOKUPS } from '../../analytics/dimension-columns.js';
import { costBasis } from '../../analytics/hit-cost.js';
import { widgetStats } from '../../analytics/results.js';
import { timeRange, zoneOffsetMs } from '../../analytics/time-range.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { AdProvider, Database } from '../../storage/oltp/schema.js';
import type { RelationshipRecord } from '../account/relationships.repo.js';
import { HomeFigures } from '../home/home.service.js';
import type { Mailer } from './mailer.js';
import {
  activeAccounts,
  exclusionsPushed,
  type PerformanceRecipient,
  recordPerformanceMail,
  unmailedRecipients,
} from './performance-email.repo.js';
import { type PerformanceFacts, performanceMail } from './performance-email.template.js';
import { UnsubscribeLinks } from './unsubscribe-link.js';

/**
 * The weekly performance mail (issue 39, the job performance.email): on Monday morning in each
 * account's time zone, every user of an active account with the performance feature who has not
 * unsubscribed gets one mail about the week that ended (Monday to Sunday, the account's zone).
 *
 * Exactly once per account, user and week: the mail's outbox row and the user's mark are written in
 * one transaction (performance-email.repo.ts), so a crash or a failed write in the middle of a run
 * leaves each user either marked and queued or neither, and the next run mails those left. SMTP
 * delivery follows the commit, like every mail: a failure is kept on the outbox row.
 *
 * The demo account is left out, as the plan usage mails and the exclusion sync leave it: it is a shared
 * showcase of generated traffic whose members are people trying the product, not its owners.
 */

/** The local hour on Monday from which the mail is due; it stays due until the end of the Monday. */
export const PERFORMANCE_EMAIL_HOUR = 6;
/** Campaigns listed under "Campaigns most hit". */
export const PERFORMANCE_EMAIL_CAMPAIGNS = 3;
const DAY_MS = 86_400_000;

export interface PerformanceEmailDeps {
  db: Kysely<Database>;
  events: EventStore;
  mailer: Mailer;
  /** The dashboard's address (PUBLIC_URL): the mail links to the performance screen and to unsubscribe. */
  publicUrl: string;
  /** The instance secret the unsubscribe links are signed with. */
  secretKey: string;
  log: FastifyBaseLogger;
}

export interface PerformanceWeek {
  /** The Monday and Sunday of the week covered, `YYYY-MM-DD` in the account's zone; `from` keys the marks. */
  from: string;
  to: string;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The week whose mail is due at `now` on a zone's clock: the one that ended the Sunday before, from
 * PERFORMANCE_EMAIL_HOUR on Monday until Monday ends; null on any other day or earlier.
 */
export function dueWeek(timeZone: string, now: Date): PerformanceWeek | null {
  const wall = new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone));
  if (wall.getUTCDay() !== 1 || wall.getUTCHours() < PERFORMANCE_EMAIL_HOUR) return null;
  const monday = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
  return { from: isoDate(monday - 7 * DAY_MS), to: isoDate(monday - DAY_MS) };
}

const PLATFORM_NAMES: Record<AdProvider, string> = {
  google_ads: 'Google Ads',
  meta_ads: 'Meta Ads',
  microsoft_ads: 'Microsoft Advertising',
  tiktok_ads: 'TikTok Ads',
  hubspot: 'HubSpot',
};

function threatLabel(threat: string): string {
  return (THREAT_REASONS as Record<string, { label: string } | undefined>)[threat]?.label ?? threat;
}

/** The UTM campaigns with the most invalid visits in the week. */
async function campaignsMostHit(
  events: EventStore,
  relationship: RelationshipRecord,
  range: { from: Date; to: Date },
): Promise<PerformanceFacts['campaigns']> {
  const stats = await widgetStats(
    events,
    {
      relationshipId: relationship.id,
      timeZone: relationship.timezone,
      ...range,
      metrics: ['hits', 'highRiskHits'],
      filters: [],
      matchType: 'all',
      lookups: NO_LOOKUPS,
      costs: costBasis(relationship.defaultCpc),
    },
    ['utm_campaign'],
  );
  return stats.rows
    .map((row) => ({
      name: row.values[0] === null || row.values[0] === undefined ? '' : String(row.values[0]),
      invalidVisits: row.metrics.highRiskHits ?? 0,
      visits: row.metrics.hits ?? 0,
    }))
    .filter((campaign) => campaign.name !== '' && campaign.invalidVisits > 0)
    .sort((a, b) => b.invalidVisits - a.invalidVisits || a.name.localeCompare(b.name))
    .slice(0, PERFORMANCE_EMAIL_CAMPAIGNS);
}

type AccountFacts = Omit<PerformanceFacts, 'firstName' | 'unsubscribeUrl' | 'oneClickUnsubscribeUrl'>;

/** The week's figures of an account, the same for each of its users. */
export async function accountFacts(
  deps: Pick<PerformanceEmailDeps, 'db' | 'events' | 'publicUrl'>,
  relationship: RelationshipRecord,
  week: PerformanceWeek,
): Promise<AccountFacts> {
  const range = timeRange(week.from, week.to, relationship.timezone);
  const home = await HomeFigures.load(deps.events, relationship, week);
  const [watchlist, campaigns, exclusions] = await Promise.all([
    home.watchlist(),
    campaignsMostHit(deps.events, relationship, range),
    exclusionsPushed(deps.db, relationship.id, range),
  ]);
  const figures = home.keyFigures();
  return {
    companyName: relationship.companyName,
    from: week.from,
    to: week.to,
    currency: figures.currency,
    week: figures.selectedPeriod,
    previousWeek: figures.previousPeriod,
    threats: watchlist.items.map((item) => ({
      label: threatLabel(item.threat),
      invalidVisits: item.invalidVisits,
      previousInvalidVisits: item.previousInvalidVisits,
    })),
    campaigns,
    exclusions: exclusions.map((entry) => ({
      platform: PLATFORM_NAMES[entry.provider] ?? entry.provider,
      added: entry.added,
      removed: entry.removed,
    })),
    dashboardUrl: `${deps.publicUrl}/intelligence/performance`,
  };
}

/** Whether an account gets the weekly mail at all: active, not the demo, with the performance feature. */
export function receivesPerformanceMail(relationship: RelationshipRecord): boolean {
  return (
    relationship.active &&
    relationship.planType !== 'demo' &&
    hasFeature('performance', relationship.planType, relationship.accountFeatures)
  );
}

async function mailAccount(
  deps: PerformanceEmailDeps,
  links: UnsubscribeLinks,
  relationship: RelationshipRecord,
  week: PerformanceWeek,
  recipients: PerformanceRecipient[],
  now: Date,
  progress: { mailed: number },
): Promise<void> {
  const facts = await accountFacts(deps, relationship, week);
  for (const recipient of recipients) {
    const mail = performanceMail(recipient.email, {
      ...facts,
      firstName: recipient.firstName,
      unsubscribeUrl: links.url(recipient.email),
      oneClickUnsubscribeUrl: links.oneClickUrl(recipient.email),
    });
    const mark = {
      relationshipId: relationship.id,
      userId: recipient.userId,
      weekStart: week.from,
      at: now.toISOString(),
    };
    const outboxId = await recordPerformanceMail(deps.db, mark, mail);
    // Another run (another server) marked this user first: its mail is the one.
    if (outboxId === null) continue;
    progress.mailed += 1;
    await deps.mailer.deliver(outboxId, mail);
  }
}

/**
 * One pass of the job: each account whose Monday morning it is mails the users not mailed yet for the
 * week. An account that fails is logged and the others still go; its users left are mailed next pass.
 */
export async function sendPerformanceEmails(
  deps: PerformanceEmailDeps,
  now: Date,
): Promise<{ accounts: number; mailed: number }> {
  const links = new UnsubscribeLinks(deps.secretKey, deps.publicUrl);
  let accounts = 0;
  const progress = { mailed: 0 };
  for (const relationship of await activeAccounts(deps.db)) {
    if (!receivesPerformanceMail(relationship)) continue;
    const week = dueWeek(relationship.timezone, now);
    if (!week) continue;
    try {
      const recipients = await unmailedRecipients(deps.db, relationship.id, week.from);
      if (recipients.length === 0) continue;
      accounts += 1;
      await mailAccount(deps, links, relationship, week, recipients, now, progress);
    } catch (error) {
      deps.log.error(
        { err: error, relationshipId: relationship.id, week: week.from },
        'performance mail: the account failed',
      );
    }
  }
  return { accounts, mailed: progress.mailed };
}
