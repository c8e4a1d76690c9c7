import {
  ALERT_MAX_DIMENSIONS,
  ALERT_MESSAGES,
  type Alert,
  type AlertBody,
  type AlertField,
  type AlertFrequency,
  type AlertType,
  DEFAULT_ALERT_FREQUENCY,
  DEFAULT_ALERT_TYPE,
  validateAlert,
} from '@veracity/contracts/alerts';
import {
  type AnalyticsAccess,
  DIMENSION_IDS,
  DIMENSIONS,
  type DimensionId,
} from '@veracity/contracts/analytics/dimensions';
import {
  FILTERS,
  type FilterDefinition,
  type FilterId,
  isFilterAllowed,
} from '@veracity/contracts/analytics/filters';

/**
 * The alert form's state and rules (spec 02 §2 "Alerts form", §4, §5): the fields as typed, checked
 * by the contracts' validateAlert (the server applies the same rules), and the dimension lines: one
 * value per dimension, and a dimension never used twice.
 */

/** Spec 01 §8, spec 02 §8: the notifications of a saved or deleted alert (top right). */
export const ALERT_NOTIFICATIONS = {
  created: 'Alert created successfully',
  updated: 'Alert updated successfully',
  deleted: 'Alert successfully deleted',
} as const;

/** One "dimension = value" line of the form. `key` keeps React's identity across removals. */
export interface DimensionLine {
  key: number;
  dimension: DimensionId | null;
  value: string;
}

export interface AlertFormState {
  name: string;
  type: AlertType;
  lines: DimensionLine[];
  threshold: string;
  minEvents: string;
  frequency: AlertFrequency;
}

/** What a screen hands the form to start from: a channel card's draft (spec 02 §2, §9). */
export interface AlertDraft {
  name: string;
  dimensions: readonly DimensionId[];
  values: Readonly<Record<string, readonly (string | number)[]>>;
  threshold: number;
  minEvents: number;
}

function linesOf(dimensions: readonly DimensionId[], values: AlertDraft['values']): DimensionLine[] {
  return dimensions.map((dimension, key) => ({
    key,
    dimension,
    value: String(values[dimension]?.[0] ?? ''),
  }));
}

export function emptyAlertForm(): AlertFormState {
  return {
    name: '',
    type: DEFAULT_ALERT_TYPE,
    lines: [],
    threshold: '',
    minEvents: '',
    frequency: DEFAULT_ALERT_FREQUENCY,
  };
}

export function alertFormFromDraft(draft: AlertDraft): AlertFormState {
  return {
    ...emptyAlertForm(),
    name: draft.name,
    lines: linesOf(draft.dimensions, draft.values),
    threshold: String(draft.threshold),
    minEvents: String(draft.minEvents),
  };
}

export function alertFormFromAlert(alert: Alert): AlertFormState {
  return {
    name: alert.name,
    type: alert.type,
    lines: linesOf(alert.dimensions, alert.values),
    threshold: String(alert.threshold),
    minEvents: String(alert.minEvents),
    frequency: alert.frequency,
  };
}

/** A dimension an alert can watch: a stored column the account may filter on (the server's rule). */
export function isAlertDimension(id: DimensionId, access: AnalyticsAccess): boolean {
  if (!(id in FILTERS) || DIMENSIONS[id].source !== 'column') return false;
  const filter: FilterDefinition = FILTERS[id as FilterId];
  return filter.kind !== 'date' && isFilterAllowed(id as FilterId, access);
}

/** The dimensions the account's alerts can watch, in catalogue order. */
export function alertDimensions(access: AnalyticsAccess): DimensionId[] {
  return DIMENSION_IDS.filter((id) => isAlertDimension(id, access));
}

/** The dimensions line `index` may choose: its own, and none used by another line (spec 02 §4). */
export function dimensionChoices(
  choices: readonly DimensionId[],
  lines: readonly DimensionLine[],
  index: number,
): DimensionId[] {
  const used = new Set(lines.filter((_, other) => other !== index).map((line) => line.dimension));
  return choices.filter((id) => !used.has(id));
}

/** Another line can be added while dimensions remain unused and the limit is not reached. */
export function canAddLine(choices: readonly DimensionId[], lines: readonly DimensionLine[]): boolean {
  return lines.length < ALERT_MAX_DIMENSIONS && dimensionChoices(choices, lines, -1).length > 0;
}

export function addLine(lines: readonly DimensionLine[]): DimensionLine[] {
  const key = lines.reduce((max, line) => Math.max(max, line.key), -1) + 1;
  return [...lines, { key, dimension: null, value: '' }];
}

export interface AlertFormErrors {
  fields: Partial<Record<AlertField, string>>;
  /** By line key: the dimension and the value must both be given. */
  lines: Record<number, { dimension?: string; value?: string }>;
}

export function validateAlertForm(form: AlertFormState): AlertFormErrors {
  const lines: AlertFormErrors['lines'] = {};
  for (const line of form.lines) {
    const errors: { dimension?: string; value?: string } = {};
    if (line.dimension === null) errors.dimension = ALERT_MESSAGES.required;
    if (line.value.trim() === '') errors.value = ALERT_MESSAGES.required;
    if (errors.dimension || errors.value) lines[line.key] = errors;
  }
  return { fields: validateAlert(form), lines };
}

export function hasErrors(errors: AlertFormErrors): boolean {
  return Object.keys(errors.fields).length > 0 || Object.keys(errors.lines).length > 0;
}

/** The payload of POST /api/alerts and PUT /api/alerts/{id}, from a valid form. */
export function alertBodyOf(form: AlertFormState): AlertBody {
  const lines = form.lines.filter(
    (line): line is DimensionLine & { dimension: DimensionId } => line.dimension !== null,
  );
  return {
    name: form.name.trim(),
    type: form.type,
    dimensions: lines.map((line) => line.dimension),
    values: Object.fromEntries(lines.map((line) => [line.dimension, [line.value.trim()]])),
    threshold: Number(form.threshold.trim()),
    minEvents: Number(form.minEvents.trim()),
    frequency: form.frequency,
  };
}
