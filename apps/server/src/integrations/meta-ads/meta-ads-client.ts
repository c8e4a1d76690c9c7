import { EXCLUSION_EVENT } from '@veracity/contracts/collect';
import { z } from 'zod';
import { AdChannelError } from '../ad-channel-driver.js';

/**
 * Meta's Marketing API (Graph, `META_GRAPH_VERSION`), the calls Veracity makes (issue 35): the ad
 * accounts of the user, an account's pixels, its custom audiences (the website audience built on the
 * pixel event `EXCLUSION_EVENT`), its ad sets and their targeting (`excluded_custom_audiences`).
 * Graph errors `{error: {code, error_subcode, message}}` become AdChannelError: #190 (the token)
 * `reconnect`; #2663 (custom audience terms not accepted) `terms` with the page to accept them; the
 * rate limits (#4, #17, #32, #613, #80004) retried a few times with doubling waits, then `rate_limited`;
 * any other `refused` in Meta's words.
 */

export interface MetaAdsClientOptions {
  graphUrl: string;
  version: string;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80004]);
const RETRIES = 3;

const zGraphError = z.object({
  error: z.object({ message: z.string(), code: z.number(), error_subcode: z.number().optional() }),
});

const zAudience = z.object({
  id: z.string(),
  name: z.string(),
  approximate_count_lower_bound: z.number().optional(),
});

const zTargeting = z.record(z.string(), z.unknown());

/** Meta reports no size below its threshold (-1) or while populating: then null. */
export function audienceSize(lowerBound: number | undefined): number | null {
  return lowerBound !== undefined && lowerBound >= 0 ? lowerBound : null;
}

export const termsLink = (accountId: string) =>
  `https://business.facebook.com/ads/manage/customaudiences/tos/?act=${encodeURIComponent(accountId)}`;

export function createMetaAdsClient(options: MetaAdsClientOptions) {
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const base = `${options.graphUrl.replace(/\/+$/, '')}/${options.version}`;

  async function graph<T>(
    token: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: z.ZodType<T>,
    fields: Record<string, string> = {},
    accountId = '',
  ): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const url = new URL(`${base}${path}`);
      if (method === 'GET')
        for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(method === 'POST' ? { body: new URLSearchParams(fields) } : {}),
          signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
        });
      } catch (error) {
        throw new AdChannelError('unavailable', `Meta did not answer: ${(error as Error).message}`);
      }
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        body = null;
      }
      if (response.ok) {
        const parsed = schema.safeParse(body);
        if (!parsed.success) throw new AdChannelError('unavailable', `Meta answered ${path} unexpectedly`);
        return parsed.data;
      }
      const error = zGraphError.safeParse(body);
      if (!error.success) throw new AdChannelError('unavailable', `Meta answered HTTP ${response.status}`);
      const { code, message } = error.data.error;
      if (code === 190) throw new AdChannelError('reconnect', message);
      if (code === 2663) {
        throw new AdChannelError(
          'terms',
          'Accept Meta’s custom audience terms for this ad account: Meta refuses to create the audience until then.',
          termsLink(accountId),
        );
      }
      if (RATE_LIMIT_CODES.has(code)) {
        if (attempt < RETRIES) {
          await sleep(2000 * 2 ** attempt);
          continue;
        }
        throw new AdChannelError(
          'rate_limited',
          'Meta limits Veracity’s calls for this ad account now; the next sync tries again.',
        );
      }
      if (response.status >= 500) throw new AdChannelError('unavailable', message);
      throw new AdChannelError('refused', `Meta refused: ${message}`);
    }
  }

  const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

  return {
    adAccounts: (token: string) =>
      graph(
        token,
        'GET',
        '/me/adaccounts',
        list(z.object({ account_id: z.string(), name: z.string(), currency: z.string().optional() })),
        { fields: 'account_id,name,currency,account_status', limit: '200' },
      ).then((answer) => answer.data),

    pixelIds: (token: string, accountId: string) =>
      graph(token, 'GET', `/act_${accountId}/adspixels`, list(z.object({ id: z.string() })), {
        fields: 'id,name',
      }).then((answer) => answer.data.map((pixel) => pixel.id)),

    audiences: (token: string, accountId: string) =>
      graph(token, 'GET', `/act_${accountId}/customaudiences`, list(zAudience), {
        fields: 'id,name,approximate_count_lower_bound',
        limit: '500',
      }).then((answer) => answer.data),

    audience: (token: string, audienceId: string) =>
      graph(token, 'GET', `/${audienceId}`, zAudience, { fields: 'id,name,approximate_count_lower_bound' }),

    /** A website custom audience of the pixel's exclusion event, kept `days` days. */
    createAudience: (
      token: string,
      accountId: string,
      input: { name: string; pixelId: string; days: number },
    ) =>
      graph(
        token,
        'POST',
        `/act_${accountId}/customaudiences`,
        z.object({ id: z.string() }),
        {
          name: input.name,
          description: 'Visitors Veracity found invalid (the sensor’s pixel event).',
          prefill: 'true',
          rule: JSON.stringify({
            inclusions: {
              operator: 'or',
              rules: [
                {
                  event_sources: [{ id: input.pixelId, type: 'pixel' }],
                  retention_seconds: input.days * 86_400,
                  filter: {
                    operator: 'and',
                    filters: [{ field: 'event', operator: 'eq', value: EXCLUSION_EVENT }],
                  },
                },
              ],
            },
          }),
        },
        accountId,
      ).then((answer) => answer.id),

    adSets: (token: string, accountId: string) =>
      graph(
        token,
        'GET',
        `/act_${accountId}/adsets`,
        list(
          z.object({
            id: z.string(),
            name: z.string(),
            effective_status: z.string(),
            targeting: zTargeting.optional(),
          }),
        ),
        { fields: 'id,name,effective_status,targeting', limit: '500' },
      ).then((answer) => answer.data),

    /** Writes an ad set's whole targeting (Graph replaces it: read, change, write). */
    setTargeting: (token: string, adSetId: string, targeting: Record<string, unknown>) =>
      graph(token, 'POST', `/${adSetId}`, z.object({ success: z.boolean() }), {
        targeting: JSON.stringify(targeting),
      }),

    revoke: (token: string) => graph(token, 'DELETE', '/me/permissions', z.object({ success: z.boolean() })),
  };
}

export type MetaAdsClient = ReturnType<typeof createMetaAdsClient>;
