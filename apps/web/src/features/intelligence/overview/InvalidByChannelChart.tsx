import type { ChannelFigures } from '@veracity/contracts/home';
import { useState } from 'react';
import { Cell, Pie, PieChart } from 'recharts';
import { ChannelLogo } from '../../../components/ChannelLogo/ChannelLogo';
import { formatNumber, formatPercent } from '../../../lib/format';
import { channelPalette } from '../../../lib/series-palette';
import { trafficTypeName } from '../../../lib/traffic-types';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion';
import styles from './InvalidByChannelChart.module.css';

/** Spec 02 §2 and §9: the pie is 300×300 with radii 70 and 100. */
export const PIE_SIZE = 300;
export const PIE_INNER_RADIUS = 70;
export const PIE_OUTER_RADIUS = 100;
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

/**
 * Invalid traffic by channel as a ring. Hovering a slice, or hovering or focusing its line in the
 * legend, shows the channel's logo, invalid visits and share in the centre; otherwise the centre
 * shows the total.
 */
export function InvalidByChannelChart({ channels }: { channels: readonly ChannelFigures[] }) {
  const slices = pieSlices(channels);
  const total = slices.reduce((sum, slice) => sum + slice.invalidVisits, 0);
  const [activeType, setActiveType] = useState<string | null>(null);
  const active = slices.find((slice) => slice.type === activeType);
  const reducedMotion = usePrefersReducedMotion();

  return (
    <div className={styles.chart}>
      <div className={styles.ring} style={{ width: PIE_SIZE, height: PIE_SIZE }} data-testid="channel-pie">
        <PieChart width={PIE_SIZE} height={PIE_SIZE} accessibilityLayer={false}>
          <Pie
            data={slices}
            dataKey="invalidVisits"
            nameKey="type"
            cx="50%"
            cy="50%"
            innerRadius={PIE_INNER_RADIUS}
            outerRadius={PIE_OUTER_RADIUS}
            paddingAngle={slices.length > 1 ? 1 : 0}
            stroke="none"
            rootTabIndex={-1}
            isAnimationActive={!reducedMotion}
            animationDuration={400}
            onMouseEnter={(_, index) => setActiveType(slices[index]?.type ?? null)}
            onMouseLeave={() => setActiveType(null)}
          >
            {slices.map((slice) => (
              <Cell
                key={slice.type}
                fill={slice.colour}
                fillOpacity={active && active.type !== slice.type ? 0.35 : 1}
                data-testid={`pie-slice-${slice.type}`}
              />
            ))}
          </Pie>
        </PieChart>
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
