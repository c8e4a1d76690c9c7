// npm start: on a fresh clone, install and build what is missing or stale, then run the server.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args) {
  console.log(`> npm ${args.join(' ')}`);
  execFileSync(npm, args, { cwd: root, stdio: 'inherit' });
}

/** Newest modification time under a folder (0 when it does not exist). */
function newest(folder) {
  if (!existsSync(folder)) return 0;
  let latest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(folder, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function mtime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

// Dependencies are (re)installed when node_modules lacks them or the lockfile changed since the last
// install (a content hash, so a checkout that only touches the file's time costs nothing). `npm ci`
// installs exactly the lockfile, and refuses a package.json that disagrees with it instead of
// resolving new versions on a user's machine.
const lockHash = () =>
  createHash('sha256')
    .update(readFileSync(path.join(root, 'package-lock.json')))
    .digest('hex');
const stamp = path.join(root, 'node_modules', '.veracity-installed');
const installedHash = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (installedHash !== lockHash()) {
  run(['ci', '--no-audit', '--no-fund']);
  writeFileSync(stamp, `${lockHash()}\n`);
}

const builds = [
  { src: 'packages/contracts/src', out: 'packages/contracts/dist' },
  { src: 'packages/detection/src', out: 'packages/detection/dist' },
  { src: 'packages/sensor/src', out: 'packages/sensor/dist/sensor.js' },
  { src: 'tools/simulator/src', out: 'tools/simulator/dist/demo-traffic.js' },
  { src: 'tools/fakes/src', out: 'tools/fakes/dist/google-ads/start-fake-google.js' },
  { src: 'apps/server/src', out: 'apps/server/dist/main.js' },
  { src: 'apps/web/src', out: 'apps/web/dist/index.html' },
];
const stale = builds.some(({ src, out }) => {
  const built = mtime(path.join(root, out));
  return built === 0 || newest(path.join(root, src)) > built;
});
if (stale) run(['run', 'build']);

await import(path.join(root, 'apps/server/dist/main.js'));
