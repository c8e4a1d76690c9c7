import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Starts the chdb front in a child process (libchdb binds one data folder a process, so a test that
 * has its own chdb session, or two that run at once, each get their own) and waits for its first line.
 */
export interface SpawnedClickHouseFront {
  url: string;
  version: string;
  /** What the process wrote to stderr so far (for a failing test's report). */
  output(): string;
  /** SIGTERM, then SIGKILL after a few seconds; resolves once it exited. */
  stop(): Promise<void>;
}

const folder = path.dirname(fileURLToPath(import.meta.url));
const script = path.join(folder, 'serve-clickhouse-front.ts');

export async function spawnClickHouseFront(options: { dataDir: string }): Promise<SpawnedClickHouseFront> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', script, '--data', options.dataDir],
    { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  // A test process that exits without stopping the front (a crash, a timeout) takes it along.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', killOnExit);
      resolve();
    }),
  );
  try {
    const first = await firstLine(child);
    const { url, version } = JSON.parse(first) as { url: string; version: string };
    return {
      url,
      version,
      output: () => stderr,
      stop: () => stopChild(child, exited),
    };
  } catch (error) {
    await stopChild(child, exited);
    throw new Error(`The chdb front did not start: ${(error as Error).message}\n${stderr}`);
  }
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const end = out.indexOf('\n');
      if (end >= 0) resolve(out.slice(0, end));
    });
    child.once('exit', (code, signal) => reject(new Error(`it exited (${code ?? signal})`)));
    child.once('error', reject);
  });
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
