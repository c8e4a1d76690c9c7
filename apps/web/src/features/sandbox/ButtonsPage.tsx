import { useState } from 'react';
import { Button, type ButtonSize, type ButtonVariation } from '../../components/Button/Button';
import { CopyButton } from '../../components/CopyButton/CopyButton';
import styles from './Sandbox.module.css';
import { SandboxPage, SandboxSection, Specimen } from './SandboxLayout';

const VARIATIONS: { variation: ButtonVariation; label: string }[] = [
  { variation: 'primary', label: 'Blue primary' },
  { variation: 'secondary', label: 'Blue secondary' },
  { variation: 'white', label: 'White' },
  { variation: 'orange', label: 'Orange' },
  { variation: 'red', label: 'Red' },
  { variation: 'gold', label: 'Gold' },
];
const SIZES: { size: ButtonSize; label: string }[] = [
  { size: 'm', label: 'M (default)' },
  { size: 's', label: 'S' },
  { size: 'xs', label: 'XS' },
  { size: 'binary', label: 'Binary' },
];

export function ButtonsPage() {
  const [match, setMatch] = useState<'all' | 'any'>('all');
  const [saving, setSaving] = useState(false);
  return (
    <SandboxPage
      title="Buttons"
      intro="Six variations, four sizes and four states. A bare button is the blue primary, size M. Disabled buttons fade to 40%; loading buttons keep their width and show a spinner."
      testId="sandbox-buttons"
    >
      <SandboxSection
        title="Variations"
        description="Blue primary (default), blue secondary, white, orange, red, gold."
        testId="buttons-variations"
      >
        <div className={styles.row}>
          {VARIATIONS.map(({ variation, label }) => (
            <Button key={variation} variation={variation}>
              {label}
            </Button>
          ))}
        </div>
      </SandboxSection>

      <SandboxSection
        title="Sizes"
        description="M (default), S, XS and binary, for every variation."
        testId="buttons-sizes"
      >
        <div className={styles.matrixScroll}>
          <table className={styles.matrix}>
            <thead>
              <tr>
                <th scope="col">Variation</th>
                {SIZES.map(({ size, label }) => (
                  <th key={size} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {VARIATIONS.map(({ variation, label }) => (
                <tr key={variation}>
                  <th scope="row">{label}</th>
                  {SIZES.map(({ size }) => (
                    <td key={size}>
                      <Button
                        variation={variation}
                        size={size}
                        pressed={size === 'binary' ? true : undefined}
                      >
                        {size === 'binary' ? 'On' : 'Button'}
                      </Button>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </SandboxSection>

      <SandboxSection
        title="States"
        description="Default, hover (point at any button), disabled and loading."
        testId="buttons-states"
      >
        <div className={styles.grid}>
          {VARIATIONS.map(({ variation, label }) => (
            <Specimen key={variation} label={label}>
              <Button variation={variation}>Default</Button>
              <Button variation={variation} disabled>
                Disabled
              </Button>
              <Button variation={variation} loading>
                Loading
              </Button>
            </Specimen>
          ))}
        </div>
      </SandboxSection>

      <SandboxSection title="Binary pair and loading on demand" testId="buttons-binary">
        <div className={styles.row}>
          <Specimen label="Match">
            <Button size="binary" pressed={match === 'all'} onClick={() => setMatch('all')}>
              All
            </Button>
            <Button size="binary" pressed={match === 'any'} onClick={() => setMatch('any')}>
              Any
            </Button>
          </Specimen>
          <Specimen label="Click to load for 2 s">
            <Button
              loading={saving}
              onClick={() => {
                setSaving(true);
                setTimeout(() => setSaving(false), 2000);
              }}
            >
              Save alert
            </Button>
          </Specimen>
        </div>
      </SandboxSection>

      <SandboxSection
        title="Copy button"
        description='Copies to the clipboard, shows "Copied" for 2 seconds and the notification "Copied successfully".'
        testId="buttons-copy"
      >
        <div className={styles.row}>
          <CopyButton
            text={'<script async src="https://sensor.veracity.example/s.js"></script>'}
            label="Copy snippet"
          />
          <CopyButton text="ACC-000123" variation="white" size="xs" label="Copy id" />
        </div>
      </SandboxSection>
    </SandboxPage>
  );
}
