import type { AnalyticsAccess } from '@veracity/contracts/analytics/dimensions';
import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import { FilterOptionsSourceProvider } from '../intelligence/report-filters/filter-options.api';
import { ReportFilters, type ReportFiltersValue } from '../intelligence/report-filters/ReportFilters';
import pageStyles from './ReportFiltersPage.module.css';
import { referenceFilterOptions } from './reference-filter-options';
import styles from './Sandbox.module.css';
import { SandboxPage, SandboxSection, Specimen } from './SandboxLayout';

type Plan = 'pro' | 'free';

const INITIAL: ReportFiltersValue = {
  matchType: 'any',
  filters: [
    // ZZ is no country: its chip reads "ZZ: Not found".
    { column: 'country', type: 'equals', values: ['ES', 'FR', 'ZZ'] },
    { column: 'isp', type: 'notEquals', values: ['Amazon Technologies', 'OVH SAS'] },
  ],
};

function BinaryPair<V extends string>(props: {
  label: string;
  value: V;
  options: readonly { value: NoInfer<V>; label: string }[];
  onChange(value: NoInfer<V>): void;
}) {
  return (
    <Specimen label={props.label}>
      {props.options.map((option) => (
        <Button
          key={option.value}
          size="binary"
          pressed={props.value === option.value}
          onClick={() => props.onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Specimen>
  );
}

export function ReportFiltersPage() {
  const [value, setValue] = useState<ReportFiltersValue>(INITIAL);
  const [plan, setPlan] = useState<Plan>('pro');
  const [firewall, setFirewall] = useState<'on' | 'off'>('on');
  const [allowedVars, setAllowedVars] = useState<'4' | '20'>('4');
  const [disabled, setDisabled] = useState<'no' | 'yes'>('no');
  const access: AnalyticsAccess = {
    free: plan === 'free',
    google: true,
    firewall: firewall === 'on',
    allowedVars: Number(allowedVars),
  };
  return (
    <SandboxPage
      title="Report filters"
      intro="The analytics filters: match all or any of the lines, one line per column chosen from a submenu per group, equals or not equals, and a multi-select picker with search, Select All, free-text entry and chips. Here the pickers read the reference lists (countries, browsers, OS...) and a few sample values; in the dashboard they ask GET /api/analytics/filter-options."
      testId="sandbox-report-filters"
    >
      <SandboxSection
        title="Access"
        description="What the account's plan and features open: the Traffic group needs the firewall, custom variables follow allowedVars, the free plan explores without selecting."
        testId="report-filters-access"
      >
        <div className={styles.row}>
          <BinaryPair
            label="Plan"
            value={plan}
            onChange={setPlan}
            options={[
              { value: 'pro', label: 'Pro' },
              { value: 'free', label: 'Free' },
            ]}
          />
          <BinaryPair
            label="Firewall"
            value={firewall}
            onChange={setFirewall}
            options={[
              { value: 'on', label: 'On' },
              { value: 'off', label: 'Off' },
            ]}
          />
          <BinaryPair
            label="allowedVars"
            value={allowedVars}
            onChange={setAllowedVars}
            options={[
              { value: '4', label: '4' },
              { value: '20', label: '20' },
            ]}
          />
          <BinaryPair
            label="Disabled"
            value={disabled}
            onChange={setDisabled}
            options={[
              { value: 'no', label: 'No' },
              { value: 'yes', label: 'Yes' },
            ]}
          />
        </div>
      </SandboxSection>

      <SandboxSection
        title="Editor"
        description="Try Target › Country (flags, search in six languages), Traffic › Sub Publisher (400 values, virtualised) or Website › Domain (free-text entry)."
        testId="report-filters-editor"
      >
        <FilterOptionsSourceProvider value={referenceFilterOptions}>
          <ReportFilters
            value={value}
            onChange={setValue}
            access={access}
            disabled={disabled === 'yes'}
            disabledReason="The filters are disabled while the report loads"
          />
        </FilterOptionsSourceProvider>
      </SandboxSection>

      <SandboxSection
        title="Value"
        description="What the analytics page receives and keeps in the address."
        testId="report-filters-value"
      >
        <pre className={pageStyles.value}>{JSON.stringify(value, null, 2)}</pre>
      </SandboxSection>
    </SandboxPage>
  );
}
