import { SERIES_COLOURS } from '../../lib/series-palette';
import { SandboxPage, SandboxSection } from './SandboxLayout';
import styles from './TextPage.module.css';

const TYPE_SCALE = [
  { name: 'Heading 1', token: '--font-size-h1', sample: 'Invalid traffic by channel', element: 'h1' },
  { name: 'Heading 2', token: '--font-size-h2', sample: 'Key figures', element: 'h2' },
  { name: 'Heading 3', token: '--font-size-h3', sample: 'Watchlist', element: 'h3' },
  {
    name: 'Body',
    token: '--font-size-base',
    sample: 'Sessions classified over the last 6 days and today.',
    element: 'p',
  },
  { name: 'Small', token: '--font-size-s', sample: 'Previous period: 12,408 sessions', element: 'p' },
  { name: 'Caption', token: '--font-size-xs', sample: 'UPDATED 2 MINUTES AGO', element: 'p' },
] as const;

const BRAND = [
  ['--color-primary', 'Primary blue'],
  ['--color-primary-hover', 'Primary hover'],
  ['--color-canvas', 'Canvas'],
  ['--color-surface', 'Card'],
  ['--color-border', 'Border'],
  ['--color-text', 'Text'],
  ['--color-text-secondary', 'Secondary text'],
] as const;

const BUTTONS = [
  ['--button-blue', 'Blue'],
  ['--button-white', 'White'],
  ['--button-orange', 'Orange'],
  ['--button-red', 'Red'],
  ['--button-gold', 'Gold'],
] as const;

const TIERS = [
  ['--tier-legitimate', 'Legitimate', 'low risk'],
  ['--tier-suspicious', 'Suspicious', 'medium risk'],
  ['--tier-invalid', 'Invalid', 'high risk'],
] as const;

const SPACING = [4, 8, 12, 16, 24, 32, 48];

function Swatch({ token, name, note }: { token: string; name: string; note?: string }) {
  return (
    <div className={styles.swatch}>
      <span className={styles.chip} style={{ background: `var(${token})` }} />
      <span className={styles.swatchName}>{name}</span>
      <code className={styles.swatchToken}>{note ?? token}</code>
    </div>
  );
}

export function TextPage() {
  return (
    <SandboxPage
      title="Text & tokens"
      intro="The type scale and the design tokens every component is built from. Tokens live in one file, src/styles/tokens.css."
      testId="sandbox-text"
    >
      <SandboxSection
        title="Type scale"
        description="System UI stack, 14 px base; headings 20/16/14 px semi-bold."
        testId="text-type-scale"
      >
        <dl className={styles.scale}>
          {TYPE_SCALE.map(({ name, token, sample, element: Element }) => (
            <div key={name} className={styles.scaleRow}>
              <dt>
                <span className={styles.swatchName}>{name}</span>
                <code className={styles.swatchToken}>{token}</code>
              </dt>
              <dd>
                <Element style={{ fontSize: `var(${token})` }} className={styles.sample}>
                  {sample}
                </Element>
              </dd>
            </div>
          ))}
          <div className={styles.scaleRow}>
            <dt>
              <span className={styles.swatchName}>Figure</span>
              <code className={styles.swatchToken}>tabular numerals</code>
            </dt>
            <dd className={styles.figures}>
              <span>1,204,118</span>
              <span>98.42%</span>
              <span>€ 3,410.07</span>
            </dd>
          </div>
        </dl>
      </SandboxSection>

      <SandboxSection title="Brand and surfaces" testId="text-colours">
        <div className={styles.swatches}>
          {BRAND.map(([token, name]) => (
            <Swatch key={token} token={token} name={name} />
          ))}
        </div>
      </SandboxSection>

      <SandboxSection title="Button colours" testId="text-button-colours">
        <div className={styles.swatches}>
          {BUTTONS.map(([token, name]) => (
            <Swatch key={token} token={token} name={name} />
          ))}
        </div>
      </SandboxSection>

      <SandboxSection
        title="Risk tiers"
        description="Used wherever a tier shows, and for nothing else."
        testId="text-risk-tiers"
      >
        <div className={styles.swatches}>
          {TIERS.map(([token, name, note]) => (
            <Swatch key={token} token={token} name={name} note={`${note} · ${token}`} />
          ))}
        </div>
      </SandboxSection>

      <SandboxSection
        title="Series palette"
        description="17 colour-blind-safe hues for series 1 to 17; charts with more series get no colours."
        testId="text-series-palette"
      >
        <ol className={styles.palette}>
          {SERIES_COLOURS.map((colour, index) => (
            <li key={colour} className={styles.paletteItem}>
              <span className={styles.paletteChip} style={{ background: `var(--series-${index + 1})` }} />
              <span className={styles.swatchToken}>{index + 1}</span>
              <code className={styles.swatchToken}>{colour}</code>
            </li>
          ))}
        </ol>
      </SandboxSection>

      <SandboxSection title="Spacing, radii and shadows" testId="text-spacing">
        <div className={styles.spacing}>
          {SPACING.map((space, index) => (
            <div key={space} className={styles.spaceRow}>
              <code className={styles.swatchToken}>{`--space-${index + 1}`}</code>
              <span className={styles.spaceBar} style={{ width: space }} />
              <span className={styles.swatchToken}>{space} px</span>
            </div>
          ))}
        </div>
        <div className={styles.surfaces}>
          {(['--radius-s', '--radius-m', '--radius-l'] as const).map((token) => (
            <div key={token} className={styles.surface} style={{ borderRadius: `var(${token})` }}>
              <code>{token}</code>
            </div>
          ))}
          {(['--shadow-dropdown', '--shadow-tooltip', '--shadow-modal'] as const).map((token) => (
            <div
              key={token}
              className={styles.surface}
              style={{ boxShadow: `var(${token})`, border: 'none' }}
            >
              <code>{token}</code>
            </div>
          ))}
        </div>
      </SandboxSection>
    </SandboxPage>
  );
}
