import { evidenceJson, MAX_EVIDENCE_LENGTH, MAX_EVIDENCE_REASONS } from './event-evidence.js';
import {
  CONVERSION_STATUSES,
  type ConversionRow,
  CUSTOM_VAR_NAMES,
  type EngagementRow,
  type EventDimensions,
  EventValidationError,
  type EventValidationIssue,
  EXCLUSION_PLATFORMS,
  type ExclusionFiringRow,
  exclusionFiringId,
  HIT_STATUSES,
  type HitRow,
  RISK_LEVELS,
  type SessionRow,
} from './event-store.js';

/**
 * The column catalogue: for each event kind, the stored columns in table order, the row field each
 * comes from and the kind of value it holds. Both store implementations write from it (DuckDB appends
 * cells in this order; ClickHouse will send the same names), and validation runs from it, so a batch is
 * checked the same way whatever store receives it. A migration that adds a column adds it here, at the end.
 */

/** What a column holds; decides validation and the stored type. */
export type ColumnKind =
  | 'relationship' // positive 32-bit integer (INTEGER)
  | 'id' // non-empty well-formed string, at most 128 characters
  | 'text' // well-formed string, at most 8192 characters (non-empty when required)
  | 'country' // two capital letters (WW for unknown)
  | 'currency' // three capital letters (ISO 4217)
  | 'int' // non-negative safe integer (BIGINT)
  | 'count' // non-negative 32-bit integer (INTEGER)
  | 'number' // finite number (DOUBLE)
  | 'timestamp' // valid Date (TIMESTAMPTZ, milliseconds)
  | 'riskLevel'
  | 'hitStatus'
  | 'conversionStatus'
  | 'threats' // list of non-empty strings (VARCHAR[])
  | 'evidence'; // object of reason id -> evidence object, stored as JSON text (event-evidence.ts)

/** A validated, normalized cell: undefined became null, threats were copied, evidence is JSON text. */
export type CellValue = string | number | Date | readonly string[] | null;

export interface EventColumn<Row> {
  /** Stored column name. */
  readonly name: string;
  /** Row field, as shown in validation errors. */
  readonly field: string;
  readonly kind: ColumnKind;
  readonly required: boolean;
  readonly read: (row: Row) => unknown;
}

export type EventKind = 'hits' | 'sessions' | 'conversions' | 'exclusion_firings' | 'engagements';

export interface EventTable<Row> {
  readonly kind: EventKind;
  readonly columns: readonly EventColumn<Row>[];
  /** Cross-field rules, run after every column of the row is valid. */
  readonly rowChecks: readonly ((row: Row) => Omit<EventValidationIssue, 'row'> | null)[];
}

const MAX_ID_LENGTH = 128;
const MAX_TEXT_LENGTH = 8192;
const MAX_THREATS = 100;
const MAX_REASON_LENGTH = 128;
/** The prefix of a custom variable's field name (`vars.var1`): the row keeps them in `vars`. */
const VARS_FIELD = 'vars.';
const MAX_INT32 = 2_147_483_647;

function column<Row, Field extends keyof Row & string>(
  name: string,
  field: Field,
  kind: ColumnKind,
  required = false,
): EventColumn<Row> {
  return { name, field, kind, required, read: (row) => row[field] };
}

function customVarColumns<Row extends { vars?: HitRow['vars'] }>(): EventColumn<Row>[] {
  return CUSTOM_VAR_NAMES.map((name) => ({
    name,
    field: `${VARS_FIELD}${name}`,
    kind: 'text' as const,
    required: false,
    read: (row: Row) => row.vars?.[name],
  }));
}

/** Dimensions of a hit that sessions and conversions gained in migration 3 (both in this order). */
function landingDimensionColumns<Row extends EventDimensions>(): EventColumn<Row>[] {
  return [
    column<Row, 'utmContent'>('utm_content', 'utmContent', 'text'),
    column<Row, 'utmTerm'>('utm_term', 'utmTerm', 'text'),
    column<Row, 'subPublisher'>('sub_publisher', 'subPublisher', 'text'),
    column<Row, 'isp'>('isp', 'isp', 'text'),
    column<Row, 'domain'>('domain', 'domain', 'text'),
    column<Row, 'googleCampaignId'>('google_campaign_id', 'googleCampaignId', 'text'),
    column<Row, 'googlePlacement'>('google_placement', 'googlePlacement', 'text'),
    column<Row, 'googleKeyword'>('google_keyword', 'googleKeyword', 'text'),
    column<Row, 'googleAccountId'>('google_account_id', 'googleAccountId', 'text'),
    column<Row, 'hitStatus'>('hit_status', 'hitStatus', 'hitStatus'),
    ...customVarColumns<Row>(),
  ];
}

export const hitTable: EventTable<HitRow> = {
  kind: 'hits',
  columns: [
    column('relationship_id', 'relationshipId', 'relationship', true),
    column('id', 'id', 'id', true),
    column('session_id', 'sessionId', 'id', true),
    column('ts', 'ts', 'timestamp', true),
    column('url', 'url', 'text', true),
    column('referrer', 'referrer', 'text'),
    column('traffic_type', 'trafficType', 'text', true),
    column('utm_source', 'utmSource', 'text'),
    column('utm_medium', 'utmMedium', 'text'),
    column('utm_campaign', 'utmCampaign', 'text'),
    column('utm_content', 'utmContent', 'text'),
    column('utm_term', 'utmTerm', 'text'),
    column('campaign_id', 'campaignId', 'int'),
    column('offer_id', 'offerId', 'int'),
    column('traffic_source_id', 'trafficSourceId', 'int'),
    column('sub_publisher', 'subPublisher', 'text'),
    column('click_id', 'clickId', 'text'),
    column('click_id_type', 'clickIdType', 'text'),
    column('ip', 'ip', 'text'),
    column('country', 'country', 'country'),
    column('isp', 'isp', 'text'),
    column('asn', 'asn', 'int'),
    column('device_type', 'deviceType', 'text'),
    column('os_name', 'osName', 'text'),
    column('browser', 'browser', 'text'),
    column('user_agent', 'userAgent', 'text'),
    column('risk_level', 'riskLevel', 'riskLevel', true),
    column('threats', 'threats', 'threats', true),
    column('hit_status', 'hitStatus', 'hitStatus', true),
    column('cost', 'cost', 'number'),
    ...customVarColumns<HitRow>(),
    // Migration 2.
    column('domain', 'domain', 'text'),
    column('device_id', 'deviceId', 'id'),
    column('google_campaign_id', 'googleCampaignId', 'text'),
    column('google_placement', 'googlePlacement', 'text'),
    column('google_keyword', 'googleKeyword', 'text'),
    column('google_account_id', 'googleAccountId', 'text'),
    column('score', 'score', 'count'),
    // Migration 7 (DuckDB), 5 (ClickHouse): the evidence of each reason.
    column('evidence', 'evidence', 'evidence'),
    // Migration 10 (DuckDB), 8 (ClickHouse): what the sensor saw of the device.
    column('screen_width', 'screenWidth', 'count'),
    column('screen_height', 'screenHeight', 'count'),
    column('time_zone', 'timeZone', 'text'),
    column('languages', 'languages', 'text'),
  ],
  rowChecks: [],
};

export const sessionTable: EventTable<SessionRow> = {
  kind: 'sessions',
  columns: [
    column('relationship_id', 'relationshipId', 'relationship', true),
    column('id', 'id', 'id', true),
    column('started_at', 'startedAt', 'timestamp', true),
    column('last_seen_at', 'lastSeenAt', 'timestamp', true),
    column('landing_url', 'landingUrl', 'text', true),
    column('referrer', 'referrer', 'text'),
    column('traffic_type', 'trafficType', 'text', true),
    column('utm_source', 'utmSource', 'text'),
    column('utm_medium', 'utmMedium', 'text'),
    column('utm_campaign', 'utmCampaign', 'text'),
    column('campaign_id', 'campaignId', 'int'),
    column('offer_id', 'offerId', 'int'),
    column('traffic_source_id', 'trafficSourceId', 'int'),
    column('ip', 'ip', 'text'),
    column('country', 'country', 'country'),
    column('device_type', 'deviceType', 'text'),
    column('os_name', 'osName', 'text'),
    column('browser', 'browser', 'text'),
    column('risk_level', 'riskLevel', 'riskLevel', true),
    column('threats', 'threats', 'threats', true),
    column('hits', 'hits', 'count', true),
    // Migration 3: the landing hit's remaining dimensions.
    ...landingDimensionColumns<SessionRow>(),
    // Migration 7 (DuckDB), 5 (ClickHouse): the evidence of each reason.
    column('evidence', 'evidence', 'evidence'),
  ],
  rowChecks: [
    (row) =>
      row.lastSeenAt.getTime() < row.startedAt.getTime()
        ? { field: 'lastSeenAt', message: 'must not be before startedAt' }
        : null,
  ],
};

export const conversionTable: EventTable<ConversionRow> = {
  kind: 'conversions',
  columns: [
    column('relationship_id', 'relationshipId', 'relationship', true),
    column('id', 'id', 'id', true),
    column('session_id', 'sessionId', 'id'),
    column('hit_id', 'hitId', 'id'),
    column('ts', 'ts', 'timestamp', true),
    column('name', 'name', 'text', true),
    column('value', 'value', 'number'),
    column('currency', 'currency', 'currency'),
    column('traffic_type', 'trafficType', 'text', true),
    column('campaign_id', 'campaignId', 'int'),
    column('offer_id', 'offerId', 'int'),
    column('traffic_source_id', 'trafficSourceId', 'int'),
    column('risk_level', 'riskLevel', 'riskLevel', true),
    column('threats', 'threats', 'threats', true),
    column('status', 'status', 'conversionStatus', true),
    // Migration 3: the click's dimensions.
    column('referrer', 'referrer', 'text'),
    column('utm_source', 'utmSource', 'text'),
    column('utm_medium', 'utmMedium', 'text'),
    column('utm_campaign', 'utmCampaign', 'text'),
    column('country', 'country', 'country'),
    column('device_type', 'deviceType', 'text'),
    column('os_name', 'osName', 'text'),
    column('browser', 'browser', 'text'),
    ...landingDimensionColumns<ConversionRow>(),
    // Migration 6 (DuckDB), 4 (ClickHouse): the verdict's score, answered again to a resent id.
    column('score', 'score', 'count'),
    // Migration 7 (DuckDB), 5 (ClickHouse): the evidence of each reason.
    column('evidence', 'evidence', 'evidence'),
  ],
  rowChecks: [],
};

const PLATFORMS: readonly string[] = EXCLUSION_PLATFORMS;

/**
 * Exclusion firings (event schema 8 in DuckDB, 6 in ClickHouse): the sensor fired the exclusion event on
 * an ad platform's tag for a hit. Identity is (relationshipId, id) with id `hitId:platform`, so a
 * firing of the same hit on the same platform is stored once. The hit's verdict and the dimensions the
 * exclusion widgets filter by are copied from the stored hit, as conversions carry their click's.
 */
export const exclusionFiringTable: EventTable<ExclusionFiringRow> = {
  kind: 'exclusion_firings',
  columns: [
    column('relationship_id', 'relationshipId', 'relationship', true),
    column('id', 'id', 'id', true),
    column('hit_id', 'hitId', 'id', true),
    column('session_id', 'sessionId', 'id', true),
    column('platform', 'platform', 'text', true),
    column('ts', 'ts', 'timestamp', true),
    column('risk_level', 'riskLevel', 'riskLevel', true),
    column('traffic_type', 'trafficType', 'text', true),
    column('google_campaign_id', 'googleCampaignId', 'text'),
  ],
  rowChecks: [
    (row) =>
      PLATFORMS.includes(row.platform)
        ? null
        : { field: 'platform', message: `must be one of ${EXCLUSION_PLATFORMS.join(', ')}` },
    (row) =>
      row.id === exclusionFiringId(row.hitId, row.platform)
        ? null
        : { field: 'id', message: 'must be the hit id and the platform joined by a colon' },
  ],
};

/**
 * Engagements (event schema 10 in DuckDB, 8 in ClickHouse): the figures of a page view's engagement
 * beacon, once per hit (`id` is the hit's id).
 */
export const engagementTable: EventTable<EngagementRow> = {
  kind: 'engagements',
  columns: [
    column('relationship_id', 'relationshipId', 'relationship', true),
    column('id', 'id', 'id', true),
    column('session_id', 'sessionId', 'id', true),
    column('ts', 'ts', 'timestamp', true),
    column('visible_ms', 'visibleMs', 'count'),
    column('dwell_ms', 'dwellMs', 'count'),
    column('pointer_moves', 'pointerMoves', 'count'),
    column('clicks', 'clicks', 'count'),
    column('key_presses', 'keys', 'count'),
    column('scrolls', 'scrolls', 'count'),
    column('touches', 'touches', 'count'),
  ],
  rowChecks: [],
};

/**
 * The stores cannot hold an unpaired UTF-16 surrogate (DuckDB refused the journal line that held one):
 * the collector replaces them with U+FFFD before it answers (`ingest/json-body.ts`), and a row that
 * still holds one is refused here, before it is acknowledged.
 */
const NOT_WELL_FORMED = 'must be well-formed Unicode (it holds an unpaired UTF-16 surrogate)';

function oneOf(value: unknown, allowed: readonly string[]): string | undefined {
  return typeof value === 'string' && allowed.includes(value)
    ? undefined
    : `must be one of ${allowed.join(', ')} (got ${describe(value)})`;
}

function describe(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (Array.isArray(value)) return 'an array';
  return value === null ? 'null' : typeof value === 'object' ? 'an object' : String(value);
}

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** Returns the problem with a present (non-null) value of the given kind, or undefined when it is valid. */
function checkValue(kind: ColumnKind, value: unknown, required: boolean): string | undefined {
  switch (kind) {
    case 'relationship':
      return isIntegerIn(value, 1, MAX_INT32)
        ? undefined
        : `must be a positive 32-bit integer (got ${describe(value)})`;
    case 'id':
      if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID_LENGTH) {
        return `must be a string of 1 to ${MAX_ID_LENGTH} characters (got ${describe(value)})`;
      }
      return value.isWellFormed() ? undefined : NOT_WELL_FORMED;
    case 'text':
      if (typeof value !== 'string') return `must be a string (got ${describe(value)})`;
      if (required && value.length === 0) return 'must not be empty';
      if (value.length > MAX_TEXT_LENGTH) return `must be at most ${MAX_TEXT_LENGTH} characters`;
      return value.isWellFormed() ? undefined : NOT_WELL_FORMED;
    case 'country':
      return typeof value === 'string' && /^[A-Z]{2}$/.test(value)
        ? undefined
        : `must be a two-letter country code such as ES or WW (got ${describe(value)})`;
    case 'currency':
      return typeof value === 'string' && /^[A-Z]{3}$/.test(value)
        ? undefined
        : `must be a three-letter currency code such as EUR (got ${describe(value)})`;
    case 'int':
      return isIntegerIn(value, 0, Number.MAX_SAFE_INTEGER)
        ? undefined
        : `must be a non-negative integer (got ${describe(value)})`;
    case 'count':
      return isIntegerIn(value, 0, MAX_INT32)
        ? undefined
        : `must be a non-negative integer (got ${describe(value)})`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? undefined
        : `must be a finite number (got ${describe(value)})`;
    case 'timestamp':
      return value instanceof Date && !Number.isNaN(value.getTime())
        ? undefined
        : `must be a valid Date (got ${describe(value)})`;
    case 'riskLevel':
      return oneOf(value, RISK_LEVELS);
    case 'hitStatus':
      return oneOf(value, HIT_STATUSES);
    case 'conversionStatus':
      return oneOf(value, CONVERSION_STATUSES);
    case 'threats':
      if (!Array.isArray(value) || value.length > MAX_THREATS) {
        return `must be a list of at most ${MAX_THREATS} threat reasons (got ${describe(value)})`;
      }
      return value.every(
        (reason) => typeof reason === 'string' && reason.length > 0 && reason.length <= MAX_REASON_LENGTH,
      )
        ? undefined
        : `must contain only non-empty strings of at most ${MAX_REASON_LENGTH} characters`;
    case 'evidence':
      return evidenceJson(value) === undefined
        ? `must be an object of at most ${MAX_EVIDENCE_REASONS} reasons, each an object, in at most ${MAX_EVIDENCE_LENGTH} characters of well-formed JSON (got ${describe(value)})`
        : undefined;
  }
}

/**
 * Validates a whole batch and returns its cells, row by row in catalogue column order. Throws an
 * {@link EventValidationError} listing every problem when any row is invalid, so nothing is written.
 */
export function normalizeBatch<Row>(table: EventTable<Row>, rows: readonly Row[]): CellValue[][] {
  return checkBatch(table, rows, true);
}

/** Validates a whole batch as {@link normalizeBatch} does, without building its cells. */
export function validateBatch<Row>(table: EventTable<Row>, rows: readonly Row[]): void {
  checkBatch(table, rows, false);
}

function checkBatch<Row>(table: EventTable<Row>, rows: readonly Row[], keepCells: boolean): CellValue[][] {
  const issues: EventValidationIssue[] = [];
  const cells: CellValue[][] = [];
  rows.forEach((row, index) => {
    if (typeof row !== 'object' || row === null) {
      issues.push({ row: index, field: '(row)', message: `must be an object (got ${describe(row)})` });
      return;
    }
    const rowCells: CellValue[] = [];
    let rowValid = true;
    for (const col of table.columns) {
      const value = col.read(row) ?? null;
      if (value === null) {
        if (col.required) {
          issues.push({ row: index, field: col.field, message: 'is required' });
          rowValid = false;
        }
        if (keepCells) rowCells.push(null);
        continue;
      }
      const problem = checkValue(col.kind, value, col.required);
      if (problem !== undefined) {
        issues.push({ row: index, field: col.field, message: problem });
        rowValid = false;
        continue;
      }
      if (keepCells) rowCells.push(col.kind === 'evidence' ? (evidenceJson(value) ?? null) : toCell(value));
    }
    if (rowValid) {
      for (const check of table.rowChecks) {
        const issue = check(row);
        if (issue !== null) issues.push({ row: index, ...issue });
      }
    }
    if (keepCells) cells.push(rowCells);
  });
  if (issues.length > 0) throw new EventValidationError(table.kind, issues);
  return cells;
}

/**
 * The JSON object of a row as the ingestion journal holds it: the catalogue's fields by their row names
 * (custom variables under `vars`), timestamps as ISO strings, absent and null cells left out (a reader
 * takes a missing field as null). Answers undefined when any cell or row check fails, so that a caller
 * can then report every problem with {@link validateBatch}.
 *
 * The function is generated from the catalogue once per table: each column becomes a named property
 * read and the check of its kind, inline. It accepts exactly what {@link checkValue} accepts (a test
 * runs both over the edge values of every kind). Generated code reads each column by a fixed name,
 * which V8 keeps monomorphic; `validateBatch` followed by `JSON.stringify` of a copy, or a loop over
 * the columns, cost more (docs/decisions.md; `npm run bench -- pipeline-cpu`).
 */
export function rowJsonWriter<Row>(table: EventTable<Row>): (row: Row) => string | undefined {
  const plain: string[] = [];
  const vars: string[] = [];
  // The object opens with the first column, which every table requires (relationship_id): the others
  // follow it with a comma, and custom variables with one after the first present.
  if (!table.columns[0]?.required) throw new Error(`the first ${table.kind} column must be required`);
  for (const col of table.columns) {
    const inVars = col.field.startsWith(VARS_FIELD);
    const name = inVars ? col.field.slice(VARS_FIELD.length) : col.field;
    const value = inVars
      ? `(vars == null ? undefined : vars[${JSON.stringify(name)}])`
      : `row[${JSON.stringify(name)}]`;
    const key = JSON.stringify(`${JSON.stringify(name)}:`);
    const written = inVars
      ? `varsJson += (varsJson === '' ? ${key} : ',' + ${key}) + ${CELL[col.kind]};`
      : `json += ${plain.length === 0 ? key : JSON.stringify(`,${JSON.stringify(name)}:`)} + ${CELL[col.kind]};`;
    // Evidence without a reason is left out, as a null cell is.
    const write = col.kind === 'evidence' ? `if (t !== null) ${written}` : written;
    // Each column: read, skip when absent (refuse when required), refuse when its kind's check fails,
    // else write.
    (inVars ? vars : plain).push(
      `v = ${value};
      if (v === undefined || v === null) { ${col.required ? 'return undefined;' : ''} }
      else if (${INVALID[col.kind](col.required)}) return undefined;
      else ${write}`,
    );
  }
  const source = `return function rowJson(row) {
    if (typeof row !== 'object' || row === null) return undefined;
    let json = '{';
    let varsJson = '';
    const vars = row.vars;
    let v;
    let t;
    ${plain.join('\n')}
    ${vars.join('\n')}
    for (let i = 0; i < rowChecks.length; i++) if (rowChecks[i](row) !== null) return undefined;
    return varsJson === '' ? json + '}' : json + ',"vars":{' + varsJson + '}}';
  };`;
  return new Function('limits', 'allowed', 'rowChecks', source)(LIMITS, ALLOWED, table.rowChecks);
}

/** Bounds and lists the generated checks read (the same as {@link checkValue}'s). */
const LIMITS = {
  id: MAX_ID_LENGTH,
  text: MAX_TEXT_LENGTH,
  int32: MAX_INT32,
  threats: MAX_THREATS,
  reason: MAX_REASON_LENGTH,
  country: /^[A-Z]{2}$/,
  currency: /^[A-Z]{3}$/,
  evidenceJson,
};
const ALLOWED = {
  riskLevel: new Set<string>(RISK_LEVELS),
  hitStatus: new Set<string>(HIT_STATUSES),
  conversionStatus: new Set<string>(CONVERSION_STATUSES),
};

/** For each kind, JavaScript that is true when a present value `v` fails {@link checkValue}. */
const INVALID: Record<ColumnKind, (required: boolean) => string> = {
  relationship: () => `!(typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= limits.int32)`,
  id: () => `!(typeof v === 'string' && v.length > 0 && v.length <= limits.id && v.isWellFormed())`,
  text: (required) =>
    `!(typeof v === 'string' && v.length <= limits.text${required ? ' && v.length > 0' : ''} && v.isWellFormed())`,
  country: () => `!(typeof v === 'string' && limits.country.test(v))`,
  currency: () => `!(typeof v === 'string' && limits.currency.test(v))`,
  int: () => `!(typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER)`,
  count: () => `!(typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= limits.int32)`,
  number: () => `!(typeof v === 'number' && Number.isFinite(v))`,
  timestamp: () => `!(v instanceof Date && !Number.isNaN(v.getTime()))`,
  riskLevel: () => `!(typeof v === 'string' && allowed.riskLevel.has(v))`,
  hitStatus: () => `!(typeof v === 'string' && allowed.hitStatus.has(v))`,
  conversionStatus: () => `!(typeof v === 'string' && allowed.conversionStatus.has(v))`,
  threats: () =>
    `!(Array.isArray(v) && v.length <= limits.threats && v.every((r) => typeof r === 'string' && r.length > 0 && r.length <= limits.reason))`,
  evidence: () => `(t = limits.evidenceJson(v)) === undefined`,
};

/** For each kind, JavaScript for the JSON of a valid value `v`. */
const CELL: Record<ColumnKind, string> = {
  relationship: 'String(v)',
  id: 'JSON.stringify(v)',
  text: 'JSON.stringify(v)',
  country: `'"' + v + '"'`,
  currency: `'"' + v + '"'`,
  int: 'String(v)',
  count: 'String(v)',
  number: 'String(v)',
  timestamp: `'"' + v.toISOString() + '"'`,
  riskLevel: `'"' + v + '"'`,
  hitStatus: `'"' + v + '"'`,
  conversionStatus: `'"' + v + '"'`,
  threats: 'JSON.stringify(v)',
  evidence: 't',
};

/** Narrows an already-checked value to a cell; arrays are copied so later mutation cannot change the batch. */
function toCell(value: unknown): CellValue {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  throw new TypeError(`Unexpected cell value ${describe(value)}`);
}
