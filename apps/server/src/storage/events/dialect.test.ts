import { describe, expect, it } from 'vitest';
import type { SqlDialect } from './dialect.js';
import {
  type AnalyticsQuery,
  checkTimeZone,
  clickhouseDialect,
  clickhouseParamType,
  duckdbDialect,
} from './dialect.js';
import { inList, joinSql, rawSql, renderSql, type Sql, sql } from './sql.js';

const render = (query: AnalyticsQuery, dialect: SqlDialect) => renderSql(query(dialect), dialect.placeholder);
const text = (fragment: Sql, dialect: SqlDialect) => renderSql(fragment, dialect.placeholder).text;

/** The daily risk-tier report, written once for both stores. */
const dailyRiskTiers: AnalyticsQuery = (d) =>
  sql`select ${d.dateBucket('ts', 'day', 'Europe/Madrid')} as day, ${d.countIf(sql`risk_level = ${'high'}`)} as high_risk_hits, ${d.safeDivide(d.countIf(sql`risk_level = ${'high'}`), sql`count(*)`)} as high_risk_share from hits where relationship_id = ${101} and ts >= ${new Date('2024-03-01T00:00:00.000Z')} group by day`;

describe('sql builder', () => {
  it('keeps values out of the text as numbered parameters, inlining nested fragments', () => {
    const inner = sql`country = ${'ES'}`;
    const rendered = renderSql(
      sql`select 1 where a = ${1} and ${inner} and b = ${true}`,
      duckdbDialect.placeholder,
    );
    expect(rendered).toEqual({
      text: 'select 1 where a = $1 and country = $2 and b = $3',
      params: [1, 'ES', true],
    });
  });

  it('binds an injection attempt as a value, never as text', () => {
    const rendered = renderSql(
      sql`select * from hits where url = ${"x' or 1=1 --"}`,
      duckdbDialect.placeholder,
    );
    expect(rendered.text).toBe('select * from hits where url = $1');
    expect(rendered.params).toEqual(["x' or 1=1 --"]);
  });

  it('expands value lists to one parameter each, and an empty list to FALSE', () => {
    const rendered = renderSql(inList(rawSql('country'), ['ES', 'FR']), duckdbDialect.placeholder);
    expect(rendered).toEqual({ text: 'country IN ($1, $2)', params: ['ES', 'FR'] });
    expect(text(inList(rawSql('country'), []), duckdbDialect)).toBe('FALSE');
    expect(text(joinSql([rawSql('a'), rawSql('b')], ' AND '), duckdbDialect)).toBe('a AND b');
  });
});

describe('DuckDB dialect', () => {
  it('renders the daily risk-tier report', () => {
    expect(render(dailyRiskTiers, duckdbDialect)).toEqual({
      text:
        `select strftime(timezone('Europe/Madrid', "ts"), '%Y-%m-%d') as day, count_if(risk_level = $1) as high_risk_hits, ` +
        `(CAST(count_if(risk_level = $2) AS DOUBLE) / nullif(count(*), 0)) as high_risk_share ` +
        'from hits where relationship_id = $3 and ts >= $4 group by day',
      params: ['high', 'high', 101, new Date('2024-03-01T00:00:00.000Z')],
    });
  });

  it('buckets hours and months with their own labels', () => {
    expect(text(duckdbDialect.dateBucket('ts', 'hour', 'UTC'), duckdbDialect)).toBe(
      `strftime(timezone('UTC', "ts"), '%Y-%m-%dT%H:00')`,
    );
    expect(text(duckdbDialect.dateBucket(rawSql('h.ts'), 'month', 'Asia/Kolkata'), duckdbDialect)).toBe(
      `strftime(timezone('Asia/Kolkata', h.ts), '%Y-%m')`,
    );
  });

  it('quotes identifiers and escapes literals', () => {
    expect(text(duckdbDialect.ident('h.risk_level'), duckdbDialect)).toBe('"h"."risk_level"');
    expect(text(duckdbDialect.ident('we"ird'), duckdbDialect)).toBe('"we""ird"');
    expect(text(duckdbDialect.literal("O'Brien\\"), duckdbDialect)).toBe("'O''Brien\\'");
  });

  it('renders list helpers and conditional sums', () => {
    const d = duckdbDialect;
    expect(renderSql(d.arrayContains('threats', 'network:datacenter'), d.placeholder)).toEqual({
      text: 'list_contains("threats", $1)',
      params: ['network:datacenter'],
    });
    expect(text(d.unnest('threats'), d)).toBe('unnest("threats")');
    expect(text(d.joinRows(['id', d.epochMs('ts')]), d)).toBe(
      'string_agg(concat_ws(chr(9), CAST("id" AS VARCHAR), CAST(epoch_ms("ts") AS VARCHAR)), chr(10))',
    );
    expect(text(d.sumIf('value', rawSql("status = 'reported'")), d)).toBe(
      `coalesce(sum("value") FILTER (WHERE status = 'reported'), 0)`,
    );
    expect(text(d.isDigits('google_account_id'), d)).toBe(`regexp_full_match("google_account_id", '[0-9]+')`);
    expect(text(d.epochDays('day'), d)).toBe(`date_diff('day', DATE '1970-01-01', "day")`);
  });
});

describe('ClickHouse dialect', () => {
  it('renders the same daily risk-tier report with typed placeholders', () => {
    expect(render(dailyRiskTiers, clickhouseDialect)).toEqual({
      text:
        "select formatDateTime(`ts`, '%Y-%m-%d', 'Europe/Madrid') as day, countIf(risk_level = {p1:String}) as high_risk_hits, " +
        'if(count(*) = 0, NULL, toFloat64(countIf(risk_level = {p2:String})) / count(*)) as high_risk_share ' +
        "from hits where relationship_id = {p3:Int64} and ts >= {p4:DateTime64(3, 'UTC')} group by day",
      params: ['high', 'high', 101, new Date('2024-03-01T00:00:00.000Z')],
    });
  });

  it('names a ClickHouse type for every kind of parameter', () => {
    expect(clickhouseParamType('x')).toBe('String');
    expect(clickhouseParamType(7)).toBe('Int64');
    expect(clickhouseParamType(0.5)).toBe('Float64');
    expect(clickhouseParamType(false)).toBe('Bool');
    expect(clickhouseParamType(null)).toBe('Nullable(String)');
    expect(clickhouseParamType(new Date(0))).toBe("DateTime64(3, 'UTC')");
    expect(clickhouseParamType(['a'])).toBe('Array(String)');
    expect(clickhouseParamType([])).toBe('Array(String)');
    expect(clickhouseParamType([1, 2])).toBe('Array(Int64)');
    expect(clickhouseParamType([1, 2.5])).toBe('Array(Float64)');
  });

  it('buckets, quotes, escapes and unnests in ClickHouse syntax', () => {
    const d = clickhouseDialect;
    expect(text(d.dateBucket('ts', 'hour', 'America/New_York'), d)).toBe(
      "formatDateTime(`ts`, '%Y-%m-%dT%H:00', 'America/New_York')",
    );
    expect(text(d.dateBucket('ts', 'month', 'UTC'), d)).toBe("formatDateTime(`ts`, '%Y-%m', 'UTC')");
    expect(text(d.ident('h.we`ird'), d)).toBe('`h`.`we\\`ird`');
    expect(text(d.literal("O'Brien\\"), d)).toBe("'O\\'Brien\\\\'");
    expect(renderSql(d.arrayContains('threats', 'network:vpn'), d.placeholder).text).toBe(
      'has(`threats`, {p1:String})',
    );
    expect(text(d.unnest('threats'), d)).toBe('arrayJoin(`threats`)');
    expect(text(d.joinRows(['id', d.epochMs('ts')]), d)).toBe(
      'arrayStringConcat(groupArray(concatWithSeparator(char(9), toString(`id`), toString(toUnixTimestamp64Milli(`ts`)))), char(10))',
    );
    expect(text(d.sumIf('value', rawSql('1')), d)).toBe('coalesce(sumIf(`value`, 1), 0)');
    expect(text(d.isDigits('google_account_id'), d)).toBe("match(`google_account_id`, '^[0-9]+$')");
    expect(text(d.epochDays('day'), d)).toBe("toInt64(dateDiff('day', toDate('1970-01-01'), `day`))");
  });
});

describe('time zones', () => {
  it('accepts IANA names and rejects anything else before it reaches SQL', () => {
    expect(checkTimeZone('Europe/Madrid')).toBe('Europe/Madrid');
    expect(checkTimeZone('UTC')).toBe('UTC');
    expect(() => checkTimeZone('Mars/Olympus')).toThrow(/Unknown time zone "Mars\/Olympus"/);
    expect(() => duckdbDialect.dateBucket('ts', 'day', "UTC'); drop table hits; --")).toThrow(RangeError);
    expect(() => clickhouseDialect.dateBucket('ts', 'day', '')).toThrow(RangeError);
  });
});
