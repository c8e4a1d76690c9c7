import { describe, expect, it } from 'vitest';
import tokens from '../styles/tokens.css?raw';
import { CHANNEL_COLOURS, channelPalette, SERIES_COLOURS, seriesPalette } from './series-palette';

describe('seriesPalette', () => {
  it('gives n distinct colours for 1 to 17 series', () => {
    for (let n = 1; n <= 17; n++) {
      const palette = seriesPalette(n);
      expect(palette).toHaveLength(n);
      expect(new Set(palette).size).toBe(n);
    }
  });

  it('gives no colours beyond 17 series, for zero or for nonsense', () => {
    expect(seriesPalette(18)).toEqual([]);
    expect(seriesPalette(0)).toEqual([]);
    expect(seriesPalette(-2)).toEqual([]);
    expect(seriesPalette(2.5)).toEqual([]);
  });

  it('never uses a risk tier colour', () => {
    for (const tier of ['#12a150', '#f5a524', '#e5484d']) {
      expect(SERIES_COLOURS).not.toContain(tier);
    }
  });

  it('matches the --series-n tokens', () => {
    SERIES_COLOURS.forEach((colour, index) => {
      expect(tokens).toContain(`--series-${index + 1}: ${colour};`);
    });
  });
});

describe('channelPalette', () => {
  it('keeps the fixed colour of known channels and fills the rest with unused colours', () => {
    const colours = channelPalette(['google', 'unknown_network', 'facebook']);
    expect(colours[0]).toBe(CHANNEL_COLOURS.google);
    expect(colours[2]).toBe(CHANNEL_COLOURS.facebook);
    expect(colours[1]).not.toBe(CHANNEL_COLOURS.google);
    expect(colours[1]).not.toBe(CHANNEL_COLOURS.facebook);
  });

  it('gives no colours for more than 17 channels', () => {
    const many = Array.from({ length: 18 }, (_, i) => `channel_${i}`);
    expect(channelPalette(many)).toEqual([]);
    expect(channelPalette(many.slice(0, 17))).toHaveLength(17);
  });
});
