/**
 * The command definitions and the embedded server start from code caches in the user's cache
 * directory (ours for the CommonJS files, Node's for the dependencies outside them): the first run writes them, later runs use them, and the answers are the same with,
 * without or despite them.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoHome } from '../helpers/demo-store.js';
import { runCli } from '../helpers/run-cli.js';

// The demo store is built in-process, from the source: it writes no code cache.
const { dir: home, db } = demoHome();
const cacheDir = join(home, 'cache');
const env = { home, extra: { XDG_CACHE_HOME: cacheDir, NODE_DISABLE_COMPILE_CACHE: undefined } };
const list = ['--db', db, 'sale', 'list', '--company', '1', '--format', 'json'];
const cached = () => (existsSync(join(cacheDir, 'shopprop')) ? readdirSync(join(cacheDir, 'shopprop')) : []);
/** The caches of the embedded server (the command definitions have their own). */
const caches = () => cached().filter((name) => name.startsWith('embedded-server.cjs-'));

describe('embedded start-up with a code cache', () => {
  it('answers the same on the run that writes the cache, the runs that use it, and with a corrupt one', async () => {
    expect(cached()).toEqual([]);
    const first = await runCli(list, env);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toHaveLength(50);
    expect(caches()).toHaveLength(1);
    expect(cached().filter((name) => name.startsWith('core.cjs-'))).toHaveLength(1);
    // The command modules' file keeps a cache for the command that ran.
    expect(cached().filter((name) => name.startsWith('commands.cjs-sale.list-'))).toHaveLength(1);
    // Node's own compile cache holds the files left outside the bundles, in a folder named for this Node.
    const nodeCache = cached().filter((name) => name.startsWith(`${process.version}-`));
    expect(nodeCache).toHaveLength(1);
    expect(readdirSync(join(cacheDir, 'shopprop', nodeCache[0]!)).length).toBeGreaterThan(0);

    const again = await runCli(list, env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(first.stdout);
    expect(again.stderr).toBe(first.stderr);

    writeFileSync(join(cacheDir, 'shopprop', caches()[0]!), 'not a cache');
    const corrupt = await runCli(list, env);
    expect(corrupt.code, corrupt.stderr).toBe(0);
    expect(corrupt.stdout).toBe(first.stdout);
    expect(caches()).toHaveLength(1);

    const off = await runCli(list, { home, extra: { XDG_CACHE_HOME: join(home, 'other-cache'), NODE_DISABLE_COMPILE_CACHE: '1' } });
    expect(off.stdout).toBe(first.stdout);
    expect(existsSync(join(home, 'other-cache'))).toBe(false);
  });

  it('prints the same help with a corrupt cache of the command definitions, or none it can write', async () => {
    const expected = await runCli(['--help'], { home, extra: { NODE_DISABLE_COMPILE_CACHE: '1' } });
    await runCli(['--help'], env);
    const core = cached().find((name) => name.startsWith('core.cjs-'))!;
    writeFileSync(join(cacheDir, 'shopprop', core), Buffer.alloc(4096, 1));
    const corrupt = await runCli(['--help'], env);
    expect(corrupt).toEqual(expected);
    expect(await runCli(['--help'], env)).toEqual(expected);

    writeFileSync(join(home, 'a-file'), '');
    const unwritable = await runCli(['--help'], { home, extra: { XDG_CACHE_HOME: join(home, 'a-file') } });
    expect(unwritable).toEqual(expected);
  });

  it('runs a command whose server side loads pdfkit (a statement PDF) from the cached server', async () => {
    const statements = await runCli(['--db', db, 'statements', '--landlord', '1', '--status', 'ALL', '--format', 'json'], env);
    expect(statements.code, statements.stderr).toBe(0);
    const [statement] = JSON.parse(statements.stdout) as Array<{ id: number }>;
    const pdf = join(home, 'statement.pdf');
    const saved = await runCli(['--db', db, 'statement-pdf', String(statement!.id), '--download', pdf], env);
    expect(saved.code, saved.stderr).toBe(0);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
