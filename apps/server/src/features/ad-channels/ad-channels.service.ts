import {
  AD_CHANNEL_NAMES,
  AD_CHANNEL_RETURN_PARAM,
  AD_CHANNEL_RETURN_REASON_PARAM,
  AD_CHANNEL_VIEWS,
  type AdChannel,
  type AdChannelProblem,
  type AdChannelState,
  EXCLUSION_AUDIENCE_NAME,
  EXCLUSION_AUDIENCE_RETENTION_DAYS,
} from '@veracity/contracts/ad-channels';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { type AdChannelDriver, AdChannelError } from '../../integrations/ad-channel-driver.js';
import { beginOAuthRoundTrip, finishOAuthRoundTrip } from '../../integrations/oauth/oauth-states.repo.js';
import { OAuthNotConnectedError, OAuthReconnectError } from '../../integrations/oauth/token-store.js';
import type { Services } from '../../services.js';
import { type AuditActor, audit } from '../account/audit.js';
import { mayStillLink } from '../account/linking-access.js';
import { CHANNEL_PROVIDERS, type ChannelRecord, channelState, parseRecord } from './ad-channel-record.js';
import { deleteChannelRow, findChannelRow, saveChannelRow } from './ad-channels.repo.js';

/**
 * The linking by API of Meta, Microsoft and TikTok (issue 35), the same for each through its
 * AdChannelDriver: consent, the ad account, the exclusion audience, the targets that exclude it, sync,
 * disconnect. A platform's refusal is kept as the state's `problem` and the call still answers the
 * state: the dashboard shows it with what to do.
 */
export type ChannelServices = Pick<Services, 'db' | 'clock' | 'adChannels'>;

export const callbackPath = (segment: string) => `/api/integrations/${segment}/oauth/callback`;

export async function readState(services: ChannelServices, channel: AdChannel, relationshipId: number) {
  const provider = CHANNEL_PROVIDERS[channel];
  const driver = services.adChannels.drivers[channel];
  const [row, connection] = await Promise.all([
    findChannelRow(services.db, relationshipId, provider),
    services.adChannels.tokens.status(relationshipId, provider),
  ]);
  return channelState({
    channel,
    configured: driver !== undefined,
    appId: driver?.appId ?? null,
    connection,
    record: parseRecord(row?.settings),
    lastSyncAt: row?.last_sync_at ?? null,
  });
}

function driverOf(services: ChannelServices, channel: AdChannel): AdChannelDriver {
  const driver = services.adChannels.drivers[channel];
  if (!driver) throw new ApiError(503, `${AD_CHANNEL_NAMES[channel]} is not configured on this server`);
  return driver;
}

export async function startConnect(
  services: ChannelServices,
  channel: AdChannel,
  actor: AuditActor,
  returnPath: string,
  redirectUri: string,
): Promise<string> {
  const driver = driverOf(services, channel);
  const state = await beginOAuthRoundTrip(services.db, services.clock.now(), {
    relationshipId: actor.relationshipId,
    userId: actor.actorUserId,
    provider: CHANNEL_PROVIDERS[channel],
    returnPath,
  });
  await audit(services.db, { ...actor, action: 'ad_channel.connect_started', detail: { channel } });
  return driver.oauth.authorizeUrl({ state, redirectUri });
}

function withOutcome(path: string, outcome: string, reason?: string): string {
  const url = new URL(path, 'http://dashboard.invalid');
  url.searchParams.set(AD_CHANNEL_RETURN_PARAM, outcome);
  if (reason) url.searchParams.set(AD_CHANNEL_RETURN_REASON_PARAM, reason);
  return `${url.pathname}${url.search}`;
}

/**
 * The OAuth callback: takes the state once, checks the person may still link (the account's plan,
 * their permission, not the demo), exchanges the code, stores the grant and lists the ad accounts.
 * Answers the dashboard path to redirect to, with `adChannel=linked|error&reason=…`.
 */
export async function finishConnect(
  services: ChannelServices,
  channel: AdChannel,
  log: FastifyBaseLogger,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  redirectUri: string,
  ip: string | null,
  fallback: string,
): Promise<string> {
  const provider = CHANNEL_PROVIDERS[channel];
  const taken = await finishOAuthRoundTrip(services.db, services.clock.now(), provider, query.state);
  if (!taken) return withOutcome(fallback, 'error', 'invalid_state');
  const back = (outcome: string, reason?: string) => withOutcome(taken.return_path, outcome, reason);
  if (query.error || !query.code) return back('error', 'access_denied');
  if (!(await mayStillLink(services.db, taken, AD_CHANNEL_VIEWS[channel])))
    return back('error', 'access_denied');
  const driver = services.adChannels.drivers[channel];
  if (!driver) return back('error', 'not_configured');
  const actor: AuditActor = { actorUserId: taken.user_id, relationshipId: taken.relationship_id, ip };
  try {
    const tokens = await driver.oauth.exchangeCode({ code: query.code, redirectUri });
    await services.adChannels.tokens.save({
      relationshipId: taken.relationship_id,
      provider,
      tokens,
      connectedBy: taken.user_id,
    });
  } catch (error) {
    log.warn(
      { relationshipId: taken.relationship_id, channel, error: (error as Error).name },
      'ad channel code exchange failed',
    );
    return back('error', 'exchange_failed');
  }
  await audit(services.db, { ...actor, action: 'ad_channel.connected', detail: { channel } });
  const record = await loadRecord(services, channel, taken.relationship_id);
  await withPlatform(services, channel, taken.relationship_id, log, record, async (token) => {
    record.accounts = await driver.listAccounts(token);
    if (record.account && !record.accounts.some((account) => account.id === record.account?.id)) {
      record.account = null;
      record.audience = null;
      record.targets = [];
      record.chosenTargetIds = [];
    }
  });
  return back('linked');
}

async function loadRecord(services: ChannelServices, channel: AdChannel, relationshipId: number) {
  const row = await findChannelRow(services.db, relationshipId, CHANNEL_PROVIDERS[channel]);
  return { ...parseRecord(row?.settings), lastSyncAt: row?.last_sync_at ?? null };
}

/**
 * Runs `work` with a valid token and saves the record: a token the platform refuses is renewed once
 * (a provider with refresh tokens) before the connection turns to "reconnect"; a refusal is kept as
 * the record's problem; success clears it.
 */
async function withPlatform(
  services: ChannelServices,
  channel: AdChannel,
  relationshipId: number,
  log: FastifyBaseLogger,
  record: ChannelRecord & { lastSyncAt: string | null },
  work: (token: string) => Promise<void>,
  synced = false,
): Promise<void> {
  const provider = CHANNEL_PROVIDERS[channel];
  const tokens = services.adChannels.tokens;
  const now = services.clock.now().toISOString();
  const problem = (code: AdChannelProblem['code'], message: string, link: string | null = null) => {
    record.problem = { code, message, link, at: now };
  };
  try {
    try {
      await work(await tokens.accessToken(relationshipId, provider));
    } catch (error) {
      if (!(error instanceof AdChannelError && error.code === 'reconnect')) throw error;
      await work(await tokens.renewAccessToken(relationshipId, provider));
    }
    record.problem = null;
    if (synced) record.lastSyncAt = now;
  } catch (error) {
    if (error instanceof OAuthNotConnectedError) throw ApiError.conflict('Connect the platform first');
    if (
      error instanceof OAuthReconnectError ||
      (error instanceof AdChannelError && error.code === 'reconnect')
    ) {
      problem(
        'reconnect',
        'The platform no longer accepts Veracity’s access: reconnect to keep the exclusion in step.',
      );
    } else if (error instanceof AdChannelError) {
      problem(error.code, error.message, error.link);
    } else {
      log.warn({ relationshipId, channel, error: (error as Error).name }, 'ad channel call failed');
      problem('unavailable', 'The platform did not answer. Veracity tries again at the next sync.');
    }
  }
  const { lastSyncAt, ...kept } = record;
  await saveChannelRow(services.db, relationshipId, provider, {
    settings: JSON.stringify(kept),
    lastSyncAt,
    at: now,
  });
}

/** Re-reads the audience and the targets; attaches the audience again where the user chose it. */
async function refresh(driver: AdChannelDriver, token: string, record: ChannelRecord): Promise<void> {
  const account = record.account;
  if (!account) return;
  if (record.audience) {
    const current = await driver.audience(token, account.id, record.audience.id);
    record.audience = current;
  }
  if (!record.audience) {
    record.audience = await driver.ensureAudience(token, account.id, {
      name: EXCLUSION_AUDIENCE_NAME,
      retentionDays: EXCLUSION_AUDIENCE_RETENTION_DAYS,
    });
  }
  const audienceId = record.audience.id;
  let targets = await driver.listTargets(token, account.id);
  const chosen = new Set(record.chosenTargetIds.filter((id) => targets.some((target) => target.id === id)));
  let changed = false;
  for (const target of targets) {
    const excluded = target.excludedAudienceIds.includes(audienceId);
    if (excluded !== chosen.has(target.id)) {
      await driver.setExclusion(token, account.id, target, audienceId, chosen.has(target.id));
      changed = true;
    }
  }
  if (changed) targets = await driver.listTargets(token, account.id);
  record.chosenTargetIds = [...chosen];
  record.targets = targets.map((target) => ({
    id: target.id,
    name: target.name,
    status: target.status,
    excluded: target.excludedAudienceIds.includes(audienceId),
  }));
}

export type ChannelChange =
  | { kind: 'account'; accountId: string }
  | { kind: 'exclusions'; targetIds: string[] }
  | { kind: 'sync' };

/** PUT account, PUT exclusions, POST sync: the change, then the platform brought in step with it. */
export async function changeChannel(
  services: ChannelServices,
  channel: AdChannel,
  actor: AuditActor,
  log: FastifyBaseLogger,
  change: ChannelChange,
): Promise<AdChannelState> {
  const driver = driverOf(services, channel);
  const record = await loadRecord(services, channel, actor.relationshipId);
  if (change.kind === 'account') {
    const account = record.accounts.find((item) => item.id === change.accountId);
    if (!account) throw ApiError.fields([{ field: 'accountId', code: 'NOT_FOUND' }]);
    if (record.account?.id !== account.id) {
      record.account = account;
      record.audience = null;
      record.targets = [];
      record.chosenTargetIds = [];
    }
  } else if (change.kind === 'exclusions') {
    if (!record.account) throw ApiError.conflict('Choose the ad account first');
    const known = new Set(record.targets.map((target) => target.id));
    const unknown = change.targetIds.filter((id) => !known.has(id));
    if (unknown.length > 0) throw ApiError.fields([{ field: 'targetIds', code: 'NOT_FOUND' }]);
    record.chosenTargetIds = [...new Set(change.targetIds)];
  }
  await withPlatform(
    services,
    channel,
    actor.relationshipId,
    log,
    record,
    async (token) => {
      if (change.kind === 'sync') record.accounts = await driver.listAccounts(token);
      await refresh(driver, token, record);
    },
    true,
  );
  await audit(services.db, {
    ...actor,
    action: `ad_channel.${change.kind}`,
    detail: {
      channel,
      ...(change.kind === 'account' ? { accountId: change.accountId } : {}),
      ...(change.kind === 'exclusions' ? { targetIds: change.targetIds.join(',') } : {}),
    },
  });
  return readState(services, channel, actor.relationshipId);
}

/** The scheduled sync of one connected channel (jobs/ad-channels-sync.ts): no audit, no actor. */
export async function syncChannel(
  services: ChannelServices,
  channel: AdChannel,
  relationshipId: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const driver = services.adChannels.drivers[channel];
  if (!driver) return;
  const record = await loadRecord(services, channel, relationshipId);
  if (!record.account) return;
  await withPlatform(
    services,
    channel,
    relationshipId,
    log,
    record,
    (token) => refresh(driver, token, record),
    true,
  );
}

/** DELETE: revokes the grant (best effort) and forgets the channel; the audience stays on the platform. */
export async function disconnect(
  services: ChannelServices,
  channel: AdChannel,
  actor: AuditActor,
): Promise<AdChannelState> {
  const provider = CHANNEL_PROVIDERS[channel];
  await services.adChannels.tokens.revokeAndDelete(actor.relationshipId, provider);
  await deleteChannelRow(services.db, actor.relationshipId, provider);
  await audit(services.db, { ...actor, action: 'ad_channel.disconnected', detail: { channel } });
  return readState(services, channel, actor.relationshipId);
}
