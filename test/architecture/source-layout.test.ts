/**
 * The layout of src/: no module imports itself through others (a cycle means two files are one concept
 * split in two, or one of them holds something that belongs in a third), and every file under
 * cli/commands/ is a command.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** Every relative import (static, type-only, re-export or dynamic) of a file, as .ts paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

function cycles(): string[][] {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(SRC, f));
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      found.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)));
      return;
    }
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) visit(file);
  return found;
}

describe('imports of src/', () => {
  it('form no cycle', () => {
    expect(cycles()).toEqual([]);
  });
});

describe('src/cli/commands/', () => {
  it('holds commands only: every file but the registers is the module of one lazyAction', () => {
    const commands = join(SRC, 'cli/commands');
    const modules = readdirSync(commands, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('register.ts'))
      .map((f) => f.replace(/\\/g, '/').slice(0, -3))
      .sort();
    const registers = readdirSync(commands, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('register.ts'));
    const actions = new Set(registers.flatMap((f) => [...readFileSync(join(commands, f), 'utf8').matchAll(/lazyAction\('([\w/-]+)'/g)].map((m) => m[1]!)));
    expect(modules).toEqual([...actions].sort());
  });
});
