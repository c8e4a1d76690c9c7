import { zAssessment, zAssessmentInput } from '@veracity/contracts/detection';
import { THREAT_REASON_IDS } from '@veracity/contracts/threat-reasons';
import { describe, expect, it } from 'vitest';
import { assess, engagementReasons, tier, withReasons } from './assess.js';
import { clickToConversionReasons } from './conversion.js';
import { isPaidLanding } from './paid.js';
import { REASON_POLICY, TIER_THRESHOLDS } from './policy.js';
import { loadedHidden } from './render.js';
import { aHit, type HitChanges, MAC_WEBGL } from './test-support/hits.js';

const reason = (id: keyof typeof REASON_POLICY, weight = REASON_POLICY[id].weight) => ({
  id,
  category: id.slice(0, id.indexOf(':')) as never,
  weight,
});

describe('tiering', () => {
  it('a legitimate visit is low with no reasons', () => {
    const result = assess(aHit());
    expect(result).toEqual({ riskLevel: 'low', score: 0, reasons: [], allowListed: false });
    expect(zAssessment.parse(result)).toEqual(result);
  });

  it('a decisive reason alone is high', () => {
    for (const id of THREAT_REASON_IDS.filter((candidate) => REASON_POLICY[candidate].decisive)) {
      expect(tier([reason(id)]).riskLevel).toBe('high');
    }
  });

  it('reasons of one category never reach high, however many', () => {
    const result = tier([
      reason('ua:impossible_version'),
      reason('ua:client_hints_mismatch'),
      reason('ua:missing_browser_headers'),
    ]);
    expect(result.score).toBeGreaterThanOrEqual(TIER_THRESHOLDS.high);
    expect(result.riskLevel).toBe('medium');
  });

  it('reasons of two categories reaching the high threshold are high; below it medium; weak evidence low', () => {
    expect(
      tier([reason('network:datacenter'), reason('automation:inconsistent_environment')]).riskLevel,
    ).toBe('high');
    expect(tier([reason('network:datacenter'), reason('consistency:timezone_country')]).riskLevel).toBe(
      'medium',
    );
    expect(tier([reason('consistency:timezone_country')]).riskLevel).toBe('low');
  });

  it('caps the score at 100 and lists the heaviest reasons first', () => {
    const result = tier([
      reason('consistency:screen'),
      reason('automation:webdriver'),
      reason('network:datacenter'),
    ]);
    expect(result.score).toBe(100);
    expect(result.reasons.map((found) => found.id)).toEqual([
      'automation:webdriver',
      'network:datacenter',
      'consistency:screen',
    ]);
  });

  it('no single non-decisive reason is high by itself', () => {
    for (const id of THREAT_REASON_IDS.filter((candidate) => !REASON_POLICY[candidate].decisive)) {
      expect(tier([reason(id)]).riskLevel).not.toBe('high');
    }
  });
});

describe('nothing the client sends claims a verdict', () => {
  it('sensor fields named like verdicts are dropped by the contract and ignored by the engine', () => {
    const claimed = {
      ...aHit({ sensor: { webdriver: true } }),
      riskLevel: 'low',
      allowListed: true,
    };
    const sensorWithClaims = {
      ...claimed.sensor,
      riskLevel: 'low',
      isBot: false,
      verdict: 'legitimate',
      score: 0,
    };
    const parsed = zAssessmentInput.parse({ ...claimed, sensor: sensorWithClaims });
    expect(parsed.sensor).not.toHaveProperty('riskLevel');
    expect(parsed.sensor).not.toHaveProperty('verdict');
    expect(assess(parsed).riskLevel).toBe('high');
    // Even unparsed, the engine reads only raw signals.
    expect(assess({ ...claimed, sensor: sensorWithClaims } as never).riskLevel).toBe('high');
  });
});

describe('false positives users report must not be invalid on that evidence alone', () => {
  it('real Brave: generic Chrome agent, navigator.brave, farbled plugins', () => {
    const result = assess(
      aHit({
        request: { secChUa: '"Brave";v="153", "Chromium";v="153", "Not.A/Brand";v="99"' },
        sensor: { brave: true, pluginsCount: 0, mimeTypesCount: 0, hardwareConcurrency: 2 },
      }),
    );
    expect(result.riskLevel).toBe('low');
  });

  it('Edge on macOS', () => {
    const edge =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/153.0.0.0 Safari/537.36 Edg/153.0.3405.80';
    const result = assess(
      aHit({
        request: {
          userAgent: edge,
          secChUa: '"Microsoft Edge";v="153", "Chromium";v="153"',
          secChUaPlatform: '"macOS"',
        },
        enrichment: { browser: 'Microsoft Edge', os: 'Mac OS' },
        sensor: {
          userAgent: edge,
          platform: 'MacIntel',
          screen: { width: 1512, height: 982 },
          window: { innerWidth: 1512, innerHeight: 862, outerWidth: 1512, outerHeight: 945 },
          devicePixelRatio: 2,
          webgl: MAC_WEBGL,
        },
      }),
    );
    expect(result.riskLevel).toBe('low');
  });

  it('Firefox with devtools open', () => {
    const firefox = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:156.0) Gecko/20100101 Firefox/156.0';
    const result = assess(
      aHit({
        request: { userAgent: firefox, secChUa: null, secChUaMobile: null, secChUaPlatform: null },
        sensor: {
          userAgent: firefox,
          platform: 'MacIntel',
          chromeObject: false,
          window: { innerWidth: 1440, innerHeight: 310, outerWidth: 1440, outerHeight: 875 },
          screen: { width: 1440, height: 900 },
        },
      }),
    );
    expect(result.riskLevel).toBe('low');
  });

  it.each([
    [
      'Facebook',
      ' [FBAN/FBIOS;FBDV/iPhone15,3;FBMD/iPhone;FBSN/iOS;FBSV/18.7;FBSS/3;FBID/phone;FBLC/es_ES;FBOP/5;FBAV/480.0.0.41.103]',
    ],
    [
      'Instagram',
      ' Instagram 360.0.0.30.109 (iPhone15,3; iOS 18_7; es_ES; es; scale=3.00; 1290x2796; 672535977)',
    ],
    [
      'TikTok',
      ' musical_ly_41.3.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/es Region/ES BytedanceWebview/d8a21c6',
    ],
  ])('in-app browser %s with an odd window', (_name, suffix) => {
    const ua = `Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148${suffix}`;
    const result = assess(
      aHit({
        request: { userAgent: ua, secChUa: null, secChUaMobile: null, secChUaPlatform: null },
        sensor: {
          userAgent: ua,
          platform: 'iPhone',
          chromeObject: false,
          pluginsCount: 0,
          mimeTypesCount: 0,
          maxTouchPoints: 5,
          screen: { width: 430, height: 932 },
          window: { innerWidth: 430, innerHeight: 0, outerWidth: 0, outerHeight: 0 },
        },
        enrichment: { browser: 'Facebook', os: 'iOS', device: 'Phone' },
      }),
    );
    expect(result.riskLevel).toBe('low');
  });

  it('carrier-grade NAT: hundreds of visitors behind one mobile carrier address', () => {
    const result = assess(
      aHit({ enrichment: { carrier: 'Orange', isp: 'Orange Espagne' }, history: { sameIp: 400 } }),
    );
    expect(result.riskLevel).toBe('low');
  });

  it('privacy browsers with empty plugins and mime types', () => {
    const result = assess(aHit({ sensor: { pluginsCount: 0, mimeTypesCount: 0, webgl: undefined } }));
    expect(result.riskLevel).toBe('low');
  });
});

describe('a verdict joined with reasons found later', () => {
  it('adds the weights of the new reasons to the earlier score and tiers by the same rule', () => {
    // A time zone that does not fit the country (20) and no interaction (25): medium.
    expect(
      withReasons({ score: 20, reasonIds: ['consistency:timezone_country'] }, ['behaviour:no_interaction']),
    ).toEqual({
      riskLevel: 'medium',
      score: 45,
      reasonIds: ['consistency:timezone_country', 'behaviour:no_interaction'],
    });
    // 45 + 25 from two categories reaches high; 40 + 25 does not.
    expect(
      withReasons({ score: 45, reasonIds: ['ua:impossible_version'] }, ['behaviour:no_interaction'])
        .riskLevel,
    ).toBe('high');
    expect(
      withReasons({ score: 40, reasonIds: ['network:datacenter'] }, ['behaviour:no_interaction']).riskLevel,
    ).toBe('medium');
  });

  it('counts a reason it already had once, keeps a decisive verdict high, and caps the score', () => {
    expect(
      withReasons({ score: 25, reasonIds: ['behaviour:no_interaction'] }, ['behaviour:no_interaction']),
    ).toEqual({
      riskLevel: 'low',
      score: 25,
      reasonIds: ['behaviour:no_interaction'],
    });
    expect(
      withReasons({ score: 100, reasonIds: ['automation:webdriver'] }, ['behaviour:no_interaction']),
    ).toMatchObject({
      riskLevel: 'high',
      score: 100,
    });
    expect(withReasons({ score: 0, reasonIds: [] }, [])).toEqual({
      riskLevel: 'low',
      score: 0,
      reasonIds: [],
    });
  });
});

describe("a page view's engagement", () => {
  // Page views as the sensor reports them: visible for a moment, no behaviour yet.
  const timeZoneElsewhere: HitChanges = { sensor: { timezone: 'America/New_York' } };
  const backgroundTab: HitChanges = { sensor: { visibilityAtLoad: 'hidden', hiddenAtLoad: true } };
  const hiddenNotYetSeen: HitChanges = {
    sensor: { visibilityAtLoad: 'hidden', hiddenAtLoad: true, visibleMs: 0 },
  };
  const pageViews: HitChanges[] = [
    {},
    timeZoneElsewhere,
    { enrichment: { hosting: true } },
    { sensor: { webdriver: true } },
    backgroundTab,
    { campaign: { paid: false, trafficType: null }, request: { clickIds: {}, landingUrl: null } },
    { campaign: { paid: false, trafficType: null } },
  ];
  const idle = { pointerMoves: 0, clicks: 0, keys: 0, scrolls: 0, touches: 0 };
  const idleMinute = { behaviour: { ...idle, dwellMs: 60_000 }, visibleMs: 60_000 };
  const reader = { behaviour: { ...idle, scrolls: 6, dwellMs: 60_000 }, visibleMs: 60_000 };
  const neverSeen = { behaviour: { ...idle, dwellMs: 60_000 }, visibleMs: 0 };
  const shortLook = { behaviour: { ...idle, dwellMs: 4_000 }, visibleMs: 4_000 };
  const bounce = { behaviour: { ...idle, dwellMs: 1_400 }, visibleMs: 600 };
  const quickTap = { behaviour: { ...idle, touches: 1, dwellMs: 900 }, visibleMs: 600 };
  type Engagement = typeof idleMinute;

  const pageView = (changes: HitChanges) =>
    aHit({ ...changes, sensor: { visibleMs: 700, behaviour: undefined, ...changes.sensor } });
  const joined = (changes: HitChanges, engagement: Engagement) => {
    const input = pageView(changes);
    const page = assess(input);
    return withReasons(
      { score: page.score, reasonIds: page.reasons.map((found) => found.id) },
      engagementReasons(
        { loadedHidden: loadedHidden(input.sensor ?? {}), paidLanding: isPaidLanding(input) },
        engagement,
      ),
    );
  };
  const assessedAgain = (changes: HitChanges, engagement: Engagement) => {
    const input = pageView(changes);
    return assess({ ...input, sensor: { ...input.sensor, ...engagement } });
  };

  it("joined with the page view's verdict, is the page view assessed again with its behaviour", () => {
    for (const changes of pageViews) {
      for (const engagement of [idleMinute, reader, neverSeen, shortLook, bounce, quickTap]) {
        const again = assessedAgain(changes, engagement);
        const join = joined(changes, engagement);
        expect({ ...join, reasonIds: [...join.reasonIds].sort() }).toEqual({
          riskLevel: again.riskLevel,
          score: again.score,
          reasonIds: again.reasons.map((found) => found.id).sort(),
        });
      }
    }
    // The cases differ: behaviour and hidden pages are found, alone and with other reasons.
    expect(joined(timeZoneElsewhere, idleMinute)).toMatchObject({
      riskLevel: 'medium',
      reasonIds: ['consistency:timezone_country', 'behaviour:no_interaction'],
    });
    expect(joined(backgroundTab, neverSeen).reasonIds).toEqual(['render:hidden_page']);
    expect(joined({}, bounce)).toMatchObject({ riskLevel: 'medium', reasonIds: ['behaviour:bounce'] });
    expect(joined(backgroundTab, bounce).reasonIds).toEqual([]);
    expect(joined({ enrichment: { hosting: true } }, bounce)).toMatchObject({ riskLevel: 'high' });
  });

  it('keeps a reason the page view had when the visitor looks later: a verdict only escalates', () => {
    expect(assess(pageView(hiddenNotYetSeen)).reasons.map((found) => found.id)).toEqual([
      'render:hidden_page',
    ]);
    expect(assessedAgain(hiddenNotYetSeen, reader).reasons).toEqual([]);
    expect(joined(hiddenNotYetSeen, reader).reasonIds).toEqual(['render:hidden_page']);
  });
});

describe("a click's conversion", () => {
  it('is too fast when it comes sooner after its click than a person can', () => {
    expect(clickToConversionReasons(1_200)).toEqual(['conversion:too_fast']);
    expect(clickToConversionReasons(45_000)).toEqual([]);
    expect(clickToConversionReasons(null)).toEqual([]);
  });
});
