import { FILTERS } from '@veracity/contracts/analytics/filters';
import type { FilterOption } from '@veracity/contracts/analytics/query';
import { DEVICE_NAMES, OS_NAMES } from '@veracity/contracts/detection';
import type { OfferTargeting } from '@veracity/contracts/firewall';
import { useCallback, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import type { FilterColumn } from '../../intelligence/report-filters/report-filter-columns';
import { ValuePicker } from '../../intelligence/report-filters/ValuePicker';
import { useTerms } from '../../session/use-terms';
import styles from './Firewall.module.css';

const COUNTRY_COLUMN: FilterColumn = {
  id: 'country',
  column: FILTERS.country.column,
  label: 'Country',
  definition: FILTERS.country,
};

/** Operating systems an offer can target: the spec's list, without the catch-all "Other". */
const TARGET_OS = OS_NAMES.filter((name) => name !== 'Other');

function CheckList<V extends string>({
  legend,
  values,
  options,
  onChange,
  testId,
}: {
  legend: string;
  values: readonly V[];
  options: readonly V[];
  onChange: (values: V[]) => void;
  testId: string;
}) {
  const chosen = new Set(values);
  return (
    <fieldset className={styles.checks} data-testid={testId}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className={styles.check}>
          <input
            type="checkbox"
            checked={chosen.has(option)}
            onChange={() =>
              onChange(chosen.has(option) ? values.filter((v) => v !== option) : [...values, option])
            }
          />
          {option}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Who an offer is for (spec 02 §3): countries from the country picker without WW (an offer targets
 * real countries), devices and operating systems; each empty for "everyone". Locked, with the reason,
 * for a user without offer_edit_targeting.
 */
export function OfferTargetingFields({
  targeting,
  onChange,
  lockedReason,
}: {
  targeting: OfferTargeting;
  onChange: (targeting: OfferTargeting) => void;
  lockedReason: string | null;
}) {
  const terms = useTerms();
  const [picking, setPicking] = useState(false);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const onOptionsSeen = useCallback((options: readonly FilterOption[]) => {
    setNames((known) => {
      const next = new Map(known);
      for (const option of options) next.set(String(option.id), option.name);
      return next.size === known.size ? known : next;
    });
  }, []);
  const locked = lockedReason !== null;
  return (
    <fieldset className={styles.fieldset} disabled={locked} data-testid="offer-form-targeting">
      <legend>Targeting</legend>
      <p className={styles.fieldNote}>
        {locked
          ? lockedReason
          : `Leave a list empty to take everyone. ${terms.plural('click')} that do not match are paused, not blocked.`}
      </p>
      <div className={styles.pickerLine}>
        <div>
          <span className={styles.textareaLabel}>Countries</span>
          <div className={styles.chips} data-testid="offer-form-countries">
            {targeting.countries.length === 0 ? (
              <span className={styles.fieldNote}>Every country</span>
            ) : (
              targeting.countries.map((code) => (
                <span key={code} className={styles.chip}>
                  {names.get(code) ?? code}
                </span>
              ))
            )}
          </div>
        </div>
        <Button
          size="s"
          variation="white"
          aria-expanded={picking}
          onClick={() => setPicking(!picking)}
          disabled={locked}
          data-testid="offer-form-pick-countries"
        >
          {picking ? 'Done' : 'Choose countries'}
        </Button>
      </div>
      {picking && !locked ? (
        <div className={styles.pickerBox}>
          <ValuePicker
            column={COUNTRY_COLUMN}
            values={targeting.countries}
            onValuesChange={(values) => onChange({ ...targeting, countries: values.map(String) })}
            onOptionsSeen={onOptionsSeen}
            readOnly={false}
            includeWorldWide={false}
          />
        </div>
      ) : null}
      <CheckList
        legend="Devices"
        values={targeting.devices}
        options={DEVICE_NAMES}
        onChange={(devices) => onChange({ ...targeting, devices })}
        testId="offer-form-devices"
      />
      <CheckList
        legend="Operating systems"
        values={targeting.os}
        options={TARGET_OS}
        onChange={(os) => onChange({ ...targeting, os })}
        testId="offer-form-os"
      />
    </fieldset>
  );
}
