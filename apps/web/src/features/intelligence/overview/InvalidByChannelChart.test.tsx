import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRAFFIC_TYPES } from '@veracity/contracts/detection';
import type { ChannelFigures } from '@veracity/contracts/home';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_COLOURS } from '../../../lib/series-palette';
import {
  InvalidByChannelChart,
  PIE_INNER_RADIUS,
  PIE_OUTER_RADIUS,
  PIE_SIZE,
  pieSlices,
  sectorPath,
} from './InvalidByChannelChart';

function channel(type: ChannelFigures['type'], invalidVisits: number): ChannelFigures {
  return { type, invalidVisits, percentInvalidTraffic: 10, evolution: null, totalVisits: invalidVisits * 10 };
}

const channels = [channel('google', 750), channel('facebook', 250), channel('reddit', 0)];
const centre = () => screen.getByTestId('pie-centre');

// With reduced motion the ring is drawn at once (jsdom runs no animation frames).
beforeEach(() => {
  vi.mocked(window.matchMedia).mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('reduce'),
        media: query,
        onchange: null,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        addListener: vi.fn(),
        removeListener: vi.fn(),
        dispatchEvent: vi.fn(() => false),
      }) as unknown as MediaQueryList,
  );
});

afterEach(() => vi.mocked(window.matchMedia).mockReset());

describe('InvalidByChannelChart', () => {
  it('is 300×300 with radii 70 and 100 (spec 02 §2)', () => {
    expect([PIE_SIZE, PIE_INNER_RADIUS, PIE_OUTER_RADIUS]).toEqual([300, 70, 100]);
    render(<InvalidByChannelChart channels={channels} />);
    const svg = screen.getByTestId('channel-pie').querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('300');
    expect(svg?.getAttribute('height')).toBe('300');
  });

  it('shows the total invalid visits in the centre until a channel is hovered', () => {
    render(<InvalidByChannelChart channels={channels} />);
    expect(centre().textContent).toBe('1.000Invalid visits');
  });

  it('shows the hovered slice’s logo, invalid visits and share in the centre', async () => {
    render(<InvalidByChannelChart channels={channels} />);
    const sectors = screen.getByTestId('channel-pie').querySelectorAll('path');
    expect(sectors).toHaveLength(2);
    fireEvent.mouseEnter(sectors[1] as Element);
    expect(within(centre()).getByRole('img', { name: 'Meta (Facebook and Instagram)' })).toBeTruthy();
    expect(centre().textContent).toContain('250');
    expect(centre().textContent).toContain('25,00%');
    fireEvent.mouseLeave(screen.getByTestId('pie-slice-facebook'));
    expect(centre().textContent).toBe('1.000Invalid visits');
  });

  it('shows a channel in the centre when its legend line is focused (keyboard)', async () => {
    render(<InvalidByChannelChart channels={channels} />);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByTestId('pie-legend-google'));
    expect(within(centre()).getByRole('img', { name: 'Google' })).toBeTruthy();
    expect(centre().textContent).toContain('750');
    expect(centre().textContent).toContain('75,00%');
  });

  it('leaves out channels without invalid visits and keeps each channel’s colour', () => {
    const slices = pieSlices(channels);
    expect(slices.map((slice) => slice.type)).toEqual(['google', 'facebook']);
    expect(slices.map((slice) => slice.colour)).toEqual([CHANNEL_COLOURS.google, CHANNEL_COLOURS.facebook]);
  });

  it('colours up to 17 channels and none beyond', () => {
    const types = TRAFFIC_TYPES.slice(0, 16);
    const sixteen = types.map((type) => channel(type, 10));
    expect(new Set(pieSlices(sixteen).map((slice) => slice.colour)).size).toBe(16);
    const eighteen = [...sixteen, channel('google', 5), channel('direct', 5)];
    expect(new Set(pieSlices(eighteen).map((slice) => slice.colour))).toEqual(new Set(['#cdd2de']));
  });

  it('draws one channel as a whole ring and several as separate sectors', () => {
    expect(sectorPath(0, 360).match(/M /g)).toHaveLength(2);
    expect(sectorPath(0.5, 89.5)).toMatch(/^M 150\.873 50\.004 A 100 100 0 0 1 /);
    render(<InvalidByChannelChart channels={[channels[0] as (typeof channels)[number]]} />);
    expect(screen.getByTestId('channel-pie').querySelectorAll('path')).toHaveLength(1);
  });
});
