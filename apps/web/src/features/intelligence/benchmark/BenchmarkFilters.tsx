import { countriesForPicker } from '@veracity/contracts/analytics/reference/countries';
import { GOOGLE_CAMPAIGN_TYPES_B } from '@veracity/contracts/analytics/reference/google-campaign-types';
import { TRAFFIC_TYPE_LIST } from '@veracity/contracts/analytics/reference/traffic-types';
import type { BenchmarkFilters } from '@veracity/contracts/benchmark';
import { zBenchmarkFilters } from '@veracity/contracts/benchmark';
import { useId } from 'react';
import { Button } from '../../../components/Button/Button';
import styles from './BenchmarkPage.module.css';

const COUNTRIES = countriesForPicker({ includeWorldWide: false });

type FilterKey = keyof BenchmarkFilters;

function Select({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string | undefined;
  options: readonly { id: string; name: string }[];
  onChange: (value: string | undefined) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        data-testid={testId}
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The benchmark's filters: country, traffic type and Google campaign type (catalogue B), each "All"
 * or one value; native selects, so keyboards and phones get their own pickers.
 */
export function BenchmarkFilterBar({
  filters,
  onChange,
}: {
  filters: BenchmarkFilters;
  onChange: (next: BenchmarkFilters) => void;
}) {
  const set = (key: FilterKey, value: string | undefined) => {
    const next: Record<string, string | undefined> = { ...filters, [key]: value };
    if (value === undefined) delete next[key];
    const parsed = zBenchmarkFilters.safeParse(next);
    if (parsed.success) onChange(parsed.data);
  };
  const any = Object.keys(filters).length > 0;
  return (
    <fieldset className={styles.filters} data-testid="benchmark-filters">
      <legend className="visually-hidden">Compare within</legend>
      <Select
        label="Country"
        value={filters.country}
        options={COUNTRIES.map((country) => ({ id: country.id, name: `${country.flag} ${country.name}` }))}
        onChange={(value) => set('country', value)}
        testId="benchmark-country"
      />
      <Select
        label="Traffic type"
        value={filters.trafficType}
        options={TRAFFIC_TYPE_LIST}
        onChange={(value) => set('trafficType', value)}
        testId="benchmark-traffic-type"
      />
      <Select
        label="Google campaign type"
        value={filters.googleCampaignType}
        options={GOOGLE_CAMPAIGN_TYPES_B}
        onChange={(value) => set('googleCampaignType', value)}
        testId="benchmark-google-campaign-type"
      />
      {any ? (
        <Button size="s" variation="white" onClick={() => onChange({})} data-testid="benchmark-clear-filters">
          Clear filters
        </Button>
      ) : null}
    </fieldset>
  );
}
