// Builds src/sensor.ts into dist/sensor.js: one minified IIFE with no imports, in ES2018 (Chrome 64,
// Safari 12, Firefox 58 and later). The Chromium test builds through the same function: it tests what ships.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/** @param {{ write?: boolean }} [options] */
export function buildSensor(options = {}) {
  return build({
    entryPoints: [path.join(here, 'src/sensor.ts')],
    outfile: path.join(here, 'dist/sensor.js'),
    bundle: false,
    format: 'iife',
    minify: true,
    target: 'es2018',
    legalComments: 'none',
    write: options.write ?? true,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildSensor();
