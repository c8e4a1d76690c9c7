import styles from './Wizards.module.css';

/** One element of the drawn screen: a field with its label and value, or a button. */
export interface ScreenItem {
  label: string;
  value?: string;
  kind?: 'field' | 'button' | 'option';
  /** Where to click or what to enter: outlined and numbered in the drawing. */
  mark?: number;
}

export interface ScreenIllustrationProps {
  /** The platform screen drawn, as its window title ("Meta Events Manager"). */
  app: string;
  /** The screen's left navigation, the active entry first marked with `activeNav`. */
  nav: readonly string[];
  activeNav?: number;
  title: string;
  items: readonly ScreenItem[];
  caption: string;
}

const WIDTH = 760;
const ROW = 46;
const MARK = 'var(--level-warning, #d97706)';

/**
 * A drawn illustration of a platform's screen (issue 35: not a screenshot, not a grey box): its window,
 * navigation, the fields and buttons of the step, with where to click outlined and numbered in the
 * order of the step's text.
 */
export function ScreenIllustration({ app, nav, activeNav, title, items, caption }: ScreenIllustrationProps) {
  const height = 120 + items.length * ROW;
  const marked = items.filter((item) => item.mark !== undefined);
  const description = `${app}: ${title}. ${marked.map((item) => `${item.mark}. ${item.label}${item.value ? ` ${item.value}` : ''}`).join('; ')}`;
  return (
    <figure className={styles.panelBody} style={{ margin: 0 }}>
      <svg
        className={styles.illustration}
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={description}
        data-testid="screen-illustration"
      >
        <rect x="0" y="0" width={WIDTH} height={height} rx="8" fill="var(--color-surface, #fff)" />
        <rect x="0" y="0" width={WIDTH} height="32" rx="8" fill="var(--color-surface-muted, #f0f2f7)" />
        {[16, 32, 48].map((cx) => (
          <circle key={cx} cx={cx} cy="16" r="5" fill="var(--color-border, #d0d5dd)" />
        ))}
        <text x="68" y="21" fontSize="13" fill="var(--color-text-secondary, #555)">
          {app}
        </text>
        <rect x="0" y="32" width="170" height={height - 32} fill="var(--color-surface-muted, #f0f2f7)" />
        {nav.map((entry, index) => (
          <g key={entry}>
            {index === activeNav ? (
              <rect
                x="8"
                y={48 + index * 30}
                width="154"
                height="24"
                rx="4"
                fill="var(--color-primary, #1f5eff)"
                opacity="0.14"
              />
            ) : null}
            <text
              x="18"
              y={64 + index * 30}
              fontSize="12"
              fontWeight={index === activeNav ? 600 : 400}
              fill={
                index === activeNav ? 'var(--color-primary, #1f5eff)' : 'var(--color-text-secondary, #555)'
              }
            >
              {entry}
            </text>
          </g>
        ))}
        <text x="196" y="70" fontSize="16" fontWeight="600" fill="var(--color-text, #111)">
          {title}
        </text>
        {items.map((item, index) => {
          const y = 92 + index * ROW;
          const button = item.kind === 'button';
          const width = button ? 150 : 520;
          const stroke = item.mark !== undefined ? MARK : 'var(--color-border, #d0d5dd)';
          return (
            <g key={item.label}>
              <rect
                x="196"
                y={y}
                width={width}
                height="34"
                rx="6"
                fill={button ? 'var(--color-primary, #1f5eff)' : 'var(--color-surface, #fff)'}
                stroke={stroke}
                strokeWidth={item.mark !== undefined ? 2.5 : 1}
              />
              <text
                x={button ? 196 + width / 2 : 208}
                y={y + 22}
                fontSize="12.5"
                textAnchor={button ? 'middle' : 'start'}
                fill={button ? '#fff' : 'var(--color-text-secondary, #555)'}
              >
                {item.kind === 'option' ? `○ ${item.label}` : item.label}
              </text>
              {item.value && !button ? (
                <text x="400" y={y + 22} fontSize="12.5" fontWeight="600" fill="var(--color-text, #111)">
                  {item.value}
                </text>
              ) : null}
              {item.mark !== undefined ? (
                <g>
                  <circle cx={196 + width + 22} cy={y + 17} r="12" fill={MARK} />
                  <text
                    x={196 + width + 22}
                    y={y + 21.5}
                    fontSize="12"
                    fontWeight="700"
                    textAnchor="middle"
                    fill="#fff"
                  >
                    {item.mark}
                  </text>
                </g>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}
