/**
 * The design system's line icons, drawn on a 16-unit grid in the current text colour. Decorative
 * (aria-hidden): the control around an icon carries the accessible name.
 */
const GLYPHS = {
  'chevron-down': 'M4 6l4 4 4-4',
  'chevron-left': 'M10 3.5L5.5 8l4.5 4.5',
  'chevron-right': 'M6 3.5L10.5 8 6 12.5',
  close: 'M4 4l8 8m0-8l-8 8',
  menu: 'M2.5 4.5h11M2.5 8h11M2.5 11.5h11',
  check: 'M3 8.5l3.2 3L13 4.5',
  more: 'M8 2.6a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8zM8 7.1a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8zM8 11.6a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8z',
  info: 'M8 1.8a6.2 6.2 0 1 1 0 12.4A6.2 6.2 0 0 1 8 1.8zM8 7.2v4.1M8 4.8v.1',
  plus: 'M8 3v10M3 8h10',
  trash:
    'M2.5 4.5h11M6.5 4.5V3h3v1.5M4 4.5l.7 8.6c0 .5.4.9.9.9h4.8c.5 0 .9-.4.9-.9l.7-8.6M6.7 7v4.5M9.3 7v4.5',
  filter: 'M2.5 3.5h11l-4.3 5.1v4.1l-2.4 1.1V8.6z',
  search: 'M7 12a5 5 0 100-10 5 5 0 000 10zM10.6 10.6L14 14',
  copy: 'M5.5 5.5V3.2c0-.4.3-.7.7-.7h6.6c.4 0 .7.3.7.7v6.6c0 .4-.3.7-.7.7h-2.3M3.2 5.5h6.6c.4 0 .7.3.7.7v6.6c0 .4-.3.7-.7.7H3.2c-.4 0-.7-.3-.7-.7V6.2c0-.4.3-.7.7-.7z',
} as const;

export type IconName = keyof typeof GLYPHS;

interface IconProps {
  name: IconName;
  /** Rendered size in px; the default fills the parent (sized by its CSS). */
  size?: number;
  className?: string;
}

export function Icon({ name, size, className }: IconProps) {
  return (
    <svg
      viewBox="0 0 16 16"
      width={size}
      height={size}
      className={className}
      aria-hidden="true"
      data-icon={name}
    >
      <path
        d={GLYPHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
