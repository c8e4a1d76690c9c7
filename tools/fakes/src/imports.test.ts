import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The fakes stand in for outside services: they speak HTTP only, so they import their own files and
 * Node's built-ins, never the server's code (a fake that shared the client's types or helpers could
 * agree with it by construction).
 */

const src = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the fakes sources', () => {
  it('import only their own files and node: built-ins', () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(src)) {
      const isTest = file.endsWith('.test.ts');
      const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
      for (const { fileName: specifier } of imports) {
        if (specifier.startsWith('.')) {
          const target = path.resolve(path.dirname(file), specifier);
          if (!target.startsWith(`${src}${path.sep}`))
            wrong.push(`${path.relative(src, file)} -> ${specifier}`);
        } else if (
          !specifier.startsWith('node:') &&
          !(isTest && ['vitest', 'typescript'].includes(specifier))
        ) {
          wrong.push(`${path.relative(src, file)} -> ${specifier}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
