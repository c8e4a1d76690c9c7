// npm run bench [name...]: runs bench/*.bench.ts (all, or those named or begun by a name given), one process
// each, from the TypeScript sources. Each prints a table and writes bench/results/<name>.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
mkdirSync(path.join(here, 'results'), { recursive: true });
const wanted = process.argv.slice(2);
const all = readdirSync(here).filter((file) => file.endsWith('.bench.ts'));
// A name picks the bench of that name (`pipeline`), else every bench it begins (`pipe`).
const picked = (name) =>
  all.includes(`${name}.bench.ts`) ? [`${name}.bench.ts`] : all.filter((file) => file.startsWith(name));
const benches =
  wanted.length === 0 ? all : all.filter((file) => wanted.some((name) => picked(name).includes(file)));

const unknown = wanted.filter((name) => picked(name).length === 0);
if (unknown.length > 0) {
  console.error(
    `no bench named ${unknown.join(', ')}; there are: ${all.map((file) => file.replace('.bench.ts', '')).join(', ')}`,
  );
  process.exit(1);
}

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
  if (result.status !== 0) {
    failed += 1;
    // A bench that ends without its table says why here (13: Node left a top-level await unsettled).
    console.error(
      `${file} ended with ${result.signal ? `signal ${result.signal}` : `exit code ${result.status}`}`,
    );
  }
}
process.exit(failed > 0 ? 1 : 0);
