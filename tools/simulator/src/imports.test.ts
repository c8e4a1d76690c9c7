import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The simulator is a tool outside the server: it reaches ingestion only through the public endpoints
 * (over HTTP, or through an in-process app's `inject`), so it imports its own files and the packages
 * its package.json declares, never the server's code; and its files import each other without a cycle.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((ref) => ref.fileName);
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const files = sourceFiles(src);
const relative = (file: string) => path.relative(src, file);

describe('the simulator sources', () => {
  it('import only their own files and declared packages, never the server', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const isTest = file.endsWith('.test.ts');
      const allowed = { ...manifest.dependencies, ...(isTest ? manifest.devDependencies : {}) };
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith('.')) {
          const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'));
          if (!target.startsWith(`${src}${path.sep}`)) wrong.push(`${relative(file)} -> ${specifier}`);
        } else if (
          !specifier.startsWith('node:') &&
          !(isTest && ['vitest', 'typescript'].includes(specifier))
        ) {
          if (!(packageName(specifier) in allowed)) wrong.push(`${relative(file)} -> ${specifier}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('import each other without a cycle', () => {
    const graph = new Map(
      files.map((file) => [
        file,
        importsOf(file)
          .filter((specifier) => specifier.startsWith('.'))
          .map((specifier) => path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'))),
      ]),
    );
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].map(relative).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
