import { EXCLUSION_EVENT } from '@veracity/contracts/collect';
import { z } from 'zod';
import { AdChannelError } from '../ad-channel-driver.js';

/**
 * TikTok's Business API v1.3 (`TIKTOK_ADS_API_URL`), the calls Veracity makes (issue 35): the token
 * exchange and its revocation, the advertisers a token reaches, an advertiser's pixels, its custom
 * audiences (the website traffic audience built on the pixel event `EXCLUSION_EVENT`), its ad groups
 * and their `excluded_audience_ids`. The token goes in the `Access-Token` header. TikTok answers HTTP
 * 200 with an envelope `{code, message, request_id, data}`; a code other than 0 becomes
 * AdChannelError: the token codes (40104, 40105) `reconnect`; the rate limit (40100) retried a
 * few times with doubling waits, then `rate_limited`; any other `refused` in TikTok's words.
 */

export interface TikTokAdsClientOptions {
  /** The API base before the version (default https://business-api.tiktok.com/open_api). */
  apiUrl: string;
  appId: string;
  secret: string;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const TOKEN_CODES = new Set([40104, 40105]);
const RATE_LIMIT_CODE = 40100;
const RETRIES = 3;

/** TikTok keeps a website audience's visitors 1 to 365 days. */
export const TIKTOK_RETENTION_DAYS = { min: 1, max: 365 } as const;

const zEnvelope = z.object({
  code: z.number(),
  message: z.string().default(''),
  request_id: z.string().optional(),
  data: z.unknown(),
});

const zPageInfo = z.object({ page: z.number(), total_page: z.number() }).partial();

const zAudience = z.object({
  audience_id: z.string(),
  name: z.string(),
  cover_num: z.number().optional(),
});

const zAdGroup = z.object({
  adgroup_id: z.string(),
  adgroup_name: z.string(),
  operation_status: z.string().default(''),
  excluded_audience_ids: z.array(z.string()).nullish(),
});

/** TikTok gives no figure while it computes the audience: then null. */
export function audienceSize(coverNum: number | undefined): number | null {
  return coverNum !== undefined && coverNum >= 0 ? coverNum : null;
}

type Fields = Record<string, unknown>;

export function createTikTokAdsClient(options: TikTokAdsClientOptions) {
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const base = `${options.apiUrl.replace(/\/+$/, '')}/v1.3`;
  const app = { app_id: options.appId, secret: options.secret };

  async function call<T>(
    token: string | null,
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    fields: Fields = {},
  ): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const url = new URL(`${base}${path}`);
      if (method === 'GET') {
        for (const [key, value] of Object.entries(fields))
          url.searchParams.set(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: {
            ...(token === null ? {} : { 'access-token': token }),
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          ...(method === 'POST' ? { body: JSON.stringify(fields) } : {}),
          signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
        });
      } catch (error) {
        throw new AdChannelError('unavailable', `TikTok did not answer: ${(error as Error).message}`);
      }
      const envelope = zEnvelope.safeParse(await response.json().catch(() => null));
      if (!response.ok || !envelope.success) {
        throw new AdChannelError('unavailable', `TikTok answered HTTP ${response.status}`);
      }
      const { code, message, data } = envelope.data;
      if (code === 0) {
        const parsed = schema.safeParse(data);
        if (!parsed.success) throw new AdChannelError('unavailable', `TikTok answered ${path} unexpectedly`);
        return parsed.data;
      }
      if (TOKEN_CODES.has(code)) throw new AdChannelError('reconnect', message);
      if (code === RATE_LIMIT_CODE) {
        if (attempt < RETRIES) {
          await sleep(1000 * 2 ** attempt);
          continue;
        }
        throw new AdChannelError(
          'rate_limited',
          'TikTok limits Veracity’s calls for this advertiser now; the next sync tries again.',
        );
      }
      if (code >= 50_000) throw new AdChannelError('unavailable', `TikTok failed: ${message}`);
      throw new AdChannelError('refused', `TikTok refused: ${message}`);
    }
  }

  /** Every page of a paged list (`page_info.total_page`). */
  async function pages<T>(
    token: string,
    path: string,
    key: string,
    item: z.ZodType<T>,
    fields: Fields,
    pageSize: number,
  ): Promise<T[]> {
    const schema = z.preprocess(
      (data) => {
        const answer = (data ?? {}) as Record<string, unknown>;
        return { items: answer[key] ?? [], page_info: answer.page_info };
      },
      z.object({ items: z.array(item), page_info: zPageInfo.optional() }),
    );
    const all: T[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await call(token, 'GET', path, schema, { ...fields, page, page_size: pageSize });
      all.push(...answer.items);
      if (page >= (answer.page_info?.total_page ?? 1)) return all;
    }
  }

  return {
    /** Exchanges the auth_code of TikTok's callback for a long-lived token (no refresh token). */
    accessToken: (authCode: string) =>
      call(
        null,
        'POST',
        '/oauth2/access_token/',
        z.object({ access_token: z.string().min(1), scope: z.array(z.unknown()).optional() }),
        { ...app, auth_code: authCode },
      ),

    revoke: (token: string) =>
      call(token, 'POST', '/oauth2/revoke_token/', z.unknown(), { ...app, access_token: token }),

    advertisers: (token: string) =>
      call(
        token,
        'GET',
        '/oauth2/advertiser/get/',
        z.object({ list: z.array(z.object({ advertiser_id: z.string(), advertiser_name: z.string() })) }),
        app,
      ).then((answer) => answer.list),

    pixelIds: (token: string, advertiserId: string) =>
      pages(
        token,
        '/pixel/list/',
        'pixels',
        z.object({ pixel_id: z.string(), pixel_code: z.string().optional() }),
        { advertiser_id: advertiserId },
        20,
      ).then((pixels) => pixels.map((pixel) => pixel.pixel_id)),

    audiences: (token: string, advertiserId: string) =>
      pages(token, '/dmp/custom_audience/list/', 'list', zAudience, { advertiser_id: advertiserId }, 100),

    /** The audience's details; null when TikTok lists none under that id. */
    audience: (token: string, advertiserId: string, audienceId: string) =>
      call(
        token,
        'GET',
        '/dmp/custom_audience/get/',
        z.object({ list: z.array(z.object({ audience_details: zAudience })) }),
        { advertiser_id: advertiserId, custom_audience_ids: [audienceId] },
      ).then((answer) => answer.list[0]?.audience_details ?? null),

    /** A website traffic audience (audience_type PIXEL) of the pixel's exclusion event, kept `days` days. */
    createAudience: (
      token: string,
      advertiserId: string,
      input: { name: string; pixelId: string; days: number },
    ) => {
      const { min, max } = TIKTOK_RETENTION_DAYS;
      if (!Number.isInteger(input.days) || input.days < min || input.days > max) {
        return Promise.reject(
          new AdChannelError('refused', `TikTok keeps an audience ${min} to ${max} days, not ${input.days}.`),
        );
      }
      return call(
        token,
        'POST',
        '/dmp/custom_audience/rule/create/',
        z.object({ custom_audience_id: z.coerce.string() }),
        {
          advertiser_id: advertiserId,
          custom_audience_name: input.name,
          audience_type: 'PIXEL',
          rule_spec: {
            inclusion_rule_set: {
              operator: 'OR',
              rules: [
                {
                  event_source_ids: [input.pixelId],
                  retention_days: input.days,
                  filter_set: {
                    operator: 'OR',
                    filters: [{ field: 'EVENT', operator: 'EQ', value: EXCLUSION_EVENT }],
                  },
                },
              ],
            },
          },
        },
      ).then((answer) => answer.custom_audience_id);
    },

    adGroups: (token: string, advertiserId: string) =>
      pages(
        token,
        '/adgroup/get/',
        'list',
        zAdGroup,
        {
          advertiser_id: advertiserId,
          fields: ['adgroup_id', 'adgroup_name', 'operation_status', 'excluded_audience_ids'],
        },
        1000,
      ),

    /** Writes an ad group's whole list of excluded audiences (TikTok replaces it: read, change, write). */
    setExcludedAudiences: (token: string, advertiserId: string, adGroupId: string, audienceIds: string[]) =>
      call(token, 'POST', '/adgroup/update/', z.unknown(), {
        advertiser_id: advertiserId,
        adgroup_id: adGroupId,
        excluded_audience_ids: audienceIds,
      }),
  };
}

export type TikTokAdsClient = ReturnType<typeof createTikTokAdsClient>;
