import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The X display the headful scenarios open their windows on: the session's own when it has one (a
 * developer's desktop), else a private Xvfb, installed from Debian's packages when missing as
 * scripts/test.mjs installs Chromium. Resolves to a way to stop it, or undefined without a display.
 */
export async function ensureDisplay(): Promise<{ stop(): void } | undefined> {
  if (process.env.DISPLAY) return { stop: () => undefined };
  if (!existsSync('/usr/bin/Xvfb') && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('installing xvfb (apt-get) for the headful scenarios');
    spawnSync(
      'sh',
      ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq xvfb >/dev/null'],
      { stdio: 'inherit' },
    );
  }
  if (!existsSync('/usr/bin/Xvfb')) return undefined;
  // -displayfd: Xvfb picks a free display and writes its number to the given descriptor.
  const xvfb: ChildProcess = spawn(
    '/usr/bin/Xvfb',
    ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] },
  );
  const display = await new Promise<string | undefined>((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve(undefined), 15_000);
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(text.trim());
      }
    });
    xvfb.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
  if (!display) {
    xvfb.kill();
    return undefined;
  }
  process.env.DISPLAY = `:${display}`;
  return { stop: () => xvfb.kill() };
}
