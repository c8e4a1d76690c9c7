import { describe, expect, it } from 'vitest';
import {
  fillPostbackUrl,
  POSTBACK_MACROS,
  postbackMacrosIn,
  postbackUrlProblem,
  zPostbackUrlTemplate,
} from './postbacks.js';

describe('postback macros', () => {
  it('lists clickid, payout, status, subPublisher and var1 to var20 once each', () => {
    expect(POSTBACK_MACROS).toEqual(
      expect.arrayContaining(['clickid', 'payout', 'status', 'subPublisher', 'var1', 'var20']),
    );
    expect(POSTBACK_MACROS).not.toContain('var21');
    expect(new Set(POSTBACK_MACROS.map((name) => name.toLowerCase())).size).toBe(POSTBACK_MACROS.length);
  });

  it('fills every known macro, URL-encoding each value', () => {
    const url = fillPostbackUrl(
      'https://tracker.example/pb?cid={clickid}&sum={payout}&st={status}&sp={subPublisher}&v1={var1}&v20={var20}',
      {
        clickid: 'a b&c=d',
        payout: 12.5,
        status: 'approved',
        subPublisher: 'site/1?x#y',
        var1: 'ü€',
        var20: '%41',
      },
    );
    expect(url).toBe(
      'https://tracker.example/pb?cid=a%20b%26c%3Dd&sum=12.5&st=approved&sp=site%2F1%3Fx%23y&v1=%C3%BC%E2%82%AC&v20=%2541',
    );
  });

  it('matches names without regard to case, empties known macros without a value, keeps unknown ones', () => {
    expect(
      fillPostbackUrl(
        'http://t.example/{CLICKID}/{clickId}?p={payout}&s={subpublisher}&u={unknown}&v={var3}',
        {
          clickid: 'x1',
          subPublisher: 'sp',
          var3: null,
        },
      ),
    ).toBe('http://t.example/x1/x1?p=&s=sp&u={unknown}&v=');
  });

  it('encodes a value that would change where the URL goes', () => {
    const filled = fillPostbackUrl('https://tracker.example/{var1}?c={clickid}', {
      var1: '..//@evil.example',
      clickid: 'x#frag',
    });
    expect(filled).toBe('https://tracker.example/..%2F%2F%40evil.example?c=x%23frag');
    expect(new URL(filled).hostname).toBe('tracker.example');
    // In the host, an encoded value makes the URL invalid rather than point elsewhere.
    expect(
      () => new URL(fillPostbackUrl('https://{var1}.tracker.example/', { var1: 'evil.example/' })),
    ).toThrow();
  });

  it('names the macros a template uses', () => {
    expect(postbackMacrosIn('https://t.example/?a={clickid}&b={PAYOUT}&c={clickid}&d={nope}')).toEqual([
      'clickid',
      'payout',
    ]);
  });
});

describe('postback URL templates', () => {
  it.each([
    ['https://tracker.example/pb?clickid={clickid}&payout={payout}', undefined],
    ['http://203.0.113.9:8080/postback?c={clickid}', undefined],
    ['ftp://tracker.example/{clickid}', 'must be an http or https URL'],
    ['https://user:pw@tracker.example/', 'must not carry a user name or password'],
    [
      'tracker.example/pb',
      'must be an absolute URL such as https://tracker.example/postback?clickid={clickid}',
    ],
    [`https://tracker.example/long${'a'.repeat(2048)}`.slice(0, 2049), 'must be at most 2048 characters'],
  ])('%s', (template, problem) => {
    expect(postbackUrlProblem(template)).toBe(problem);
    expect(zPostbackUrlTemplate.safeParse(template).success).toBe(problem === undefined);
  });
});
