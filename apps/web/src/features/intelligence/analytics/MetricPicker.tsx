import type { AnalyticsAccess } from '@veracity/contracts/analytics/dimensions';
import { METRIC_KEYS, type MetricKey } from '@veracity/contracts/analytics/metrics';
import { useState } from 'react';
import { DEFAULT_TERMS, type Terms } from '../../../lib/terms';
import { defaultMetrics } from '../../../lib/url-state';
import { metricGroups } from './analytics-access';
import { PickerPopover } from './PickerPopover';
import styles from './Pickers.module.css';

interface MetricPickerProps {
  value: readonly MetricKey[];
  access: AnalyticsAccess;
  onApply: (metrics: MetricKey[]) => void;
  /** The account's words for visits and conversions. */
  terms?: Terms;
  /** Only these metrics are offered (a report's: those exported); every column metric otherwise. */
  offered?: readonly MetricKey[];
}

/**
 * The table's metric columns by group (Sessions, Hits, Conversion, General), limited to what the
 * account has: metrics that need the firewall are not offered without it. Columns keep the
 * catalogue's order, so a table reads the same whatever order they were ticked in.
 */
export function MetricPicker({ value, access, onApply, terms = DEFAULT_TERMS, offered }: MetricPickerProps) {
  const [draft, setDraft] = useState<ReadonlySet<MetricKey>>(new Set(value));
  const isOffered = (key: MetricKey) => offered === undefined || offered.includes(key);
  const groups = metricGroups(access, terms)
    .map((group) => ({ ...group, items: group.items.filter((item) => isOffered(item.id)) }))
    .filter((group) => group.items.length > 0);
  const toggle = (key: MetricKey) =>
    setDraft((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const setGroup = (keys: readonly MetricKey[], on: boolean) =>
    setDraft((current) => {
      const next = new Set(current);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });

  return (
    <PickerPopover
      title="Metrics"
      summary={`${value.length} selected`}
      onOpen={() => setDraft(new Set(value))}
      onApply={() => onApply(METRIC_KEYS.filter((key) => draft.has(key)))}
      applyDisabled={draft.size === 0}
      footerNote={
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => setDraft(new Set(defaultMetrics(access).filter(isOffered)))}
        >
          Default metrics
        </button>
      }
      testId="metric-picker"
    >
      <div className={styles.groups}>
        {groups.map((group) => {
          const keys = group.items.map((item) => item.id);
          const all = keys.every((key) => draft.has(key));
          return (
            <fieldset key={group.group} className={styles.group}>
              <legend className={styles.groupLabel}>
                {group.label}
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => setGroup(keys, !all)}
                  aria-label={`${all ? 'Clear' : 'Select'} all ${group.label} metrics`}
                >
                  {all ? 'Clear' : 'All'}
                </button>
              </legend>
              {group.items.map((item) => (
                <label key={item.id} className={styles.option}>
                  <input type="checkbox" checked={draft.has(item.id)} onChange={() => toggle(item.id)} />
                  <span>{item.label}</span>
                </label>
              ))}
            </fieldset>
          );
        })}
      </div>
    </PickerPopover>
  );
}
