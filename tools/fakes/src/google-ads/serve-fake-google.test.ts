import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The fake as its own process (for journeys whose server runs apart): seeded from a file, inspected
// over HTTP, stopped by SIGTERM.

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'serve-fake-google.ts');

describe('serve-fake-google', () => {
  it('starts seeded, shows its state over HTTP and stops on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'veracity-fake-google-'));
    const seed = path.join(dir, 'seed.json');
    writeFileSync(
      seed,
      JSON.stringify({
        customers: [{ id: '1234567890', name: 'Seeded' }],
        campaigns: [{ customerId: '1234567890', id: '77', name: 'Search', type: 'SEARCH' }],
        metrics: [{ campaignId: '77', date: '2026-11-01', clicks: 3, costMicros: 4500000 }],
      }),
    );
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', script, '--seed', seed],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const { url, oauth } = JSON.parse(line) as { url: string; oauth: { token: string } };
      expect(oauth.token).toBe(`${url}/token`);
      const state = (await (await fetch(`${url}/__fake/state`)).json()) as {
        campaigns: Array<{ id: string; type: string }>;
      };
      expect(state.campaigns).toEqual([expect.objectContaining({ id: '77', type: 'SEARCH' })]);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
