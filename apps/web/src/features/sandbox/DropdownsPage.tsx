import { useState } from 'react';
import { Dropdown, type DropdownDirection } from '../../components/Dropdown/Dropdown';
import styles from './Sandbox.module.css';
import { SandboxPage, SandboxSection, Specimen } from './SandboxLayout';

type Frequency = '1' | '8' | '12' | 'daily' | 'deactivated';
const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: '1', label: 'Hourly' },
  { value: '8', label: '8 hours' },
  { value: '12', label: '12 hours' },
  { value: 'daily', label: 'Daily (24h)' },
  { value: 'deactivated', label: 'Inactive' },
];
const DIRECTIONS: DropdownDirection[] = ['down', 'up', 'left', 'right'];

function FrequencyDropdown(props: Partial<Parameters<typeof Dropdown<Frequency>>[0]>) {
  const [value, setValue] = useState<Frequency | null>('daily');
  return <Dropdown<Frequency> options={FREQUENCIES} value={value} onChange={setValue} {...props} />;
}

export function DropdownsPage() {
  return (
    <SandboxPage
      title="Dropdowns"
      intro="A single choice from a menu. 160 px wide by default with a 160 px minimum menu; opens down, up, left or right; an outside click or a choice closes it."
      testId="sandbox-dropdowns"
    >
      <SandboxSection
        title="Default"
        description="Width 160 px, direction down, with and without a label."
        testId="dropdowns-default"
      >
        <div className={styles.row}>
          <FrequencyDropdown label="Frequency" />
          <FrequencyDropdown aria-label="Frequency without label" />
          <Dropdown
            label="Alert Type"
            placeholder="Select a type"
            options={[
              { value: 'click', label: 'Click' },
              { value: 'conversion', label: 'Conversion' },
            ]}
            value={null}
            onChange={() => undefined}
          />
        </div>
      </SandboxSection>

      <SandboxSection
        title="Directions"
        description="down (default), up, left, right."
        testId="dropdowns-directions"
      >
        <div className={styles.row}>
          {DIRECTIONS.map((direction) => (
            <Specimen key={direction} label={direction}>
              <FrequencyDropdown direction={direction} aria-label={`Opens ${direction}`} />
            </Specimen>
          ))}
        </div>
      </SandboxSection>

      <SandboxSection
        title="Validation"
        description="A touched field with an error shows an invalid border and the error; otherwise the warning shows."
        testId="dropdowns-feedback"
      >
        <div className={styles.row}>
          <Specimen label="Touched with error">
            <Dropdown
              label="Frequency"
              options={FREQUENCIES}
              value={null}
              onChange={() => undefined}
              touched
              error="Required field"
            />
          </Specimen>
          <Specimen label="Warning">
            <FrequencyDropdown label="Frequency" warning="Hourly alerts may be noisy" />
          </Specimen>
          <Specimen label="Untouched with error">
            <Dropdown
              label="Frequency"
              options={FREQUENCIES}
              value={null}
              onChange={() => undefined}
              error="Required field"
            />
          </Specimen>
        </div>
      </SandboxSection>

      <SandboxSection title="Widths and states" testId="dropdowns-widths">
        <div className={styles.row}>
          <Specimen label="240 px, menu 280 px">
            <FrequencyDropdown width={240} menuMinWidth={280} aria-label="Wide" />
          </Specimen>
          <Specimen label="Disabled">
            <FrequencyDropdown disabled aria-label="Disabled" />
          </Specimen>
        </div>
      </SandboxSection>
    </SandboxPage>
  );
}
