/**
 * The store boundary: everything outside src/store asks the store through its interface
 * (src/store/shop-store.ts and its area files), so a second backend is a second implementation
 * of it, not a rewrite. SQLite (better-sqlite3 and a store's `.sqlite` connection) is used only by
 * the SQLite implementation under src/store/sqlite/, and by the few files named below for the
 * reason given.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

const sourceFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .map((f) => f.replace(/\\/g, '/'))
  .sort();

const textOf = (file: string) => readFileSync(join(SRC, file), 'utf8');

/** Every relative import (static, type-only, re-export or dynamic) of a file, as src-relative .ts paths. */
function importsOf(file: string): string[] {
  const specifiers = [...textOf(file).matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((s) => relative(SRC, resolve(dirname(join(SRC, file)), s.replace(/\.js$/, '.ts'))).replace(/\\/g, '/'));
}

/** Files outside src/store/sqlite/ that may use SQLite, and why. */
const SQLITE_ELSEWHERE: Record<string, string> = {
  'cli/sale/outbox-store.ts': "the terminal's outbox is a SQLite file of its own, not the store",
  'cli/sale/catalog-copy-store.ts': "the terminal's offline copy of the catalogue lives in the outbox file",
  'store/postgres/copy-from-sqlite.ts': '`local copy` reads the SQLite store it copies',
  'store/postgres/table-digests.ts': '`local copy` compares the SQLite tables with the copied ones',
};

/** Files outside src/store that may import a backend's own modules, and why. */
const BACKEND_IMPORTS_ELSEWHERE: Record<string, RegExp> = {
  // Demo rows go straight into SQLite tables, in bulk; `demo --database` copies them into an
  // empty PostgreSQL database with its own pool (postgres-demo.ts), before any store is open.
  'cli/commands/server/demo.ts': /^store\/(sqlite\/demo\/demo-file|postgres\/(postgres-demo|connect))\.ts$/,
  // `local migrate` and `local copy` are about PostgreSQL itself.
  'cli/commands/local/migrate.ts': /^store\/postgres\//,
  'cli/commands/local/copy.ts': /^store\/postgres\//,
};

const usesSqlite = (text: string) =>
  /from 'better-sqlite3'|import\('better-sqlite3'\)|\.sqlite\b(?!\.)|\.sqlite\./.test(text.replace(/^\s*(\*|\/\/).*$/gm, ''));

describe('SQLite', () => {
  it('is used only by the SQLite implementation (better-sqlite3, a store connection .sqlite)', () => {
    const users = sourceFiles.filter((f) => !f.startsWith('store/sqlite/') && usesSqlite(textOf(f)));
    expect(users.filter((f) => !(f in SQLITE_ELSEWHERE))).toEqual([]);
  });

  it('is found by the check where it is used (the check itself works)', () => {
    expect(usesSqlite(textOf('store/sqlite/open-db.ts'))).toBe(true);
    expect(usesSqlite("const row = store.sqlite.prepare('select 1').get();")).toBe(true);
    expect(usesSqlite("import Database from 'better-sqlite3';")).toBe(true);
    expect(usesSqlite(' * a comment that names store.sqlite')).toBe(false);
  });
});

describe('the store interface', () => {
  it('is all that services, routes, auth and commands import of src/store: no backend module', () => {
    const crossings = sourceFiles
      .filter((f) => !f.startsWith('store/'))
      .flatMap((f) =>
        importsOf(f)
          .filter((target) => /^store\/(sqlite|postgres)\//.test(target))
          .map((target) => `${f} -> ${target}`),
      )
      .filter((crossing) => {
        const [file, target] = crossing.split(' -> ') as [string, string];
        return !BACKEND_IMPORTS_ELSEWHERE[file]?.test(target);
      });
    expect(crossings).toEqual([]);
  });

  it('imports no backend: the interface files are the same for every one', () => {
    const interfaceFiles = sourceFiles.filter((f) => /^store\/[^/]+\.ts$/.test(f) && f !== 'store/open-shop-store.ts');
    expect(interfaceFiles).toContain('store/shop-store.ts');
    const crossings = interfaceFiles.flatMap((f) =>
      importsOf(f)
        .filter((t) => /^store\/(sqlite|postgres)\//.test(t))
        .map((t) => `${f} -> ${t}`),
    );
    expect(crossings).toEqual([]);
  });
});
