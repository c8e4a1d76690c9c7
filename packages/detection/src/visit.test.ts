import { describe, expect, it } from 'vitest';
import { assess } from './assess.js';
import { aHit } from './test-support/hits.js';

/** The reasons about the visit itself: behaviour, conversion, paid traffic, geography and rendering. */
const ids = (changes: Parameters<typeof aHit>[0]) => assess(aHit(changes)).reasons.map((reason) => reason.id);
const idle = { pointerMoves: 0, clicks: 0, keys: 0, scrolls: 0, touches: 0 };

describe('behaviour:no_interaction', () => {
  it('fires for a long visible visit without any interaction', () => {
    expect(ids({ sensor: { behaviour: { ...idle, dwellMs: 40_000 }, visibleMs: 40_000 } })).toEqual([
      'behaviour:no_interaction',
    ]);
  });

  it('does not fire for a short visit, a single touch, a background tab or a server-to-server hit', () => {
    expect(ids({ sensor: { behaviour: { ...idle, dwellMs: 4_000 } } })).toEqual([]);
    expect(ids({ sensor: { behaviour: { ...idle, touches: 1, dwellMs: 40_000 } } })).toEqual([]);
    expect(ids({ sensor: { behaviour: { ...idle, dwellMs: 40_000 }, visibleMs: 2_000 } })).toEqual([]);
    expect(ids({ channel: 's2s', sensor: null })).toEqual([]);
  });
});

describe('behaviour:bounce', () => {
  const left = (visibleMs: number, dwellMs = visibleMs + 800) => ({
    behaviour: { ...idle, dwellMs },
    visibleMs,
  });
  const organic = {
    campaign: { paid: false, trafficType: null },
    request: { clickIds: {}, landingUrl: 'https://shop.example/' },
  };

  it('fires for a paid landing left under a second after it was seen, untouched: suspicious alone', () => {
    expect(ids({ sensor: left(600) })).toEqual(['behaviour:bounce']);
    expect(ids({ sensor: left(0) })).toEqual(['behaviour:bounce']);
    expect(assess(aHit({ sensor: left(600) })).riskLevel).toBe('medium');
    // A click id on the landing is enough, whatever the campaign says.
    expect(ids({ sensor: left(600), campaign: { paid: false, trafficType: null } })).toEqual([
      'behaviour:bounce',
    ]);
  });

  it('counts the one pointer move Chromium sends when a page appears under a still cursor as none', () => {
    expect(
      ids({ sensor: { behaviour: { ...idle, pointerMoves: 1, dwellMs: 700 }, visibleMs: 480 } }),
    ).toEqual(['behaviour:bounce']);
    expect(
      ids({ sensor: { behaviour: { ...idle, pointerMoves: 1, dwellMs: 40_000 }, visibleMs: 40_000 } }),
    ).toEqual(['behaviour:no_interaction']);
  });

  it('with a hosting network or a headless marker, is invalid', () => {
    expect(assess(aHit({ sensor: left(300), enrichment: { hosting: true } })).riskLevel).toBe('high');
    expect(assess(aHit({ sensor: { ...left(300), languages: [] } })).riskLevel).toBe('high');
  });

  it('does not fire after a second, with one touch, scroll or key, off paid traffic, or for a background tab', () => {
    expect(ids({ sensor: left(1_000) })).toEqual([]);
    expect(ids({ sensor: left(4_000) })).toEqual([]);
    for (const touched of ['touches', 'scrolls', 'keys', 'clicks'] as const) {
      expect(ids({ sensor: { behaviour: { ...idle, [touched]: 1, dwellMs: 900 }, visibleMs: 500 } })).toEqual(
        [],
      );
    }
    expect(
      ids({ sensor: { behaviour: { ...idle, pointerMoves: 2, dwellMs: 900 }, visibleMs: 500 } }),
    ).toEqual([]);
    expect(ids({ ...organic, sensor: left(600) })).toEqual([]);
    expect(ids({ sensor: { ...left(600), visibilityAtLoad: 'hidden', hiddenAtLoad: true } })).toEqual([]);
    // The page view itself, before its engagement beacon, has no behaviour to judge.
    expect(ids({ sensor: { visibleMs: 300, behaviour: undefined } })).toEqual([]);
  });

  it('and no_interaction never fire together', () => {
    expect(ids({ sensor: left(600, 60_000) })).toEqual(['behaviour:bounce']);
    expect(ids({ sensor: left(60_000, 60_000) })).toEqual(['behaviour:no_interaction']);
  });
});

describe('conversion:too_fast', () => {
  it('fires for a conversion a second after its click', () => {
    expect(ids({ kind: 'conversion', history: { sinceClickMs: 1_000 } })).toContain('conversion:too_fast');
  });

  it('does not fire for a conversion minutes later, an unknown click time, or a hit', () => {
    expect(ids({ kind: 'conversion', history: { sinceClickMs: 180_000 } })).toEqual([]);
    expect(ids({ kind: 'conversion', history: { sinceClickMs: null } })).toEqual([]);
    expect(ids({ kind: 'hit', history: { sinceClickMs: 1_000 } })).toEqual([]);
  });
});

describe('paid:missing_click_id', () => {
  const noClickId = { landingUrl: 'https://shop.example/offer?utm_source=google', clickIds: {} };

  it('fires for a paid Google visit without gclid, gbraid or wbraid', () => {
    expect(ids({ request: noClickId })).toEqual(['paid:missing_click_id']);
    expect(ids({ request: noClickId, campaign: { trafficType: 'tiktok' } })).toEqual([
      'paid:missing_click_id',
    ]);
  });

  it('does not fire when the id is on the landing URL, for unpaid traffic, or for networks without click ids', () => {
    expect(ids({ request: { landingUrl: 'https://shop.example/?a=1&wbraid=Cj0', clickIds: {} } })).toEqual(
      [],
    );
    expect(ids({ request: { landingUrl: 'https://shop.example/?xgclid=1', clickIds: {} } })).toEqual([
      'paid:missing_click_id',
    ]);
    expect(
      ids({
        request: { landingUrl: 'https://shop.example/', clickIds: { fbclid: 'IwAR' } },
        campaign: { trafficType: 'facebook' },
      }),
    ).toEqual([]);
    expect(ids({ request: noClickId, campaign: { paid: false } })).toEqual([]);
    expect(ids({ request: noClickId, campaign: { trafficType: 'taboola' } })).toEqual([]);
  });
});

describe('geo:outside_target', () => {
  it('fires for a country the campaign does not target', () => {
    expect(ids({ enrichment: { country: 'VN' }, sensor: { timezone: undefined } })).toEqual([
      'geo:outside_target',
    ]);
  });

  it('does not fire inside the target, for worldwide campaigns or unknown countries', () => {
    expect(ids({ campaign: { targetedCountries: ['FR', 'ES'] } })).toEqual([]);
    expect(
      ids({
        enrichment: { country: 'VN' },
        campaign: { targetedCountries: [] },
        sensor: { timezone: undefined },
      }),
    ).toEqual([]);
    expect(ids({ enrichment: { country: null } })).toEqual([]);
  });
});

describe('render:hidden_page', () => {
  it('fires for a page loaded hidden that never became visible', () => {
    expect(
      ids({ sensor: { visibilityAtLoad: 'hidden', hiddenAtLoad: true, visibleMs: 0, behaviour: undefined } }),
    ).toEqual(['render:hidden_page']);
  });

  it('does not fire for a background tab the visitor later opened', () => {
    expect(ids({ sensor: { visibilityAtLoad: 'hidden', hiddenAtLoad: true, visibleMs: 12_000 } })).toEqual(
      [],
    );
  });
});

describe('render:tiny_iframe', () => {
  it('fires for a page inside a 1x1 frame and, with a hidden page, makes it invalid', () => {
    expect(ids({ sensor: { frame: { width: 1, height: 1 } } })).toEqual(['render:tiny_iframe']);
    const stuffed = assess(
      aHit({ sensor: { frame: { width: 0, height: 0 }, visibilityAtLoad: 'hidden', visibleMs: 0 } }),
    );
    expect(stuffed.riskLevel).toBe('medium');
    const stuffedFromCloud = assess(
      aHit({ sensor: { frame: { width: 0, height: 0 } }, enrichment: { hosting: true } }),
    );
    expect(stuffedFromCloud.riskLevel).toBe('high');
  });

  it('does not fire for a normal embed', () => {
    expect(ids({ sensor: { frame: { width: 640, height: 480 } } })).toEqual([]);
  });
});
