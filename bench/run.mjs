// npm run bench [name...]: runs bench/*.bench.ts (all, or those whose names are given), one process
// each, from the TypeScript sources. Each prints a table and writes bench/results/<name>.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
mkdirSync(path.join(here, 'results'), { recursive: true });
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)));

let failed = 0;
for (const file of benches) {
  console.log(`\n## ${file}`);
  const result = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(here, file)],
    {
      stdio: 'inherit',
      cwd: path.join(here, '..'),
    },
  );
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
