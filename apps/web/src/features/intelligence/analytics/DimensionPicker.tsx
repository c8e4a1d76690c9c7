import type { AnalyticsAccess, DimensionId } from '@veracity/contracts/analytics/dimensions';
import { MAX_DIMENSIONS } from '@veracity/contracts/analytics/query';
import { useState } from 'react';
import { Icon } from '../../../components/Icon/Icon';
import { DEFAULT_TERMS, type Terms } from '../../../lib/terms';
import { dimensionGroups } from './analytics-access';
import { PickerPopover } from './PickerPopover';
import styles from './Pickers.module.css';

interface DimensionPickerProps {
  value: readonly DimensionId[];
  access: AnalyticsAccess;
  onApply: (dimensions: DimensionId[]) => void;
  /** The account's words for offer, campaign, traffic source, var1–var4 and visit. */
  terms?: Terms;
}

/** The free plan's explanation under its two dimensions (spec 02 §2, §6). */
export const FREE_PLAN_DIMENSIONS_NOTE = 'The Free plan analyses by Day and Traffic Type only.';

/**
 * The table's dimensions, in order (each one a level of the tree, up to 5): the chosen ones as an
 * ordered list that can be reordered and trimmed, and the catalogue by group, limited to what the
 * plan opens (free: Day and Traffic Type; Google with the Google feature; Traffic and Visit Status
 * with the firewall; var1..var{allowedVars}).
 */
export function DimensionPicker({ value, access, onApply, terms = DEFAULT_TERMS }: DimensionPickerProps) {
  const [draft, setDraft] = useState<DimensionId[]>([...value]);
  const groups = dimensionGroups(access, terms);
  const label = terms.dimensionLabel;
  const full = draft.length >= MAX_DIMENSIONS;

  const toggle = (id: DimensionId) =>
    setDraft((current) =>
      current.includes(id)
        ? current.filter((item) => item !== id)
        : current.length < MAX_DIMENSIONS
          ? [...current, id]
          : current,
    );
  const move = (index: number, by: -1 | 1) =>
    setDraft((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });

  return (
    <PickerPopover
      title="Dimensions"
      summary={value.map((id) => label(id)).join(' › ')}
      onOpen={() => setDraft([...value])}
      onApply={() => onApply(draft)}
      applyDisabled={draft.length === 0}
      footerNote={access.free ? FREE_PLAN_DIMENSIONS_NOTE : `${draft.length} of ${MAX_DIMENSIONS} levels`}
      testId="dimension-picker"
    >
      <ol className={styles.chosen} aria-label="Chosen dimensions">
        {draft.length === 0 ? <li className={styles.chosenEmpty}>Choose at least one dimension.</li> : null}
        {draft.map((id, index) => (
          <li key={id} className={styles.chosenItem} data-testid="chosen-dimension">
            <span className={styles.chosenIndex}>{index + 1}.</span>
            <span className={styles.chosenLabel}>{label(id)}</span>
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => move(index, -1)}
              disabled={index === 0}
              aria-label={`Move ${label(id)} up`}
            >
              <Icon name="chevron-down" className={styles.up} />
            </button>
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => move(index, 1)}
              disabled={index === draft.length - 1}
              aria-label={`Move ${label(id)} down`}
            >
              <Icon name="chevron-down" />
            </button>
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => toggle(id)}
              aria-label={`Remove ${label(id)}`}
            >
              <Icon name="close" />
            </button>
          </li>
        ))}
      </ol>
      <div className={styles.groups}>
        {groups.map((group) => (
          <fieldset key={group.group} className={styles.group}>
            <legend className={styles.groupLabel}>{group.label}</legend>
            {group.items.map((item) => {
              const checked = draft.includes(item.id);
              return (
                <label key={item.id} className={styles.option}>
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => toggle(item.id)}
                  />
                  <span>{item.label}</span>
                </label>
              );
            })}
          </fieldset>
        ))}
      </div>
    </PickerPopover>
  );
}
