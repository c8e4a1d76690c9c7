import { parseArgs } from 'node:util';
import { startClickHouseFront } from './clickhouse-front.js';

/**
 * The chdb front as its own process (one chdb session a process):
 *   node --conditions=source --import tsx tools/clickhouse-front/src/serve-clickhouse-front.ts \
 *     --data DIR [--port 8123]
 * Prints one JSON line, {"url": ..., "version": ...}, once it listens; serves until SIGTERM/SIGINT.
 */

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    port: { type: 'string', default: '0' },
  },
});
if (!values.data) {
  process.stderr.write('usage: serve-clickhouse-front.ts --data DIR [--port PORT]\n');
  process.exit(2);
}

const front = await startClickHouseFront({ dataDir: values.data, port: Number(values.port) });
process.stdout.write(`${JSON.stringify({ url: front.url, version: front.version })}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    front.close().then(() => process.exit(0));
  });
}
