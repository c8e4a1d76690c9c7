/**
 * Colours for chart series and channels (spec 02 §2: palettes exist for 1 to 17 items; more gives no
 * colours). The order puts the most distinct hues first, so a small n stays easy to tell apart for
 * colour-blind readers. Mirrors --series-1..17 in styles/tokens.css.
 */
export const SERIES_COLOURS = [
  '#0072b2',
  '#e69f00',
  '#56b4e9',
  '#cc79a7',
  '#009e73',
  '#d55e00',
  '#332288',
  '#f0e442',
  '#882255',
  '#44aa99',
  '#999933',
  '#aa4499',
  '#117733',
  '#88ccee',
  '#ddcc77',
  '#cc6677',
  '#2f3441',
] as const;

export const MAX_SERIES = SERIES_COLOURS.length;

/** The palette for n series: n colours for 1..17, none for anything else. */
export function seriesPalette(count: number): string[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_SERIES) return [];
  return SERIES_COLOURS.slice(0, count);
}

/** Fixed colours for known traffic types, so a channel keeps its colour across charts. */
export const CHANNEL_COLOURS: Readonly<Record<string, string>> = {
  google: '#0072b2',
  facebook: '#332288',
  microsoft: '#44aa99',
  tiktok: '#2f3441',
  reddit: '#d55e00',
  taboola: '#56b4e9',
  outbrain: '#e69f00',
  organic_search: '#009e73',
  referral: '#cc79a7',
  direct: '#999933',
  pinterest: '#882255',
  yandex: '#f0e442',
  twitter: '#88ccee',
  criteo: '#aa4499',
  linkedin: '#117733',
};

/**
 * Colours for a list of channels: known traffic types keep their own colour, the others take the
 * unused palette colours in order. More than 17 channels get no colours (spec 02 §2).
 */
export function channelPalette(trafficTypes: readonly string[]): string[] {
  if (trafficTypes.length > MAX_SERIES) return [];
  const taken = new Set<string>();
  for (const type of trafficTypes) {
    const fixed = CHANNEL_COLOURS[type];
    if (fixed) taken.add(fixed);
  }
  const spare = SERIES_COLOURS.filter((colour) => !taken.has(colour));
  const used = new Set<string>();
  return trafficTypes.map((type) => {
    const fixed = CHANNEL_COLOURS[type];
    if (fixed && !used.has(fixed)) {
      used.add(fixed);
      return fixed;
    }
    const next = spare.shift() ?? SERIES_COLOURS[0];
    used.add(next);
    return next;
  });
}
