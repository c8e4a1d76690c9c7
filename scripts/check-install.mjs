// npm test's install check: the lockfile is the install, so it must agree with every package.json, run
// on the Node.js version the README promises, and say for each install script whether it may run.
// Usage: node scripts/check-install.mjs [folder]   (the repository root by default; exit 1 on a problem)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

const manifest = readJson('package.json');
const lock = readJson('package-lock.json');
const problems = [];

// 1. The ranges each package.json declares are the ones the lockfile was resolved from.
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
for (const folder of ['', ...(manifest.workspaces ?? [])]) {
  const file = path.join(folder, 'package.json');
  const declared = folder === '' ? manifest : readJson(file);
  const locked = lock.packages?.[folder];
  if (!locked) {
    problems.push(`${file}: not in package-lock.json`);
    continue;
  }
  for (const field of DEPENDENCY_FIELDS) {
    const want = declared[field] ?? {};
    const have = locked[field] ?? {};
    for (const name of new Set([...Object.keys(want), ...Object.keys(have)])) {
      if (want[name] !== have[name]) {
        problems.push(
          `${file} ${field}.${name}: package.json says ${want[name] ?? '(none)'}, package-lock.json ${have[name] ?? '(none)'}`,
        );
      }
    }
  }
}

// 2. npm's own rules on the lockfile alone (node_modules untouched): `npm ci` refuses versions that do
// not satisfy the package.json files, and `npm ls` finds the edges they break, overrides included
// (which `npm ci` does not compare).
const NPM_CHECKS = [
  ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'],
  ['ls', '--all', '--package-lock-only'],
];
for (const args of problems.length === 0 ? NPM_CHECKS : []) {
  const result = spawnSync(npm, args, { cwd: root, encoding: 'utf8' });
  if (result.status === 0) continue;
  const reason = `${result.stdout}${result.stderr}`
    .split('\n')
    .filter((line) => line.startsWith('npm error') && !/^npm error\s*(A complete log.*)?$/.test(line))
    .slice(0, 8)
    .join('\n');
  problems.push(`npm ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${reason}`);
}

// 3. Every locked package runs on the oldest Node.js the project declares (an EBADENGINE there).
const oldestNode = semver.minVersion(manifest.engines?.node ?? '*');
const nameOf = (where, entry) => entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 13);
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  const wanted = entry.engines?.node;
  if (where === '' || !wanted || !oldestNode) continue;
  if (!semver.satisfies(oldestNode, wanted)) {
    problems.push(
      `${nameOf(where, entry)}@${entry.version} needs Node.js ${wanted}; the project declares ${manifest.engines.node}`,
    );
  }
}

// 4. Every package with an install script is allowed or denied in package.json's allowScripts.
const allowScripts = manifest.allowScripts ?? {};
const covered = (name, version) => name in allowScripts || `${name}@${version}` in allowScripts;
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  if (!entry.hasInstallScript || where === '' || entry.link) continue;
  const name = nameOf(where, entry);
  if (!covered(name, entry.version)) {
    problems.push(
      `${name}@${entry.version} has an install script that allowScripts neither allows nor denies`,
    );
  }
}

if (problems.length > 0) {
  console.error(`install check: ${problems.length} problem(s)\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `install check: package-lock.json agrees with ${1 + (manifest.workspaces?.length ?? 0)} package.json files; ` +
    `${Object.keys(lock.packages ?? {}).length - 1} locked packages run on Node.js ${oldestNode}; install scripts reviewed`,
);
