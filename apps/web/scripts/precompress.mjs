// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside each text asset of dist/, at
// the highest levels (done once per build), so the server sends them to browsers that accept them
// (apps/server/src/http/dashboard.ts holds them in memory beside each file) instead of compressing on
// every request or not at all.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(js|css|html|svg|json|txt)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

let files = 0;
let raw = 0;
let brotli = 0;
function walk(folder) {
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) {
      walk(file);
      continue;
    }
    if (!TEXT.test(name) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
    raw += content.length;
    brotli += br.length;
  }
}
walk(dist);
console.log(
  `precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB -> ${(brotli / 1024).toFixed(0)} KB with Brotli`,
);
