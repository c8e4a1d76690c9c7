import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Whether the module at `moduleUrl` is the script node was started with (not imported by a test). */
export function isMain(moduleUrl: string): boolean {
  const started = process.argv[1];
  return started !== undefined && pathToFileURL(started).href === moduleUrl;
}

/** Writes a generated module and formats it with the repository's Biome settings. */
export function writeGeneratedModule(url: URL, source: string): void {
  const path = fileURLToPath(url);
  writeFileSync(path, source);
  execFileSync('npx', ['biome', 'format', '--write', path], { stdio: 'inherit' });
  console.log(`wrote ${path}`);
}
