import { useState } from 'react';
import { Input } from '../../components/Input/Input';
import { RadioGroup } from '../../components/RadioGroup/RadioGroup';
import { Toggle } from '../../components/Toggle/Toggle';
import styles from './Sandbox.module.css';
import { SandboxPage, SandboxSection, Specimen } from './SandboxLayout';

const ALERT_TYPES = [
  { value: 'click', label: 'Click' },
  { value: 'conversion', label: 'Conversion' },
  { value: 'impression', label: 'Impression', disabled: true },
];

export function InputSection() {
  const [threshold, setThreshold] = useState('3');
  const invalid = !/^\d+(\.\d{1,2})?$/.test(threshold) || Number(threshold) < 0.01 || Number(threshold) > 100;
  return (
    <SandboxSection
      title="Input"
      description="Widths max (100%) and m (160 px); label; touched error or warning."
      testId="inputs-input"
    >
      <div className={styles.grid}>
        <Specimen label="Width max">
          <Input label="Alert Name" placeholder="e.g. Invalid clicks spike" />
        </Specimen>
        <Specimen label="Width m">
          <Input label="Minimum events" width="m" defaultValue="500" inputMode="numeric" />
        </Specimen>
        <Specimen label="Live validation">
          <Input
            label="Threshold (%)"
            width="m"
            value={threshold}
            onChange={(event) => setThreshold(event.target.value)}
            touched
            error={invalid ? 'Use only numeric values between 0.01-100' : null}
          />
        </Specimen>
        <Specimen label="Touched with error">
          <Input label="Alert Name" touched error="Required field" />
        </Specimen>
        <Specimen label="Warning">
          <Input label="Domain" defaultValue="shop.example" warning="This domain has no traffic yet" />
        </Specimen>
        <Specimen label="Disabled">
          <Input label="Account id" defaultValue="123-456-7890" disabled />
        </Specimen>
      </div>
    </SandboxSection>
  );
}

export function RadioSection() {
  const [type, setType] = useState<string>('click');
  const [untouched, setUntouched] = useState<string | null>(null);
  return (
    <SandboxSection
      title="Radio group"
      description="Shows a touched field's error, otherwise the warning."
      testId="inputs-radio"
    >
      <div className={styles.grid}>
        <Specimen label="Vertical">
          <RadioGroup label="Alert Type" options={ALERT_TYPES} value={type} onChange={setType} />
        </Specimen>
        <Specimen label="Horizontal">
          <RadioGroup
            label="Match"
            orientation="horizontal"
            options={[
              { value: 'all', label: 'All' },
              { value: 'any', label: 'Any' },
            ]}
            value="all"
            onChange={() => undefined}
          />
        </Specimen>
        <Specimen label="Touched with error">
          <RadioGroup
            label="Alert Type"
            options={ALERT_TYPES}
            value={null}
            onChange={() => undefined}
            touched
            error="Required field"
          />
        </Specimen>
        <Specimen label="Warning">
          <RadioGroup
            label="Alert Type"
            options={ALERT_TYPES}
            value={untouched}
            onChange={setUntouched}
            warning="Conversion alerts need postbacks"
          />
        </Specimen>
      </div>
    </SandboxSection>
  );
}

export function ToggleSection() {
  const [campaign, setCampaign] = useState(true);
  const [offer, setOffer] = useState(false);
  const [tier, setTier] = useState(true);
  return (
    <SandboxSection
      title="Toggle"
      description='Checked reads "active", unchecked "inactive"; a disabled toggle ignores changes.'
      testId="inputs-toggle"
    >
      <div className={styles.grid}>
        <Specimen label="Blue-white (default)">
          <Toggle aria-label="Campaign status" checked={campaign} onChange={setCampaign} />
          <Toggle aria-label="Offer status" checked={offer} onChange={setOffer} />
        </Specimen>
        <Specimen label="Legitimate-suspicious">
          <Toggle
            aria-label="Traffic tier"
            colourSet="legitimate-suspicious"
            checked={tier}
            onChange={setTier}
          />
        </Specimen>
        <Specimen label="Disabled">
          <Toggle aria-label="Locked on" checked disabled onChange={() => undefined} />
          <Toggle aria-label="Locked off" checked={false} disabled onChange={() => undefined} />
        </Specimen>
      </div>
    </SandboxSection>
  );
}

export function InputsPage() {
  return (
    <SandboxPage
      title="Inputs"
      intro="Text input, radio group and toggle, with the shared error and warning rule."
      testId="sandbox-inputs"
    >
      <InputSection />
      <RadioSection />
      <ToggleSection />
    </SandboxPage>
  );
}

export function RadioPage() {
  return (
    <SandboxPage
      title="Radio"
      intro="Radio groups built on an accessible primitive: arrow keys move between choices."
      testId="sandbox-radio"
    >
      <RadioSection />
    </SandboxPage>
  );
}

export function TogglePage() {
  return (
    <SandboxPage
      title="Toggle"
      intro="Binary toggles for the active status of campaigns, offers and traffic sources."
      testId="sandbox-toggle"
    >
      <ToggleSection />
    </SandboxPage>
  );
}
