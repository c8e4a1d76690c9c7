import { S2S_HITS_PATH, S2S_MAX_FORWARDED_HEADERS } from '@veracity/contracts/s2s';
import { describe, expect, it } from 'vitest';
import {
  CHROME,
  CHROME_HEADERS,
  HOME_IP,
  ingestAppPerTest,
  s2s,
  storedRows,
} from '../test-support/ingest-fixtures.js';

/**
 * S2S hits that forward the visitor's request headers (`headersForwarded`, issue 38 §5): the
 * browser-header checks run on them as on the collector, through the real S2S route.
 */

const ingest = ingestAppPerTest();

const LANDING = 'https://shop.example.com/offer?msclkid=abc123&utm_source=bing&utm_medium=cpc';

/** A real Chrome's navigation to the landing page, every header in the order Chrome sends them. */
const CHROME_NAVIGATION: [string, string][] = [
  ['host', 'shop.example.com'],
  ['connection', 'keep-alive'],
  ['sec-ch-ua', CHROME_HEADERS['sec-ch-ua']],
  ['sec-ch-ua-mobile', '?0'],
  ['sec-ch-ua-platform', '"Windows"'],
  ['upgrade-insecure-requests', '1'],
  ['user-agent', CHROME],
  [
    'accept',
    'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
  ],
  ['sec-fetch-site', 'cross-site'],
  ['sec-fetch-mode', 'navigate'],
  ['sec-fetch-user', '?1'],
  ['sec-fetch-dest', 'document'],
  ['referer', 'https://www.bing.com/'],
  ['accept-encoding', 'gzip, deflate, br, zstd'],
  ['accept-language', 'es-ES,es;q=0.9,en;q=0.8'],
  ['cookie', '_ga=GA1.1.1234; session=abc'],
];

/** What `got` sends with a copied Chrome agent: no client hints, no Sec-Fetch, no languages. */
const GOT_WITH_CHROME_AGENT: [string, string][] = [
  ['user-agent', CHROME],
  ['accept', 'application/json'],
  ['accept-encoding', 'gzip, deflate, br'],
  ['host', 'shop.example.com'],
  ['connection', 'close'],
];

const hit = (changes: Record<string, unknown>) => ({
  ip: HOME_IP,
  userAgent: CHROME,
  url: LANDING,
  referrer: 'https://www.bing.com/',
  ...changes,
});

interface Answer {
  riskLevel: string;
  threats: { id: string }[];
}
async function verdictOf(body: Record<string, unknown>): Promise<Answer & { ids: string[] }> {
  const response = await s2s(ingest.t, ingest.tenant, S2S_HITS_PATH, body);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json() as Answer;
  return { ...answer, ids: answer.threats.map((threat) => threat.id).sort() };
}

describe('S2S hits that forward the visitor’s headers', () => {
  it('catch an HTTP client with a copied Chrome agent and no client hints, and store the reasons', async () => {
    const got = await verdictOf(
      hit({ id: 'click-got', headersForwarded: true, headers: GOT_WITH_CHROME_AGENT }),
    );
    expect(got.ids).toEqual(['ua:missing_browser_headers', 'ua:missing_forwarded_headers']);
    expect(got.riskLevel).toBe('medium');
    const row = (await storedRows(ingest.t, 'hits', ['click-got'])).get('click-got');
    expect(row).toMatchObject({ risk_level: 'medium' });
    expect([...((row?.threats ?? []) as string[])].sort()).toEqual(got.ids);
  });

  it('leave a real Chrome alone, its headers sent as a list in order or as an object in any case', async () => {
    expect(await verdictOf(hit({ headersForwarded: true, headers: CHROME_NAVIGATION }))).toMatchObject({
      riskLevel: 'low',
      threats: [],
    });
    // PHP's getallheaders(): an object with the names as the browser spelled them.
    const asPhpGivesThem = Object.fromEntries(
      CHROME_NAVIGATION.map(([name, value]) => [name.replace(/(^|-)[a-z]/g, (s) => s.toUpperCase()), value]),
    );
    expect(await verdictOf(hit({ headersForwarded: true, headers: asPhpGivesThem }))).toMatchObject({
      riskLevel: 'low',
      threats: [],
    });
  });

  it('compare the forwarded client hints with the agent, as the collector does', async () => {
    const headers = CHROME_NAVIGATION.map(([name, value]): [string, string] =>
      name === 'sec-ch-ua-platform' ? [name, '"macOS"'] : [name, value],
    );
    expect((await verdictOf(hit({ headersForwarded: true, headers }))).ids).toEqual([
      'ua:client_hints_mismatch',
    ]);
  });

  it('count a declaration without headers as a request without them', async () => {
    expect((await verdictOf(hit({ headersForwarded: true }))).ids).toEqual([
      'ua:missing_browser_headers',
      'ua:missing_forwarded_headers',
    ]);
    expect((await verdictOf(hit({ headersForwarded: true, headers: [] }))).ids).toContain(
      'ua:missing_forwarded_headers',
    );
  });

  it('refuse no odd value within the limits: unknown headers ignored, long values cut, others not sent', async () => {
    const odd = await verdictOf(
      hit({
        headersForwarded: true,
        headers: [
          ...CHROME_NAVIGATION,
          ['accept-language', 'x'.repeat(9_000)],
          ['X-Custom', { nested: [1, 2] }],
          ['constructor', 'x'],
          ['__proto__', 'x'],
          ['sec-ch-ua-mobile', 1],
          ['Accept', ['text/html', '*/*']],
        ],
      }),
    );
    expect(odd).toMatchObject({ riskLevel: 'low', threats: [] });
    // The same names as an object's keys, as JSON.parse gives them (own keys, `__proto__` included).
    const asObject = `{"ip":"${HOME_IP}","userAgent":"${CHROME}","url":"${LANDING}","headersForwarded":true,"headers":{"constructor":"x","__proto__":"x","toString":"x"}}`;
    const answered = await s2s(ingest.t, ingest.tenant, S2S_HITS_PATH, asObject);
    expect(answered.statusCode, answered.body).toBe(200);
    const tooMany = Array.from({ length: S2S_MAX_FORWARDED_HEADERS + 1 }, (_, i) => [`x-h${i}`, 'v']);
    const refused = await s2s(
      ingest.t,
      ingest.tenant,
      S2S_HITS_PATH,
      hit({ headersForwarded: true, headers: tooMany }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual([expect.objectContaining({ field: 'headers' })]);
  });
});

describe('S2S hits without the declaration', () => {
  it('keep today’s behaviour: headers the customer picked are compared, never missed', async () => {
    expect(await verdictOf(hit({}))).toMatchObject({ riskLevel: 'low', threats: [] });
    expect(
      await verdictOf(hit({ headers: { 'accept-language': 'es-ES', 'sec-ch-ua-platform': '"Windows"' } })),
    ).toMatchObject({ riskLevel: 'low', threats: [] });
  });

  it('refuse the visitor’s whole header set, so it is never taken silently for a picked one', async () => {
    const whole = Object.fromEntries(GOT_WITH_CHROME_AGENT);
    const asObject = await s2s(ingest.t, ingest.tenant, S2S_HITS_PATH, hit({ headers: whole }));
    expect(asObject.statusCode).toBe(400);
    expect(asObject.json()).toEqual([expect.objectContaining({ field: 'headers' })]);
    const asList = await s2s(ingest.t, ingest.tenant, S2S_HITS_PATH, hit({ headers: GOT_WITH_CHROME_AGENT }));
    expect(asList.statusCode).toBe(400);
    const tooLong = await s2s(
      ingest.t,
      ingest.tenant,
      S2S_HITS_PATH,
      hit({ headers: { 'accept-language': 'x'.repeat(513) } }),
    );
    expect(tooLong.json()).toEqual([{ code: 'MAX_LENGTH', field: 'headers.accept-language', value: 512 }]);
  });
});
