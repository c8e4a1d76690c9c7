import type { AdChannel, AdChannelAccount, AdChannelProblem } from '@veracity/contracts/ad-channels';
import type { OAuthProvider } from './oauth/oauth-provider.js';

/**
 * What Veracity needs of an ad platform to run the exclusion its wizard teaches (issue 35): list the
 * ad accounts a grant reaches, find or create the audience built from the sensor's exclusion event,
 * read its size, list the things an audience is excluded on (Meta ad sets, Microsoft campaigns, TikTok
 * ad groups) and attach or detach it. One implementation a platform (`integrations/<platform>/`), over
 * that platform's small client; `features/ad-channels/` drives them all the same way.
 *
 * Every method takes a valid access token (the token store refreshes it) and throws
 * {@link AdChannelError} for what the platform refused; anything else is a bug or an outage.
 */
export interface AdChannelDriver {
  readonly channel: AdChannel;
  /** The platform's OAuth flow (authorize URL, code exchange, refresh, revoke). */
  readonly oauth: OAuthProvider;
  /** The client id this server links through (Meta's app id is shown; spec 02 §3). */
  readonly appId: string;
  listAccounts(token: string): Promise<AdChannelAccount[]>;
  /**
   * Veracity's exclusion audience on the account: found by name, else created from the platform's
   * pixel / UET tag event `EXCLUSION_EVENT` with the given retention. Throws `refused` when the account
   * has no pixel or tag to build it from.
   */
  ensureAudience(
    token: string,
    accountId: string,
    input: { name: string; retentionDays: number },
  ): Promise<DriverAudience>;
  /** The audience as the platform reports it now; null when it was deleted there. */
  audience(token: string, accountId: string, audienceId: string): Promise<DriverAudience | null>;
  /** The account's ad sets / campaigns / ad groups, with the audiences each excludes. */
  listTargets(token: string, accountId: string): Promise<DriverTarget[]>;
  /** Adds (or removes) the audience to (from) the target's excluded audiences, keeping the others. */
  setExclusion(
    token: string,
    accountId: string,
    target: DriverTarget,
    audienceId: string,
    excluded: boolean,
  ): Promise<void>;
}

export interface DriverAudience {
  id: string;
  name: string;
  /** People in it as the platform reports; null when the platform gives no figure yet. */
  size: number | null;
}

export interface DriverTarget {
  id: string;
  name: string;
  status: string;
  excludedAudienceIds: string[];
}

/**
 * The platform refused a call. `reconnect`: the token is expired or revoked (after one renewal);
 * `terms`: Meta's custom audience terms are not accepted (#2663), `link` says where to accept them;
 * `rate_limited`: still limited after the client's back-off; `refused`: any other refusal, in the
 * platform's words; `unavailable`: the platform did not answer.
 */
export class AdChannelError extends Error {
  override name = 'AdChannelError';
  constructor(
    readonly code: AdChannelProblem['code'],
    message: string,
    readonly link: string | null = null,
  ) {
    super(message);
  }
}
