/**
 * A tiny SQL builder: the `sql` tagged template keeps the text and the values apart, so every value
 * becomes a bound parameter and is rendered in the placeholder style of the store's dialect
 * (`$1` for DuckDB, `{p1:String}` for ClickHouse). Fragments nest: a `Sql` interpolated into another is
 * inlined with its own parameters.
 *
 *   const q = sql`select count(*) as hits from hits where relationship_id = ${relationshipId}`;
 */

/** A value that can be bound as a query parameter. */
export type SqlParam = string | number | boolean | Date | null | readonly string[] | readonly number[];

type SqlChunk = { readonly text: string } | { readonly param: SqlParam };

export class Sql {
  constructor(readonly chunks: readonly SqlChunk[]) {}
}

/** Builds a fragment; interpolated `Sql` is inlined, anything else becomes a parameter. */
export function sql(strings: TemplateStringsArray, ...values: readonly (Sql | SqlParam)[]): Sql {
  const chunks: SqlChunk[] = [];
  strings.forEach((text, index) => {
    if (text.length > 0) chunks.push({ text });
    if (index >= values.length) return;
    const value = values[index];
    if (value instanceof Sql) chunks.push(...value.chunks);
    else if (value !== undefined) chunks.push({ param: value });
  });
  return new Sql(chunks);
}

/** Trusted SQL text, inlined as is. Never pass user input: use a parameter or `dialect.literal`. */
export function rawSql(text: string): Sql {
  return new Sql([{ text }]);
}

/** Joins fragments with a separator (`, ` by default), e.g. for select lists. */
export function joinSql(parts: readonly Sql[], separator = ', '): Sql {
  const chunks: SqlChunk[] = [];
  parts.forEach((part, index) => {
    if (index > 0) chunks.push({ text: separator });
    chunks.push(...part.chunks);
  });
  return new Sql(chunks);
}

/** `expr IN (p1, p2, ...)`, one parameter a value; FALSE for an empty list (matches nothing). */
export function inList(expr: Sql, values: readonly string[] | readonly number[]): Sql {
  if (values.length === 0) return rawSql('FALSE');
  const items = Array.from(values, (value: string | number) => sql`${value}`);
  return sql`${expr} IN (${joinSql(items)})`;
}

export interface RenderedSql {
  text: string;
  /** Parameter values in placeholder order: `$1` / `{p1:...}` is `params[0]`. */
  params: SqlParam[];
}

/** Renders a fragment to text and parameters, numbering placeholders from 1. */
export function renderSql(query: Sql, placeholder: (index: number, value: SqlParam) => string): RenderedSql {
  let text = '';
  const params: SqlParam[] = [];
  for (const chunk of query.chunks) {
    if ('text' in chunk) {
      text += chunk.text;
    } else {
      params.push(chunk.param);
      text += placeholder(params.length, chunk.param);
    }
  }
  return { text, params };
}
