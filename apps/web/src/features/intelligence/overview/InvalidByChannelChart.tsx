import type { ChannelFigures } from '@veracity/contracts/home';
import { useState } from 'react';
import { ChannelLogo } from '../../../components/ChannelLogo/ChannelLogo';
import { formatNumber, formatPercent } from '../../../lib/format';
import { channelPalette } from '../../../lib/series-palette';
import { trafficTypeName } from '../../../lib/traffic-types';
import styles from './InvalidByChannelChart.module.css';

/** Spec 02 §2 and §9: the pie is 300×300 with radii 70 and 100. */
export const PIE_SIZE = 300;
export const PIE_INNER_RADIUS = 70;
export const PIE_OUTER_RADIUS = 100;
/** The gap between slices, in degrees. */
const PADDING_DEGREES = 1;
/** Beyond 17 channels there are no colours (spec 02 §2): slices take a neutral grey. */
const UNCOLOURED = '#cdd2de';

interface Slice {
  type: ChannelFigures['type'];
  invalidVisits: number;
  /** Share of all invalid visits, in percent. */
  share: number;
  colour: string;
}

export function pieSlices(channels: readonly ChannelFigures[]): Slice[] {
  const withInvalid = channels.filter((channel) => channel.invalidVisits > 0);
  const total = withInvalid.reduce((sum, channel) => sum + channel.invalidVisits, 0);
  const colours = channelPalette(withInvalid.map((channel) => channel.type));
  return withInvalid.map((channel, index) => ({
    type: channel.type,
    invalidVisits: channel.invalidVisits,
    share: total === 0 ? 0 : (100 * channel.invalidVisits) / total,
    colour: colours[index] ?? UNCOLOURED,
  }));
}

/** A point of the ring's circle of `radius` at `degrees` clockwise from 12 o'clock. */
function point(radius: number, degrees: number): string {
  const radians = ((degrees - 90) * Math.PI) / 180;
  const centre = PIE_SIZE / 2;
  return `${(centre + radius * Math.cos(radians)).toFixed(3)} ${(centre + radius * Math.sin(radians)).toFixed(3)}`;
}

/** The SVG path of a ring sector from `start` to `end` degrees (a whole ring when it spans 360). */
export function sectorPath(start: number, end: number): string {
  const [inner, outer] = [PIE_INNER_RADIUS, PIE_OUTER_RADIUS];
  if (end - start >= 360) {
    // Two half circles each way: an SVG arc cannot start and end at the same point.
    return [
      `M ${point(outer, 0)} A ${outer} ${outer} 0 1 1 ${point(outer, 180)} A ${outer} ${outer} 0 1 1 ${point(outer, 0)} Z`,
      `M ${point(inner, 0)} A ${inner} ${inner} 0 1 0 ${point(inner, 180)} A ${inner} ${inner} 0 1 0 ${point(inner, 0)} Z`,
    ].join(' ');
  }
  const large = end - start > 180 ? 1 : 0;
  return [
    `M ${point(outer, start)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${point(outer, end)}`,
    `L ${point(inner, end)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${point(inner, start)}`,
    'Z',
  ].join(' ');
}

/** Each slice's angles, clockwise from 12 o'clock, with a small gap between slices. */
function sliceAngles(slices: readonly Slice[]): { start: number; end: number }[] {
  const padding = slices.length > 1 ? PADDING_DEGREES : 0;
  let at = 0;
  return slices.map((slice) => {
    const span = (slice.share / 100) * 360;
    const angles = { start: at + padding / 2, end: at + Math.max(span - padding / 2, padding / 2 + 0.1) };
    at += span;
    return angles;
  });
}

/**
 * Invalid traffic by channel as a ring, drawn as SVG (a few lines rather than a chart library on the
 * page that must load first). Hovering a slice, or hovering or focusing its line in the legend, shows
 * the channel's logo, invalid visits and share in the centre; otherwise the centre shows the total.
 */
export function InvalidByChannelChart({ channels }: { channels: readonly ChannelFigures[] }) {
  const slices = pieSlices(channels);
  const total = slices.reduce((sum, slice) => sum + slice.invalidVisits, 0);
  const [activeType, setActiveType] = useState<string | null>(null);
  const active = slices.find((slice) => slice.type === activeType);
  const angles = sliceAngles(slices);

  return (
    <div className={styles.chart}>
      <div className={styles.ring} style={{ width: PIE_SIZE, height: PIE_SIZE }} data-testid="channel-pie">
        <svg width={PIE_SIZE} height={PIE_SIZE} viewBox={`0 0 ${PIE_SIZE} ${PIE_SIZE}`} aria-hidden="true">
          {slices.map((slice, index) => {
            const { start, end } = angles[index] ?? { start: 0, end: 0 };
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: hovering a slice mirrors its legend button, which carries the keyboard access
              <path
                key={slice.type}
                className={styles.slice}
                d={sectorPath(start, end)}
                fill={slice.colour}
                fillRule="evenodd"
                fillOpacity={active && active.type !== slice.type ? 0.35 : 1}
                data-testid={`pie-slice-${slice.type}`}
                onMouseEnter={() => setActiveType(slice.type)}
                onMouseLeave={() => setActiveType(null)}
              />
            );
          })}
        </svg>
        <div className={styles.centre} aria-live="polite" data-testid="pie-centre">
          {active ? (
            <>
              <ChannelLogo type={active.type} size={24} />
              <span className={styles.centreValue}>{formatNumber(active.invalidVisits)}</span>
              <span className={styles.centreLabel}>{formatPercent(active.share)}</span>
            </>
          ) : (
            <>
              <span className={styles.centreValue}>{formatNumber(total)}</span>
              <span className={styles.centreLabel}>Invalid visits</span>
            </>
          )}
        </div>
      </div>
      <ul className={styles.legend} aria-label="Channels">
        {slices.map((slice) => (
          <li key={slice.type}>
            <button
              type="button"
              className={styles.legendItem}
              data-active={slice.type === activeType}
              data-testid={`pie-legend-${slice.type}`}
              onMouseEnter={() => setActiveType(slice.type)}
              onMouseLeave={() => setActiveType(null)}
              onFocus={() => setActiveType(slice.type)}
              onBlur={() => setActiveType(null)}
            >
              <span className={styles.swatch} style={{ background: slice.colour }} />
              <span className={styles.legendName}>{trafficTypeName(slice.type)}</span>
              <span className={styles.legendShare}>{formatPercent(slice.share)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
