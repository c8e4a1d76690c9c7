import { randomUUID } from 'node:crypto';

/**
 * One request of ClickHouse's HTTP interface, read the way clickhouse-server reads it: the statement is
 * the `query` URL parameter, then a newline, then the body (so `INSERT ... FORMAT JSONEachRow` in the
 * URL takes its rows from the body); `param_<name>` are the typed query parameters as text; `database`,
 * `default_format` and `query_id` are the interface's own; every other URL parameter is a setting.
 */
export interface FrontRequest {
  statement: string;
  database: string;
  queryId: string;
  defaultFormat: string;
  /** Setting name -> value as sent (text). */
  settings: Map<string, string>;
  /** Parameter name (without `param_`) -> value in ClickHouse's escaped text form, as sent. */
  params: Map<string, string>;
  /** The answer is gzipped: `enable_http_compression=1` and the client accepts gzip. */
  gzipAnswer: boolean;
}

/** A request the front refuses before it reaches the engine, worded as ClickHouse words an error. */
export class FrontRequestError extends Error {
  constructor(code: number, type: string, message: string) {
    super(`Code: ${code}. DB::Exception: ${message}. (${type})`);
  }
}

/** URL parameters of the HTTP interface that are not settings (the ones the front understands). */
const INTERFACE_PARAMETERS = new Set(['query', 'database', 'default_format', 'query_id', 'user', 'password']);
/** Interface parameters the front does not implement: refused rather than silently ignored. */
const UNSUPPORTED_PARAMETERS = new Set([
  'session_id',
  'session_timeout',
  'session_check',
  'role',
  'quota_key',
  'compress',
  'decompress',
]);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function readFrontRequest(
  method: string,
  url: URL,
  body: string,
  acceptEncoding: string | undefined,
): FrontRequest {
  const settings = new Map<string, string>();
  const params = new Map<string, string>();
  for (const [key, value] of url.searchParams) {
    if (INTERFACE_PARAMETERS.has(key)) continue;
    if (UNSUPPORTED_PARAMETERS.has(key)) {
      throw new FrontRequestError(48, 'NOT_IMPLEMENTED', `The chdb front does not implement '${key}'`);
    }
    if (key.startsWith('param_')) {
      const name = key.slice('param_'.length);
      if (!NAME.test(name)) throw new FrontRequestError(36, 'BAD_ARGUMENTS', `Bad parameter name '${name}'`);
      params.set(name, value);
      continue;
    }
    if (!NAME.test(key)) throw new FrontRequestError(115, 'UNKNOWN_SETTING', `Unknown setting '${key}'`);
    settings.set(key, value);
  }
  const inUrl = url.searchParams.get('query') ?? '';
  const statement = method === 'GET' ? inUrl : inUrl === '' ? body : `${inUrl}\n${body}`;
  if (statement.trim() === '') throw new FrontRequestError(62, 'SYNTAX_ERROR', 'Empty query');
  const database = url.searchParams.get('database') ?? 'default';
  const gzipAnswer = settings.get('enable_http_compression') === '1' && /\bgzip\b/.test(acceptEncoding ?? '');
  return {
    statement,
    database,
    queryId: url.searchParams.get('query_id') || randomUUID(),
    defaultFormat: url.searchParams.get('default_format') ?? 'TabSeparated',
    settings,
    params,
    gzipAnswer,
  };
}

/** A string as a single-quoted ClickHouse literal. */
export function quoteLiteral(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** A name as a back-quoted ClickHouse identifier. */
export function quoteIdentifier(name: string): string {
  return `\`${name.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``;
}

/** The format named by a statement's trailing FORMAT clause (not an INSERT's: its data follows). */
export function trailingFormat(statement: string): string | undefined {
  if (/^\s*INSERT\b/i.test(statement)) return undefined;
  return /\bFORMAT\s+([A-Za-z0-9_]+)\s*;?\s*$/i.exec(statement)?.[1];
}
