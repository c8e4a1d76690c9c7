import { z } from 'zod';
import { zDimensionId } from './analytics/dimensions.js';

/**
 * Alerts (spec 02 §3, §5, §7, §9): a threshold on the share of invalid (high-risk) clicks or
 * conversions among those matching the alert's dimension values, evaluated at its frequency.
 */

export const ALERT_TYPES = ['click', 'conversion'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const DEFAULT_ALERT_TYPE: AlertType = 'click';
export const ALERT_TYPE_LABELS: Record<AlertType, string> = { click: 'Click', conversion: 'Conversion' };

/** Spec 02 §9: the frequency options, their values and labels; "deactivated" never evaluates. */
export const ALERT_FREQUENCIES = ['1', '8', '12', 'daily', 'deactivated'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const DEFAULT_ALERT_FREQUENCY: AlertFrequency = 'daily';
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  '1': 'Hourly',
  '8': '8 hours',
  '12': '12 hours',
  daily: 'Daily (24h)',
  deactivated: 'Inactive',
};
/** The hours a frequency's window covers (undefined: never evaluated). */
export function alertWindowHours(frequency: AlertFrequency): number | undefined {
  if (frequency === 'deactivated') return undefined;
  return frequency === 'daily' ? 24 : Number(frequency);
}

/** Spec 02 §9: the draft a channel card's Create Alert opens with. */
export const CHANNEL_ALERT_DRAFT = { threshold: 3, minEvents: 500 } as const;

export const ALERT_NAME_MAX = 120;
export const ALERT_MAX_DIMENSIONS = 10;
export const ALERT_MAX_VALUES = 100;
/** Spec 02 §5: the largest minimum of events (the maximum 32-bit integer). */
export const ALERT_MAX_EVENTS = 2_147_483_647;

/** Spec 02 §5: the alert form's messages. */
export const ALERT_MESSAGES = {
  required: 'Required field',
  threshold: 'Use only numeric values between 0.01-100',
  minEvents: 'Use only numeric values',
  maxEvents: 'Maximum number of events exceeded',
} as const;

/** What the alert form holds: numbers as typed, so that the messages can say what is wrong. */
export interface AlertFormValues {
  name: string;
  type: AlertType | '' | null | undefined;
  threshold: string | number | null | undefined;
  minEvents: string | number | null | undefined;
  frequency: AlertFrequency | '' | null | undefined;
}
export type AlertField = keyof AlertFormValues;

const THRESHOLD_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;
const DIGITS = /^\d+$/;

/**
 * Spec 02 §5, on both sides: name and type required; threshold required, numeric from 0.01 to 100
 * with at most 2 decimals, not zero; minimum events required, digits only, at least 1, at most
 * 2147483647; frequency required. Returns the message of each field in error.
 */
export function validateAlert(values: AlertFormValues): Partial<Record<AlertField, string>> {
  const errors: Partial<Record<AlertField, string>> = {};
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
  if (text(values.name) === '') errors.name = ALERT_MESSAGES.required;
  if (!ALERT_TYPES.includes(values.type as AlertType)) errors.type = ALERT_MESSAGES.required;
  const threshold = text(values.threshold);
  if (threshold === '') errors.threshold = ALERT_MESSAGES.required;
  else if (!THRESHOLD_PATTERN.test(threshold) || Number(threshold) < 0.01 || Number(threshold) > 100) {
    errors.threshold = ALERT_MESSAGES.threshold;
  }
  const minEvents = text(values.minEvents);
  if (minEvents === '') errors.minEvents = ALERT_MESSAGES.required;
  else if (!DIGITS.test(minEvents) || Number(minEvents) < 1) errors.minEvents = ALERT_MESSAGES.minEvents;
  else if (Number(minEvents) > ALERT_MAX_EVENTS) errors.minEvents = ALERT_MESSAGES.maxEvents;
  if (!ALERT_FREQUENCIES.includes(values.frequency as AlertFrequency)) {
    errors.frequency = ALERT_MESSAGES.required;
  }
  return errors;
}

const zAlertValue = z.union([z.string().trim().min(1).max(200), z.number()]);

/**
 * POST /api/alerts, PUT /api/alerts/{id}: the alert payload. The shape is checked here; the form's
 * rules and messages by {@link validateAlert} (the server answers 400 with them).
 */
export const zAlertBody = z
  .object({
    name: z.string().max(ALERT_NAME_MAX),
    type: z.string().default(DEFAULT_ALERT_TYPE),
    dimensions: z.array(zDimensionId).max(ALERT_MAX_DIMENSIONS).default([]),
    values: z.record(z.string(), z.array(zAlertValue).max(ALERT_MAX_VALUES)).default({}),
    threshold: z.union([z.number(), z.string().max(20)]).nullable(),
    minEvents: z.union([z.number(), z.string().max(20)]).nullable(),
    frequency: z.string().default(DEFAULT_ALERT_FREQUENCY),
  })
  .superRefine((body, context) => {
    if (new Set(body.dimensions).size !== body.dimensions.length) {
      context.addIssue({ code: 'custom', path: ['dimensions'], message: 'A dimension cannot repeat' });
    }
    for (const dimension of body.dimensions) {
      if ((body.values[dimension] ?? []).length === 0) {
        context.addIssue({ code: 'custom', path: ['values', dimension], message: 'Required field' });
      }
    }
    for (const key of Object.keys(body.values)) {
      if (!(body.dimensions as string[]).includes(key)) {
        context.addIssue({ code: 'custom', path: ['values', key], message: 'Not one of the dimensions' });
      }
    }
  });
export type AlertBody = z.input<typeof zAlertBody>;

export const zAlert = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(ALERT_TYPES),
  dimensions: z.array(zDimensionId),
  values: z.record(z.string(), z.array(z.union([z.string(), z.number()]))),
  threshold: z.number(),
  minEvents: z.number().int(),
  frequency: z.enum(ALERT_FREQUENCIES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The end of the last window evaluated, null before the first. */
  lastEvaluatedAt: z.string().nullable(),
});
export type Alert = z.infer<typeof zAlert>;
export const zAlerts = z.array(zAlert);

/** One time an alert fired: its window and the figures that reached the threshold. */
export const zAlertFiring = z.object({
  id: z.number().int(),
  alertId: z.number().int(),
  alertName: z.string(),
  type: z.enum(ALERT_TYPES),
  windowStart: z.string(),
  windowEnd: z.string(),
  events: z.number().int(),
  invalidEvents: z.number().int(),
  /** Invalid share of the window's events, in percent (2 decimals). */
  invalidPercent: z.number(),
  threshold: z.number(),
  firedAt: z.string(),
  /** How many people the email went to (0 until sent). */
  recipients: z.number().int(),
});
export type AlertFiring = z.infer<typeof zAlertFiring>;
/** GET /api/alerts/history: the latest firings, newest first. */
export const zAlertHistory = z.array(zAlertFiring);
export const ALERT_HISTORY_LIMIT = 100;
