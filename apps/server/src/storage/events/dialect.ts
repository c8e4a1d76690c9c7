import { joinSql, rawSql, type Sql, type SqlParam, sql } from './sql.js';

/**
 * What differs between the SQL of the two event stores. Analytics writes a query once, as a function of
 * the dialect, and the store renders it with its own:
 *
 *   const daily: AnalyticsQuery = (d) => sql`
 *     select ${d.dateBucket('ts', 'day', timeZone)} as day,
 *            ${d.countIf(sql`risk_level = ${'high'}`)} as high_risk_hits
 *     from hits where relationship_id = ${relationshipId} group by day order by day`;
 *   const rows = await store.query<{ day: string; high_risk_hits: number }>(daily);
 *
 * Expression arguments (`SqlExpr`) are either a column name, quoted by the dialect (`'ts'`, `'h.ts'`),
 * or a `Sql` fragment.
 */
export type AnalyticsQuery = (dialect: SqlDialect) => Sql;

/** A column name (quoted by the dialect; dots separate a table alias) or an SQL fragment. */
export type SqlExpr = string | Sql;

/**
 * Calendar buckets of a timestamp in a time zone, returned as text labels of the bucket's local start:
 * hour `2024-03-10T23:00`, day `2024-03-10`, month `2024-03`. Labels sort chronologically as strings
 * and read the same from either store.
 */
export type TimeBucket = 'hour' | 'day' | 'month';

export interface SqlDialect {
  readonly name: 'duckdb' | 'clickhouse';
  /** Placeholder text for the `index`th parameter (from 1); ClickHouse needs the value to name a type. */
  placeholder(index: number, value: SqlParam): string;
  /** A quoted identifier; `h.ts` quotes each part. */
  ident(name: string): Sql;
  /** A string literal, escaped. Prefer parameters; this is for values that must be constants. */
  literal(value: string): Sql;
  /** Local calendar bucket label of a timestamp (see {@link TimeBucket}); `timeZone` is an IANA zone. */
  dateBucket(ts: SqlExpr, bucket: TimeBucket, timeZone: string): Sql;
  /** Number of rows for which the condition is true (an integer; 0 when none). */
  countIf(condition: Sql): Sql;
  /** Sum of `value` over rows for which the condition is true; 0 when none. */
  sumIf(value: SqlExpr, condition: Sql): Sql;
  /** numerator / denominator as a floating-point number; NULL when the denominator is 0. */
  safeDivide(numerator: SqlExpr, denominator: SqlExpr): Sql;
  /** True when the list column contains the value, e.g. a threat reason. */
  arrayContains(array: SqlExpr, value: string): Sql;
  /**
   * One output row per list element, as a select-list expression. Group by it from a subquery, which
   * both stores accept: `select threat, count(*) from (select ${d.unnest('threats')} as threat from hits)
   * group by threat`. Rows with an empty list yield no row.
   */
  unnest(array: SqlExpr): Sql;
  /**
   * A zero of the type `count(*)` and `countIf` return, for the branches of a UNION ALL that do not
   * count something (ClickHouse finds no common type for its UInt64 counts and a signed zero).
   */
  readonly zeroCount: Sql;
  /** True when the text contains `search`, ignoring case (no pattern characters). */
  containsText(text: SqlExpr, search: string): Sql;
  /** Milliseconds since the epoch of a timestamp, as an integer. */
  epochMs(ts: SqlExpr): Sql;
  /**
   * An aggregate: the group's rows as one text, each row's fields joined by a tab and the rows by a
   * line feed (in no set order; empty or NULL for no rows). For reading many rows of ids and numbers
   * at once: the stores' clients hand over one string far faster than as many values.
   */
  joinRows(fields: readonly SqlExpr[]): Sql;
  /**
   * The /24 network of an IPv4 address as text (`203.0.113` for `203.0.113.9`); an empty string for
   * anything else (IPv6, NULL-free text that is no IPv4). Global intelligence groups ranges by it.
   */
  ipv4Net24(ip: SqlExpr): Sql;
  /** True when the text is one or more ASCII digits and nothing else (NULL for NULL). */
  isDigits(text: SqlExpr): Sql;
  /** Days from 1970-01-01 to a DATE, as an integer. */
  epochDays(date: SqlExpr): Sql;
  /**
   * The lower-case host of a URL (`shop.example` for `https://user@Shop.Example:8443/a?b`); an empty
   * string for NULL and for text that is no absolute URL.
   */
  urlHost(url: SqlExpr): Sql;
}

/** An absolute URL's host: after the scheme and any user info, up to a port, path, query or fragment. */
const URL_HOST_PATTERN = '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:@]+)';

/** An IPv4 address's first three parts (no backslashes: both stores read the literal alike). */
const IPV4_NET24_PATTERN = '^([0-9]{1,3}[.][0-9]{1,3}[.][0-9]{1,3})[.][0-9]{1,3}$';

/** Checks that a time zone is a known IANA name safe to inline; returns it. */
export function checkTimeZone(timeZone: string): string {
  let known = /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(timeZone);
  if (known) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
    } catch {
      known = false;
    }
  }
  if (!known) throw new RangeError(`Unknown time zone ${JSON.stringify(timeZone)}: expected an IANA name`);
  return timeZone;
}

function quoteEachPart(name: string, quote: (part: string) => string): Sql {
  if (name.length === 0) throw new RangeError('An identifier must not be empty');
  return rawSql(name.split('.').map(quote).join('.'));
}

const BUCKET_FORMATS: Record<TimeBucket, string> = {
  hour: '%Y-%m-%dT%H:00',
  day: '%Y-%m-%d',
  month: '%Y-%m',
};

const duckdbIdent = (name: string): Sql => quoteEachPart(name, (part) => `"${part.replaceAll('"', '""')}"`);
const duckdbLiteral = (value: string): Sql => rawSql(`'${value.replaceAll("'", "''")}'`);
const duckdbExpr = (value: SqlExpr): Sql => (typeof value === 'string' ? duckdbIdent(value) : value);

/**
 * DuckDB: `$n` parameters, double-quoted identifiers, standard string literals. Timestamps are
 * TIMESTAMPTZ; `timezone(zone, ts)` gives the local wall-clock time (ICU, built into the Node bindings).
 */
export const duckdbDialect: SqlDialect = {
  name: 'duckdb',
  placeholder: (index) => `$${index}`,
  ident: duckdbIdent,
  literal: duckdbLiteral,
  dateBucket: (ts, bucket, timeZone) =>
    sql`strftime(timezone(${duckdbLiteral(checkTimeZone(timeZone))}, ${duckdbExpr(ts)}), ${duckdbLiteral(BUCKET_FORMATS[bucket])})`,
  countIf: (condition) => sql`count_if(${condition})`,
  sumIf: (value, condition) => sql`coalesce(sum(${duckdbExpr(value)}) FILTER (WHERE ${condition}), 0)`,
  safeDivide: (numerator, denominator) =>
    sql`(CAST(${duckdbExpr(numerator)} AS DOUBLE) / nullif(${duckdbExpr(denominator)}, 0))`,
  arrayContains: (array, value) => sql`list_contains(${duckdbExpr(array)}, ${value})`,
  unnest: (array) => sql`unnest(${duckdbExpr(array)})`,
  zeroCount: rawSql('CAST(0 AS BIGINT)'),
  containsText: (text, search) => sql`contains(lower(${duckdbExpr(text)}), ${search.toLowerCase()})`,
  epochMs: (ts) => sql`epoch_ms(${duckdbExpr(ts)})`,
  joinRows: (fields) =>
    sql`string_agg(concat_ws(chr(9), ${joinSql(fields.map((field) => sql`CAST(${duckdbExpr(field)} AS VARCHAR)`))}), chr(10))`,
  ipv4Net24: (ip) => sql`regexp_extract(${duckdbExpr(ip)}, ${duckdbLiteral(IPV4_NET24_PATTERN)}, 1)`,
  isDigits: (text) => sql`regexp_full_match(${duckdbExpr(text)}, ${duckdbLiteral('[0-9]+')})`,
  epochDays: (date) => sql`date_diff('day', DATE '1970-01-01', ${duckdbExpr(date)})`,
  urlHost: (url) =>
    sql`lower(regexp_extract(coalesce(${duckdbExpr(url)}, ''), ${duckdbLiteral(URL_HOST_PATTERN)}, 1))`,
};

/** ClickHouse type of a parameter, named in its `{pN:Type}` placeholder. */
export function clickhouseParamType(value: SqlParam): string {
  if (value === null) return 'Nullable(String)';
  if (typeof value === 'string') return 'String';
  if (typeof value === 'boolean') return 'Bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'Int64' : 'Float64';
  if (value instanceof Date) return "DateTime64(3, 'UTC')";
  const items: readonly (string | number)[] = value;
  if (items.length > 0 && items.every((item) => typeof item === 'number')) {
    return items.every((item) => Number.isInteger(item)) ? 'Array(Int64)' : 'Array(Float64)';
  }
  return 'Array(String)';
}

const clickhouseIdent = (name: string): Sql =>
  quoteEachPart(name, (part) => `\`${part.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``);
const clickhouseLiteral = (value: string): Sql =>
  rawSql(`'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`);
const clickhouseExpr = (value: SqlExpr): Sql => (typeof value === 'string' ? clickhouseIdent(value) : value);

/**
 * ClickHouse: typed `{pN:Type}` parameters, backquoted identifiers, backslash-escaped literals.
 * Timestamps are DateTime64(3, 'UTC'); the zone argument of formatDateTime gives local buckets.
 * Pure string generation for now; the ClickHouse store will render with it.
 */
export const clickhouseDialect: SqlDialect = {
  name: 'clickhouse',
  placeholder: (index, value) => `{p${index}:${clickhouseParamType(value)}}`,
  ident: clickhouseIdent,
  literal: clickhouseLiteral,
  dateBucket: (ts, bucket, timeZone) =>
    sql`formatDateTime(${clickhouseExpr(ts)}, ${clickhouseLiteral(BUCKET_FORMATS[bucket])}, ${clickhouseLiteral(checkTimeZone(timeZone))})`,
  countIf: (condition) => sql`countIf(${condition})`,
  sumIf: (value, condition) => sql`coalesce(sumIf(${clickhouseExpr(value)}, ${condition}), 0)`,
  safeDivide: (numerator, denominator) => {
    const d = clickhouseExpr(denominator);
    return sql`if(${d} = 0, NULL, toFloat64(${clickhouseExpr(numerator)}) / ${d})`;
  },
  arrayContains: (array, value) => sql`has(${clickhouseExpr(array)}, ${value})`,
  unnest: (array) => sql`arrayJoin(${clickhouseExpr(array)})`,
  zeroCount: rawSql('toUInt64(0)'),
  containsText: (text, search) => sql`positionCaseInsensitiveUTF8(${clickhouseExpr(text)}, ${search}) > 0`,
  epochMs: (ts) => sql`toUnixTimestamp64Milli(${clickhouseExpr(ts)})`,
  joinRows: (fields) =>
    sql`arrayStringConcat(groupArray(concatWithSeparator(char(9), ${joinSql(fields.map((field) => sql`toString(${clickhouseExpr(field)})`))})), char(10))`,
  ipv4Net24: (ip) =>
    sql`extract(coalesce(${clickhouseExpr(ip)}, ''), ${clickhouseLiteral(IPV4_NET24_PATTERN)})`,
  isDigits: (text) => sql`match(${clickhouseExpr(text)}, ${clickhouseLiteral('^[0-9]+$')})`,
  epochDays: (date) => sql`toInt64(dateDiff('day', toDate('1970-01-01'), ${clickhouseExpr(date)}))`,
  urlHost: (url) =>
    sql`lower(extract(coalesce(${clickhouseExpr(url)}, ''), ${clickhouseLiteral(URL_HOST_PATTERN)}))`,
};
