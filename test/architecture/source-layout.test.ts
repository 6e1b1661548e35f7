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

/**
 * The layer a file belongs to: its folder directly under src/ (cli, client, contract, domain,
 * server, store), and within the store each part apart (the interface at store/ itself, the
 * units, their rules, each engine), which must layer too: engines over units over rules.
 */
function layerOf(file: string): string {
  const parts = file.replace(/\\/g, '/').split('/');
  if (parts[0] === 'store' && parts.length > 2) return `store/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : '.';
}

/** Layer -> the layers its files import (a layer's own files aside). */
function folderImports(): Map<string, Set<string>> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = layerOf(file);
    for (const target of importsOf(join(SRC, file))) {
      const to = layerOf(relative(SRC, target));
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** Every cycle of folders, each as the path that closes it. */
function folderCycles(): string[][] {
  const edges = folderImports();
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (folder: string): void => {
    if (state.get(folder) === 'done') return;
    if (state.get(folder) === 'open') {
      found.push([...path.slice(path.indexOf(folder)), folder]);
      return;
    }
    state.set(folder, 'open');
    path.push(folder);
    for (const next of [...(edges.get(folder) ?? [])].sort()) visit(next);
    path.pop();
    state.set(folder, 'done');
  };
  for (const folder of [...edges.keys()].sort()) visit(folder);
  return found;
}

describe('imports of src/', () => {
  it('form no cycle', () => {
    expect(cycles()).toEqual([]);
  });

  it('form no cycle of folders: no folder imports a folder that imports it, directly or through others', () => {
    expect(folderCycles()).toEqual([]);
  });

  it('are read by the folder check (the check itself works)', () => {
    const edges = folderImports();
    expect(edges.get('cli')?.has('client')).toBe(true);
    expect(edges.get('store/units')?.has('domain')).toBe(true);
    expect(edges.get('store/sqlite')?.has('store/units')).toBe(true);
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
