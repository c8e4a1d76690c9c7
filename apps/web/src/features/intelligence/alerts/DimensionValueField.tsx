import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import { FILTERS, type FilterId } from '@veracity/contracts/analytics/filters';
import { Dropdown, type DropdownOption } from '../../../components/Dropdown/Dropdown';
import { Input } from '../../../components/Input/Input';
import { useTerms } from '../../session/use-terms';
import { useFilterOptions } from '../report-filters/filter-options.api';

/** Spec 02 §2: what a picker shows while it loads and when it has nothing. */
export const VALUE_LOADING = 'Loading...';
export const VALUE_NONE = 'No results';

interface DimensionValueFieldProps {
  dimension: DimensionId;
  value: string;
  onChange: (value: string) => void;
  touched: boolean;
  error: string | undefined;
  disabled: boolean;
  testId: string;
}

/**
 * The one value of a dimension line: picked from the dimension's reference list (traffic types,
 * countries, devices, ...) through the report filters' options call, or typed for free-text ones.
 */
export function DimensionValueField(props: DimensionValueFieldProps) {
  const filter = FILTERS[props.dimension as FilterId];
  const label = useTerms().filterLabel(props.dimension as FilterId);
  if (filter.kind === 'text') {
    return (
      <Input
        aria-label={`${label} value`}
        value={props.value}
        maxLength={200}
        placeholder="Value"
        onChange={(event) => props.onChange(event.target.value)}
        touched={props.touched}
        error={props.error}
        disabled={props.disabled}
        data-testid={props.testId}
      />
    );
  }
  return <ListValueField {...props} label={label} />;
}

function ListValueField({
  dimension,
  value,
  onChange,
  touched,
  error,
  disabled,
  testId,
  label,
}: DimensionValueFieldProps & { label: string }) {
  const options = useFilterOptions(dimension as FilterId, '');
  const listed = options.data?.options ?? [];
  const choices: DropdownOption<string>[] = listed.map((option) => ({
    value: String(option.id),
    label: option.flag ? `${option.flag} ${option.name}` : option.name,
  }));
  // A value the list no longer holds (or beyond its first page) still shows, by its id.
  if (value !== '' && !choices.some((choice) => choice.value === value)) {
    choices.unshift({ value, label: value });
  }
  const placeholder = options.isPending ? VALUE_LOADING : listed.length === 0 ? VALUE_NONE : 'Select...';
  return (
    <div data-testid={testId}>
      <Dropdown
        aria-label={`${label} value`}
        options={choices}
        value={value === '' ? null : value}
        onChange={onChange}
        placeholder={placeholder}
        width="100%"
        menuMinWidth={220}
        touched={touched}
        error={error}
        disabled={disabled || (options.isPending && value === '')}
      />
    </div>
  );
}
