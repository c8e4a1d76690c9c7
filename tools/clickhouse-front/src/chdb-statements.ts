import type { Session } from 'chdb';
import { type FrontRequest, quoteIdentifier, quoteLiteral } from './front-request.js';

export interface StatementResult {
  body: Buffer;
  rowsRead: number;
  bytesRead: number;
  elapsedSeconds: number;
}

/** An engine error as ClickHouse words it: `Code: N. DB::Exception: message. (TYPE)`. */
export interface EngineError {
  code: number;
  text: string;
}

/**
 * Runs the statements of every request on one chdb session, one at a time: libchdb binds one data
 * folder a process, and a session has one current database and one set of settings. Each statement
 * gets the database, settings and query parameters of its own request, as on a server where they are
 * per query: `USE` its database, `SET` its settings and parameters, run it, then set those settings
 * back to their defaults. Query parameters stay set in the session after their statement (chdb has no
 * way to unset one), so a statement naming a parameter its request did not send can see an earlier one
 * where a server would answer UNKNOWN_QUERY_PARAMETER.
 */
export class ChdbStatements {
  #tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly session: Session) {}

  run(request: FrontRequest): Promise<StatementResult> {
    const next = this.#tail.then(() => this.#runNow(request));
    this.#tail = next.catch(() => undefined);
    return next;
  }

  async #runNow(request: FrontRequest): Promise<StatementResult> {
    const assignments = [
      ...[...request.settings].map(([name, value]) => `${name} = ${quoteLiteral(value)}`),
      ...[...request.params].map(([name, value]) => `param_${name} = ${quoteLiteral(value)}`),
    ];
    const prelude = `USE ${quoteIdentifier(request.database)}${assignments.length > 0 ? `; SET ${assignments.join(', ')}` : ''}`;
    await this.session.queryAsync(prelude, { format: 'Null' });
    try {
      const result = await this.session.queryAsync(request.statement, { format: request.defaultFormat });
      return {
        body: Buffer.from(result.bytes()),
        rowsRead: result.rowsRead,
        bytesRead: result.bytesRead,
        elapsedSeconds: result.elapsed,
      };
    } finally {
      if (request.settings.size > 0) {
        const defaults = [...request.settings.keys()].map((name) => `${name} = DEFAULT`);
        await this.session.queryAsync(`SET ${defaults.join(', ')}`, { format: 'Null' });
      }
    }
  }
}

/** The code and text ClickHouse would send for an error thrown by chdb (or by the front itself). */
export function engineError(error: unknown): EngineError {
  const message = error instanceof Error ? error.message : String(error);
  const worded = /^Code: (\d+)\. DB::Exception: /.exec(message);
  if (worded) return { code: Number(worded[1]), text: message.trim() };
  const code =
    typeof error === 'object' && error !== null && 'clickhouseCode' in error
      ? Number(error.clickhouseCode)
      : Number.NaN;
  return Number.isInteger(code)
    ? { code, text: `Code: ${code}. DB::Exception: ${message.trim()}. (UNKNOWN_EXCEPTION)` }
    : { code: 1001, text: `Code: 1001. DB::Exception: ${message.trim()}. (STD_EXCEPTION)` };
}
