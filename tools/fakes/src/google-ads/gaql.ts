/**
 * A parser for the Google Ads Query Language as far as Veracity uses it:
 * SELECT fields FROM resource [WHERE cond AND cond ...] [ORDER BY field [ASC|DESC], ...] [LIMIT n]
 * [PARAMETERS ...]; conditions =, !=, <, <=, >, >=, IN, NOT IN, LIKE, BETWEEN, DURING, IS [NOT] NULL.
 * Field names are checked against the resources the fake knows (resource, metrics, segments).
 */

export type GaqlValue = string | number | boolean | null;

export interface GaqlCondition {
  field: string;
  operator: string;
  values: GaqlValue[];
}

export interface GaqlQuery {
  fields: string[];
  resource: string;
  where: GaqlCondition[];
  orderBy: Array<{ field: string; descending: boolean }>;
  limit: number | null;
}

export class GaqlError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly trigger?: string,
  ) {
    super(message);
  }
}

type FieldType = 'string' | 'int64' | 'bool' | 'enum' | 'date';

/** The fields of each resource the fake serves (snake_case, as GAQL names them). */
export const RESOURCE_FIELDS: Record<string, Record<string, FieldType>> = {
  customer: {
    resource_name: 'string',
    id: 'int64',
    descriptive_name: 'string',
    currency_code: 'string',
    time_zone: 'string',
    manager: 'bool',
    tracking_url_template: 'string',
    status: 'enum',
  },
  customer_client: {
    resource_name: 'string',
    client_customer: 'string',
    id: 'int64',
    level: 'int64',
    manager: 'bool',
    hidden: 'bool',
    descriptive_name: 'string',
    currency_code: 'string',
    time_zone: 'string',
    status: 'enum',
  },
  campaign: {
    resource_name: 'string',
    id: 'int64',
    name: 'string',
    advertising_channel_type: 'enum',
    status: 'enum',
  },
  campaign_criterion: {
    resource_name: 'string',
    campaign: 'string',
    criterion_id: 'int64',
    negative: 'bool',
    type: 'enum',
    'ip_block.ip_address': 'string',
    'user_list.user_list': 'string',
  },
  customer_negative_criterion: {
    resource_name: 'string',
    id: 'int64',
    type: 'enum',
    'ip_block.ip_address': 'string',
  },
  user_list: {
    resource_name: 'string',
    id: 'int64',
    name: 'string',
    description: 'string',
    membership_life_span: 'int64',
    type: 'enum',
  },
  metrics: { clicks: 'int64', impressions: 'int64', cost_micros: 'int64' },
  segments: { date: 'date' },
};

/** Which other resources' fields a query FROM this resource may select (attributed resources). */
const ATTRIBUTED: Record<string, string[]> = {
  customer: ['metrics', 'segments'],
  customer_client: ['customer'],
  campaign: ['customer', 'metrics', 'segments'],
  campaign_criterion: ['campaign', 'customer'],
  customer_negative_criterion: ['customer'],
  user_list: ['customer'],
};

export function fieldType(field: string): FieldType | undefined {
  const dot = field.indexOf('.');
  if (dot < 0) return undefined;
  return RESOURCE_FIELDS[field.slice(0, dot)]?.[field.slice(dot + 1)];
}

const TOKEN =
  /\s*(?:('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?)|(!=|>=|<=|=|<|>|\(|\)|,)|([A-Za-z_][A-Za-z0-9_.]*))/y;

function tokenize(query: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  const rest = query.trim();
  let position = 0;
  while (position < rest.length) {
    TOKEN.lastIndex = position;
    const match = TOKEN.exec(rest);
    if (!match) {
      throw new GaqlError(
        'UNEXPECTED_INPUT',
        `Error in query: unexpected input ${rest.slice(position, position + 20)}.`,
      );
    }
    tokens.push(match[0].trim());
    position = TOKEN.lastIndex;
  }
  return tokens;
}

function literal(token: string | undefined): GaqlValue {
  if (token === undefined)
    throw new GaqlError('UNEXPECTED_END_OF_QUERY', 'Error in query: unexpected end of query.');
  if (/^['"]/.test(token)) return token.slice(1, -1).replace(/\\(.)/g, '$1');
  if (/^-?\d/.test(token)) return Number(token);
  if (/^true$/i.test(token)) return true;
  if (/^false$/i.test(token)) return false;
  return token;
}

export function parseGaql(query: string): GaqlQuery {
  const tokens = tokenize(query);
  let index = 0;
  const peek = () => tokens[index];
  const next = () => {
    const token = tokens[index];
    if (token === undefined)
      throw new GaqlError('UNEXPECTED_END_OF_QUERY', 'Error in query: unexpected end of query.');
    index += 1;
    return token;
  };
  const keyword = (word: string) => {
    if (peek()?.toUpperCase() === word) {
      index += 1;
      return true;
    }
    return false;
  };
  if (!keyword('SELECT')) throw new GaqlError('EXPECTED_SELECT', 'Error in query: expected SELECT.');
  const fields: string[] = [];
  do fields.push(next());
  while (keyword(','));
  if (!keyword('FROM')) throw new GaqlError('EXPECTED_FROM', 'Error in query: expected FROM.');
  const resource = next();
  const allowed = ATTRIBUTED[resource];
  if (!allowed) {
    throw new GaqlError(
      'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE',
      `Error in query: resource ${resource} is not a valid resource.`,
      resource,
    );
  }
  const checkField = (field: string) => {
    const owner = field.slice(0, Math.max(0, field.indexOf('.')));
    if (!fieldType(field) || (owner !== resource && !allowed.includes(owner))) {
      throw new GaqlError('UNRECOGNIZED_FIELD', `Error in query: unrecognized field ${field}.`, field);
    }
  };
  for (const field of fields) checkField(field);
  const where: GaqlCondition[] = [];
  if (keyword('WHERE')) {
    do {
      const field = next();
      checkField(field);
      let operator = next().toUpperCase();
      if (operator === 'NOT') operator = `NOT ${next().toUpperCase()}`;
      if (operator === 'IS')
        operator = keyword('NOT') ? `IS NOT ${next().toUpperCase()}` : `IS ${next().toUpperCase()}`;
      const values: GaqlValue[] = [];
      if (operator === 'IN' || operator === 'NOT IN') {
        if (next() !== '(') throw new GaqlError('EXPECTED_LEFT_PARENTHESIS', 'Error in query: expected (.');
        do values.push(literal(next()));
        while (keyword(','));
        if (next() !== ')') throw new GaqlError('EXPECTED_RIGHT_PARENTHESIS', 'Error in query: expected ).');
      } else if (operator === 'BETWEEN') {
        values.push(literal(next()));
        if (!keyword('AND')) throw new GaqlError('EXPECTED_AND', 'Error in query: expected AND.');
        values.push(literal(next()));
      } else if (operator === 'DURING') {
        values.push(next().toUpperCase());
      } else if (!operator.startsWith('IS ')) {
        if (!['=', '!=', '<', '<=', '>', '>=', 'LIKE', 'NOT LIKE'].includes(operator)) {
          throw new GaqlError(
            'INVALID_OPERATOR_IN_WHERE_CLAUSE',
            `Error in query: invalid operator ${operator}.`,
            operator,
          );
        }
        values.push(literal(next()));
      }
      where.push({ field, operator, values });
    } while (keyword('AND'));
  }
  const orderBy: GaqlQuery['orderBy'] = [];
  if (keyword('ORDER')) {
    if (!keyword('BY')) throw new GaqlError('EXPECTED_BY', 'Error in query: expected BY.');
    do {
      const field = next();
      checkField(field);
      const descending = keyword('DESC');
      if (!descending) keyword('ASC');
      orderBy.push({ field, descending });
    } while (keyword(','));
  }
  let limit: number | null = null;
  if (keyword('LIMIT')) {
    const value = literal(next());
    if (typeof value !== 'number' || value <= 0)
      throw new GaqlError('INVALID_LIMIT_VALUE', 'Error in query: invalid LIMIT.');
    limit = value;
  }
  if (keyword('PARAMETERS')) index = tokens.length;
  if (index < tokens.length) {
    throw new GaqlError(
      'UNEXPECTED_INPUT',
      `Error in query: unexpected input ${tokens[index]}.`,
      tokens[index],
    );
  }
  return { fields, resource, where, orderBy, limit };
}

/** The dates [from, to] a DURING literal names, for a given today (UTC date). */
export function duringRange(name: string, today: string): [string, string] {
  const day = (offset: number) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  const lastDays = /^LAST_(\d+)_DAYS$/.exec(name);
  if (lastDays && ['7', '14', '30'].includes(lastDays[1] ?? '')) return [day(-Number(lastDays[1])), day(-1)];
  if (name === 'TODAY') return [today, today];
  if (name === 'YESTERDAY') return [day(-1), day(-1)];
  if (name === 'THIS_MONTH') return [`${today.slice(0, 7)}-01`, today];
  throw new GaqlError(
    'INVALID_VALUE_WITH_DURING_OPERATOR',
    `Error in query: invalid value ${name} with DURING.`,
    name,
  );
}

function compare(left: GaqlValue, right: GaqlValue): number {
  if (typeof left === 'number' || typeof right === 'number') return Number(left) - Number(right);
  return String(left).localeCompare(String(right));
}

/** Whether a flat row (field -> value) meets one condition. */
export function matches(row: Record<string, GaqlValue>, condition: GaqlCondition, today: string): boolean {
  const value = row[condition.field] ?? null;
  const [first = null, second = null] = condition.values;
  switch (condition.operator) {
    case '=':
      return value !== null && compare(value, first) === 0;
    case '!=':
      return value === null || compare(value, first) !== 0;
    case '<':
      return value !== null && compare(value, first) < 0;
    case '<=':
      return value !== null && compare(value, first) <= 0;
    case '>':
      return value !== null && compare(value, first) > 0;
    case '>=':
      return value !== null && compare(value, first) >= 0;
    case 'IN':
      return condition.values.some((candidate) => value !== null && compare(value, candidate) === 0);
    case 'NOT IN':
      return !condition.values.some((candidate) => value !== null && compare(value, candidate) === 0);
    case 'BETWEEN':
      return value !== null && compare(value, first) >= 0 && compare(value, second) <= 0;
    case 'DURING': {
      const [from, to] = duringRange(String(first), today);
      return value !== null && compare(value, from) >= 0 && compare(value, to) <= 0;
    }
    case 'IS NULL':
      return value === null;
    case 'IS NOT NULL':
      return value !== null;
    case 'LIKE':
    case 'NOT LIKE': {
      const pattern = new RegExp(
        `^${String(first)
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/%/g, '.*')
          .replace(/_/g, '.')}$`,
      );
      const hit = value !== null && pattern.test(String(value));
      return condition.operator === 'LIKE' ? hit : !hit;
    }
    default:
      return false;
  }
}
