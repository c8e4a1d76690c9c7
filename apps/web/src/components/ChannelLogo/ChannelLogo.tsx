import { CHANNEL_COLOURS, SERIES_COLOURS } from '../../lib/series-palette';
import { trafficTypeName } from '../../lib/traffic-types';
import styles from './ChannelLogo.module.css';

/**
 * A channel's mark: its colour (the one it keeps in every chart) with a short monogram, or a glyph
 * for the channels that are no brand (organic search, referral, direct). Named for screen readers
 * unless `decorative`, where the channel's name is written beside it.
 */
const MONOGRAMS: Readonly<Record<string, string>> = {
  google: 'G',
  facebook: 'f',
  microsoft: 'M',
  tiktok: 'Tk',
  reddit: 'R',
  taboola: 'Tb',
  outbrain: 'O',
  pinterest: 'P',
  yandex: 'Y',
  twitter: 'X',
  criteo: 'C',
  linkedin: 'in',
  tradedoubler: 'Td',
};

const GLYPHS: Readonly<Record<string, string>> = {
  organic_search: 'M7 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zM9.6 9.6l3 3',
  referral:
    'M6.5 9.5l3-3M7.3 4.6l.9-.9a2.3 2.3 0 0 1 3.2 3.2l-.9.9M8.7 11.4l-.9.9a2.3 2.3 0 0 1-3.2-3.2l.9-.9',
  direct: 'M3.5 8h8M8.5 4.5L12 8l-3.5 3.5',
};

/** Dark text on light channel colours, white on the rest (WCAG relative luminance). */
function inkFor(hex: string): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.4 ? '#1b1f2a' : '#ffffff';
}

interface ChannelLogoProps {
  type: string;
  /** Rendered size in px. */
  size?: number;
  /** The channel's name is written next to the logo: hide the logo from screen readers. */
  decorative?: boolean;
  className?: string;
}

export function ChannelLogo({ type, size = 28, decorative = false, className }: ChannelLogoProps) {
  const colour = CHANNEL_COLOURS[type] ?? SERIES_COLOURS[SERIES_COLOURS.length - 1] ?? '#2f3441';
  const ink = inkFor(colour);
  const glyph = GLYPHS[type];
  const monogram = MONOGRAMS[type] ?? trafficTypeName(type).slice(0, 1).toUpperCase();
  const name = trafficTypeName(type);
  return (
    <svg
      viewBox="0 0 16 16"
      width={size}
      height={size}
      className={[styles.logo, className].filter(Boolean).join(' ')}
      data-channel-logo={type}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      {decorative ? null : <title>{name}</title>}
      <rect width="16" height="16" rx="4" fill={colour} />
      {glyph ? (
        <path
          d={glyph}
          fill="none"
          stroke={ink}
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <text
          x="8"
          y="8"
          dy="0.36em"
          textAnchor="middle"
          fill={ink}
          fontSize={monogram.length > 1 ? 7 : 9.5}
          fontWeight="700"
          fontFamily="var(--font-family)"
        >
          {monogram}
        </text>
      )}
    </svg>
  );
}
