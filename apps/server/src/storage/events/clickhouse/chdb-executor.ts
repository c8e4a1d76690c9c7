import type { Session } from 'chdb';
import { type ClickHouseExecutor, type ClickHouseResult, RESULT_SETTINGS } from './clickhouse-executor.js';

/**
 * The ClickHouse engine in process (chdb), for tests: the real engine and SQL without a server. libchdb
 * binds one data folder a process, so the caller opens one `Session` and hands it to executors; each
 * executor switches the session to its database (one database at a time: one store at a time).
 * Closing the executor leaves the session open for the next one.
 */
export async function openChdbExecutor(session: Session, database: string): Promise<ClickHouseExecutor> {
  await session.queryAsync(`CREATE DATABASE IF NOT EXISTS \`${database}\``);
  await session.queryAsync(`USE \`${database}\``);
  for (const [name, value] of Object.entries(RESULT_SETTINGS)) {
    await session.queryAsync(`SET ${name} = ${typeof value === 'string' ? `'${value}'` : value}`);
  }
  let open = true;
  const checkOpen = () => {
    if (!open) throw new Error('The ClickHouse connection is closed');
  };
  const executor: ClickHouseExecutor = {
    async command(statement, params = {}) {
      checkOpen();
      await session.queryBindAsync(statement, params, { format: 'Null' });
    },
    async insert(table, rows, { deduplicationToken } = {}) {
      checkOpen();
      const payload = Buffer.from(`${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
      await session.insert({
        table,
        values: payload,
        format: 'JSONEachRow',
        ...(deduplicationToken === undefined
          ? {}
          : { settings: { insert_deduplication_token: deduplicationToken } }),
      });
    },
    async query(statement, params = {}) {
      checkOpen();
      const result = await session.queryBindAsync(statement, params, { format: 'JSON' });
      // A statement without a result (OPTIMIZE, ...) answers nothing at all.
      return result.text().trim() === '' ? { meta: [], data: [] } : result.json<ClickHouseResult>();
    },
    async queryChunks(statement, params, chunkRows, onChunk) {
      // chdb answers a query whole; the slices keep the caller's contract (tests use this executor).
      const result = await executor.query(statement, params);
      for (let start = 0; start < result.data.length; start += chunkRows) {
        await onChunk({ meta: result.meta, data: result.data.slice(start, start + chunkRows) });
      }
    },
    async serverVersion() {
      checkOpen();
      return (await session.queryAsync('SELECT version()', { format: 'TSVRaw' })).text().trim();
    },
    async close() {
      open = false;
    },
  };
  return executor;
}
